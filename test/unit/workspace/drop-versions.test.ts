/**
 * A repository whose pipeline prunes its one basic template per OpenShift version by a
 * drop-versions map before rendering (stolostron's layout): each catalog is judged against the
 * pruned render, so the pruning is not drift, and a hand edit still is.
 */
import { describe, expect, it } from 'vitest';
import { workspaceFindings, writeTree } from '../../support/cli-run';
import { routeOf } from '../../support/template-route';
import { performViaTemplate } from '../../../src/core/repository/template-route';
import { pruneTemplate, readDropVersions } from '../../../src/core/workspace/drop-versions';
import { PRUNED_TEMPLATE, prunedRepositoryFiles } from '../../support/drop-versions-repository';

describe('the drop-versions map', () => {
  it('reads the JSON and the YAML form, OpenShift versions as written (4.20, not 4.2)', () => {
    expect(readDropVersions('{"4.16": "0.16", "4.20": "0.20"}')).toEqual(
      new Map([
        ['4.16', '0.16'],
        ['4.20', '0.20'],
      ]),
    );
    expect(
      readDropVersions('4.14:\n  version: v1\n  drop: 0.0\n4.20:\n  version: v3\n  drop: 3.14\n'),
    ).toEqual(
      new Map([
        ['4.14', '0.0'],
        ['4.20', '3.14'],
      ]),
    );
    expect(readDropVersions('[1, 2]')).toBeUndefined();
    expect(readDropVersions('{"latest": "x"}')).toBeUndefined();
  });
});

const TEMPLATE = PRUNED_TEMPLATE;

describe('pruning a basic template as the pipeline does', () => {
  it('drops the channels named for streams up to the cutoff, their entries elsewhere, and their bundles', () => {
    const pruned = JSON.parse(pruneTemplate(JSON.stringify(TEMPLATE), '0.1') as string) as typeof TEMPLATE;
    expect(pruned.entries.map((e) => `${e.schema} ${e.name}`)).toEqual([
      'olm.package foo',
      'olm.channel stable-0.2',
      'olm.channel stable',
      'olm.bundle foo.v0.2.0',
    ]);
    // The prerelease of 0.1 goes with its stream; the entry that replaced it keeps its edge.
    expect(pruned.entries[1]).toEqual({
      ...TEMPLATE.entries[2],
      entries: [{ name: 'foo.v0.2.0', replaces: 'foo.v0.1.1-0.1725.p', skipRange: '>=0.1.0 <0.2.0' }],
    });
  });

  it('keeps everything at a cutoff below every stream, and reads only basic templates', () => {
    expect(JSON.parse(pruneTemplate(JSON.stringify(TEMPLATE), '0.0') as string)).toEqual(TEMPLATE);
    expect(pruneTemplate('schema: olm.semver\n', '0.1')).toBeUndefined();
    expect(pruneTemplate('schema: [', '0.1')).toBeUndefined();
  });
});

/** The repository, written: see prunedRepositoryFiles. */
function repository(files: Record<string, string>): string {
  return writeTree(prunedRepositoryFiles(files));
}

async function drift(root: string): Promise<string[]> {
  return (await workspaceFindings(root, ['template-drift'])).map((f) => f.message);
}

describe('workspace on a repository that prunes its template per OpenShift version', () => {
  it('with its drop-versions map: no drift', async () => {
    expect(await drift(repository({ 'drop-versions.json': '{"4.16": "0.0", "4.17": "0.1"}\n' }))).toEqual([]);
  });

  it('bundles the map drops from the newer version are not reported as dropped; without it they are', async () => {
    const dropped = async (root: string) =>
      (await workspaceFindings(root, ['skew-bundle-dropped'])).map((f) => f.message.split(':')[0]);
    expect(await dropped(repository({ 'drop-versions.json': '{"4.16": "0.0", "4.17": "0.1"}\n' }))).toEqual(
      [],
    );
    expect(await dropped(repository({}))).toEqual([
      'bundle foo.v0.1.0 is in the OpenShift 4.16 catalog but not in 4.17, which has no channel stable-0.1',
      'bundle foo.v0.1.1-0.1725.p is in the OpenShift 4.16 catalog but not in 4.17, which has no channel stable-0.1',
    ]);
  });

  it('without the map the pruned catalog is drift (what the map explains)', async () => {
    const found = await drift(repository({}));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('catalog-4-17 is not what catalog-template.yaml renders');
    expect(found[0]).toContain('channel stable-0.1 added by the render');
  });

  it('a catalog the map does not explain is drift, said with the pruning it was judged by', async () => {
    const found = await drift(
      repository({
        'drop-versions.yaml': '4.16:\n  drop: 0.0\n4.17:\n  drop: 0.0\n',
      }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(
      'catalog-4-17 is not what catalog-template.yaml renders at migrate level bundle-object-to-csv-metadata ' +
        '(OpenShift 4.17 ≥ 4.17, where the pipelines require it), ' +
        'pruned as drop-versions.yaml says for OpenShift 4.17: Y-streams up to 0.0 dropped:',
    );
  });
});

describe('an action on a catalog its pipeline renders from a pruned template', () => {
  it('renders it again pruned: the streams the map drops stay out', async () => {
    const root = repository({ 'drop-versions.json': '{"4.16": "0.0", "4.17": "0.1"}\n' });
    const { route, target } = await routeOf(root, 'catalog-4-17');
    const r = performViaTemplate(target, route, 'setDefaultChannel', { package: 'foo', channel: 'stable' });
    expect(r.error).toBeUndefined();
    const after = r.changes.find((c) => c.path === route.catalogFile)?.after ?? '';
    expect(after).toContain('"defaultChannel": "stable"');
    // Unpruned, the render would bring back channel stable-0.1 and bundles foo.v0.1.0, foo.v0.1.1-0.1725.p.
    expect(after).not.toContain('stable-0.1');
    expect(after).not.toContain('foo.v0.1.0');
  });
});
