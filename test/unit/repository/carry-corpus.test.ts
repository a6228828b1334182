/**
 * Typing in a real repository's generated catalog, carried into its template through the edit
 * session (as the worker composes it): one undo step; the template changes where the typing did.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { openRepository } from '../../../src/core/repository';
import { templateEdits } from '../../../src/core/repository/template-edits';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { EditSession } from '../../../src/core/service/edit-session';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('carrying typing into real templates'));

async function open(repo: string, id: string) {
  const root = sharedPath(`corpus/fbc/${repo}`);
  const service = new CatalogService();
  const { repository } = await openRepository(service, new NodeFsSource(root), {
    kind: 'files',
    readOnly: true,
  });
  const session = service.session(id)!;
  // As the worker composes a repository catalog's edits (src/core/repository/template-edits.ts).
  const routed = (await templateEdits(service, repository, id, async (p) =>
    readFileSync(`${root}/${p}`, 'utf8'),
  ))!;
  const link = routed.link!;
  const templateText = readFileSync(`${root}/${link.repoPath}`, 'utf8');
  const edits = new EditSession(routed.target, routed.router);
  return { session, link, route: routed.route, templateText, target: routed.target, edits };
}

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('carry typing into the template', () => {
  it('mtv v4.20 (its own JSON template): the default channel typed in catalog.json becomes one changed line of the template', async () => {
    const { session, link, route, templateText, target, edits } = await open(
      'kubev2v-mtv-fbc',
      'v4.20/catalog',
    );
    expect(link).toMatchObject({ path: '../catalog-template.json', catalogs: ['v4.20/catalog'] });
    expect(route?.catalogFile).toBe('mtv-operator/catalog.json');
    const file = 'mtv-operator/catalog.json';
    const committed = session.getFile(file)!.text;
    const typed = committed.replace('"defaultChannel": "release-v2.12"', '"defaultChannel": "release-v2.11"');
    expect(typed).not.toBe(committed);
    edits.typeText(file, typed);

    const step = edits.carryIntoTemplate();
    expect(step.result.error).toBeUndefined();
    // In sync before the typing, so rendered again — and the render is byte for byte what was typed.
    expect(step.result.warnings).toEqual(['v4.20/catalog-template.json: package mtv-operator changed']);
    const template = target.getFile(link.path)!.text;
    expect(template).toBe(
      templateText.replace('"defaultChannel": "release-v2.12"', '"defaultChannel": "release-v2.11"'),
    );
    // The catalog is the template's render, which is what was typed.
    expect(session.getFile(file)!.text).toBe(typed);
    expect(session.getPackage('mtv-operator')?.defaultChannel).toBe('release-v2.11');

    edits.undo();
    expect(target.getFile(link.path)!.text).toBe(templateText);
    expect(session.getFile(file)!.text).toBe(typed);
  });

  it('submariner catalog-4-21 (one template rendered into eight catalogs, one blob per file): the template changes, the others are named', async () => {
    const { session, link, route, templateText, target, edits } = await open(
      'stolostron-submariner-operator-fbc',
      'catalog-4-21',
    );
    expect(route).toBeUndefined();
    expect(link.catalogs).toHaveLength(8);
    const pkg = session.listFiles().find((f) => f.path === 'package.yaml')!;
    const text = session.getFile(pkg.path)!.text;
    const current = /defaultChannel: (\S+)/.exec(text)![1]!;
    const other = session
      .getPackage('submariner')!
      .channels.map((c) => c.name)
      .find((c) => c !== current)!;
    edits.typeText(pkg.path, text.replace(`defaultChannel: ${current}`, `defaultChannel: ${other}`));

    const step = edits.carryIntoTemplate();
    expect(step.result.error).toBeUndefined();
    expect(step.result.warnings).toEqual([
      'catalog-template.yaml: package submariner changed',
      'catalog-template.yaml also renders 7 other catalogs: they change at their next render',
    ]);
    const template = target.getFile(link.path)!.text;
    const changed = template.split('\n').filter((l, i) => l !== templateText.split('\n')[i]);
    expect(changed).toEqual([`  - defaultChannel: ${other}`]);
    expect(step.changes.map((c) => c.path)).toEqual(['../catalog-template.yaml']);
  });

  it('submariner: an action made on the catalog (its template renders eight) is carried the same way', async () => {
    const { session, link, templateText, target, edits } = await open(
      'stolostron-submariner-operator-fbc',
      'catalog-4-20',
    );
    const pkg = session.getPackage('submariner')!;
    const other = pkg.channels.map((c) => c.name).find((c) => c !== pkg.defaultChannel)!;
    const action = edits.perform('setDefaultChannel', { package: 'submariner', channel: other });
    expect(action.result.error).toBeUndefined();
    expect(action.changes.map((c) => c.path)).toEqual(['package.yaml']);
    const step = edits.carryIntoTemplate();
    expect(step.result.error).toBeUndefined();
    const template = target.getFile(link.path)!.text;
    expect(template.split('\n').filter((l, i) => l !== templateText.split('\n')[i])).toEqual([
      `  - defaultChannel: ${other}`,
    ]);
    expect(edits.state().undoLabel).toBe('Carry edits into the template');
  });

  it('kueue (semver template): refused with the reason', async () => {
    const { session, edits } = await open('openshift-kueue-fbc', 'v4.23/catalog');
    const file = 'kueue-operator/catalog.json';
    const text = session.getFile(file)!.text;
    edits.typeText(file, text.replace('"defaultChannel": "stable-v1.4"', '"defaultChannel": "stable-v1.3"'));
    expect(session.getFile(file)!.text).not.toBe(text);
    const step = edits.carryIntoTemplate();
    expect(step.result.error).toMatch(
      /^v4\.23\/catalog-template\.yaml is an olm\.semver template: only a basic template lists the blobs typed here/,
    );
    expect(step.changes).toEqual([]);
  });
});

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('carry typing into a graph.yaml opm cannot render', () => {
  it('trustification v4.22 (channels first, the template third): refused with what opm reads', async () => {
    const { session, link, edits } = await open('trustification-rhtpa-operator-fbc', 'v4.22/catalog');
    expect(link.path).toBe('../graph.yaml');
    const file = 'rhtpa-operator/catalog.json';
    const text = session.getFile(file)!.text;
    edits.typeText(file, text.replace('"defaultChannel": "stable-v3"', '"defaultChannel": "stable-v1.1"'));
    expect(session.getFile(file)!.text).not.toBe(text);
    const step = edits.carryIntoTemplate();
    expect(step.result.error).toBe(
      'v4.22/graph.yaml does not render: opm reads only its first document, whose schema is olm.channel',
    );
    expect(step.changes).toEqual([]);
  });
});
