/**
 * The repository configuration read as a maintainer writes it: each mistake is one finding at its
 * line and column, with the words the user reads; the pins reach the discovered catalogs; accepted
 * entries match by rule and scope; mirrors map a digest reference as an ImageDigestMirrorSet does.
 */
import { describe, expect, it } from 'vitest';
import {
  acceptanceOf,
  catalogOfFile,
  mirroredImages,
  parseRepoConfig,
  type RepoConfig,
} from '../../../src/core/repo-config';
import { discoverWorkspace } from '../../../src/core/workspace/discover';
import { MemorySource } from '../../../src/core/source/memory';
import { catalogJson } from '../workspace/fixtures';

const FILE = '.fbc-studio.yaml';

/** Each finding as `line:column rule message`. */
function findingsOf(text: string): string[] {
  return parseRepoConfig(FILE, text).findings.map(
    (f) => `${f.location?.start.line}:${f.location?.start.column} ${f.rule} ${f.message}`,
  );
}

describe('repository configuration: each invalid field is one finding at its place', () => {
  it('reads a complete file without findings', () => {
    const c = parseRepoConfig(
      FILE,
      [
        'apiVersion: fbc-studio/v1',
        'catalogs:',
        '  - path: catalogs/v10.16',
        '    ocpVersion: "4.16"',
        '    migrateLevel: none',
        'mirrors:',
        '  - source: quay.io/redhat-user-workloads/team',
        '    mirrors: [registry.redhat.io/team]',
        'accepted:',
        '  - rule: skew-bundle-dropped',
        '    package: foo',
        '    reason: support window ends',
      ].join('\n'),
    );
    expect(c.findings).toEqual([]);
    expect(c.catalogs).toEqual([{ path: 'catalogs/v10.16', ocpVersion: '4.16', migrateLevel: 'none' }]);
    expect(c.mirrors).toEqual([
      { source: 'quay.io/redhat-user-workloads/team', mirrors: ['registry.redhat.io/team'] },
    ]);
    expect(c.accepted).toMatchObject([
      { rule: 'skew-bundle-dropped', package: 'foo', reason: 'support window ends' },
    ]);
    expect(c.accepted[0]?.location.start.line).toBe(10);
  });

  it('unknown keys, at the key, top level and nested', () => {
    expect(
      findingsOf(
        'apiVersion: fbc-studio/v1\npolicies: konflux\naccepted:\n  - rule: skew-head-backwards\n    reasons: x\n',
      ),
    ).toEqual([
      '2:1 config-unknown-key unknown key "policies" (allowed: apiVersion, catalogs, mirrors, accepted, policy)',
      '4:5 config-missing-reason accepted[0] has no reason: say why the finding is intended (the entry is not applied)',
      '5:5 config-unknown-key unknown key "reasons" in accepted[0] (allowed: rule, catalog, package, channel, bundle, reason)',
    ]);
  });

  it('policy: one of the packs, else a finding at the value', () => {
    expect(findingsOf('apiVersion: fbc-studio/v1\npolicy: konflux\n')).toEqual([]);
    expect(parseRepoConfig(FILE, 'apiVersion: fbc-studio/v1\npolicy: community\n').policy).toBe('community');
    expect(findingsOf('apiVersion: fbc-studio/v1\npolicy: konflx\n')).toEqual([
      '2:9 config-wrong-type policy must be one of konflux, community, none, not "konflx"',
    ]);
  });

  it('wrong types and values: apiVersion, a list, a version YAML read as a number, a migrate level', () => {
    expect(
      findingsOf(
        [
          'apiVersion: fbc-studio/v2',
          'mirrors: quay.io',
          'catalogs:',
          '  - path: v10.10',
          '    ocpVersion: 4.10',
          '  - path: v10.17',
          '    ocpVersion: "4.17.1"',
          '    migrateLevel: csv',
          '  - ocpVersion: "4.18"',
        ].join('\n'),
      ),
    ).toEqual([
      '1:13 config-wrong-type apiVersion must be fbc-studio/v1, not "fbc-studio/v2"',
      '2:10 config-wrong-type mirrors must be a list, not the string "quay.io"',
      '5:17 config-wrong-type catalogs[0].ocpVersion must be a string such as "4.16", not the number 4.1 (quote it: YAML reads 4.10 as 4.1)',
      '7:17 config-wrong-type catalogs[1].ocpVersion must be an OpenShift version MAJOR.MINOR such as "4.16", not "4.17.1"',
      '8:19 config-wrong-type catalogs[1].migrateLevel must be one of none, bundle-object-to-csv-metadata, not "csv"',
      '9:5 config-wrong-type catalogs[2] has no path: it is required',
    ]);
  });

  it('accepted entries: a rule the catalogue does not have, an opm rule, an empty reason', () => {
    const text = [
      'apiVersion: fbc-studio/v1',
      'accepted:',
      '  - rule: skew-bundle-droped',
      '    reason: typo',
      '  - rule: R34',
      '    reason: we know',
      '  - rule: skew-bundle-dropped',
      '    reason: ""',
    ].join('\n');
    expect(findingsOf(text)).toEqual([
      '3:11 config-unknown-rule accepted[0].rule: no rule "skew-bundle-droped" in the rule catalogue (fbc-studio rules lists them)',
      "5:11 config-accepts-opm-rule accepted[1].rule: R34 is a check of opm validate, which is never accepted: its findings stay errors and opm's verdict stands",
      '8:13 config-missing-reason accepted[2] has no reason: say why the finding is intended (the entry is not applied)',
    ]);
    // None of them is applied.
    expect(parseRepoConfig(FILE, text).accepted).toEqual([]);
  });

  it('a file that does not parse, or is not a mapping, is a finding, never a throw', () => {
    expect(findingsOf('apiVersion: [fbc-studio/v1\n')[0]).toMatch(
      /^\d+:\d+ config-syntax \.fbc-studio\.yaml does not parse: /,
    );
    expect(findingsOf('- a\n- b\n')).toEqual([
      '1:1 config-syntax .fbc-studio.yaml must be a mapping of keys (apiVersion, catalogs, mirrors, accepted), not a list',
    ]);
    expect(findingsOf('catalogs: []\n')).toEqual([
      '1:1 config-wrong-type .fbc-studio.yaml has no apiVersion: it is required (apiVersion: fbc-studio/v1)',
    ]);
    expect(findingsOf('')).toEqual([]);
  });
});

describe('hostile files: a finding, never a throw, memory bounded', () => {
  it('an alias bomb, nesting deeper than the parser recurses, a file over the size read', () => {
    const bomb = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++)
      bomb.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    expect(findingsOf(bomb.join('\n'))).toEqual([
      '1:1 config-syntax .fbc-studio.yaml does not parse: Excessive alias count indicates a resource exhaustion attack',
    ]);
    const deep = 'apiVersion: fbc-studio/v1\naccepted: ' + '['.repeat(100_000) + ']'.repeat(100_000);
    expect(findingsOf(deep).map((f) => f.split(' ')[1])).toEqual(['config-syntax']);
    const huge = 'apiVersion: fbc-studio/v1\n#' + 'x'.repeat(2 << 20);
    expect(findingsOf(huge)).toEqual([
      `1:1 config-syntax .fbc-studio.yaml does not parse: it is ${huge.length} characters long, over the 1048576 read`,
    ]);
  });
});

describe('pins reach the discovered catalogs', () => {
  const repo = (config: string) =>
    new MemorySource(
      {
        '.fbc-studio.yaml': config,
        'catalogs/v10.16/catalog.json': catalogJson(),
        'catalogs/v10.17/catalog.json': catalogJson(),
        'v4.18/catalog/foo/catalog.json': catalogJson(),
      },
      'repo',
    );

  it('v10.16 means OpenShift 4.16; a pinned migrate level reaches WorkspaceCatalog.migrateLevel', async () => {
    const d = await discoverWorkspace(
      repo(
        [
          'apiVersion: fbc-studio/v1',
          'catalogs:',
          '  - path: catalogs/v10.16',
          '    ocpVersion: "4.16"',
          '  - path: catalogs/v10.17',
          '    ocpVersion: "4.17"',
          '  - path: "catalogs/*"',
          '    migrateLevel: bundle-object-to-csv-metadata',
        ].join('\n'),
      ),
    );
    expect(d.workspace.catalogs.map((c) => [c.path, c.ocpVersion, c.migrateLevel])).toEqual([
      ['catalogs/v10.16', '4.16', 'bundle-object-to-csv-metadata'],
      ['catalogs/v10.17', '4.17', 'bundle-object-to-csv-metadata'],
      ['v4.18/catalog', '4.18', undefined],
    ]);
    expect(d.workspace.config?.findings).toEqual([]);
    // The configuration is a file of the repository, never a stray or a catalog's.
    expect(d.workspace.other).toContain('.fbc-studio.yaml');
  });

  it('without pins the path decides (v10.16 names no OpenShift version); a broken file is no stray', async () => {
    const d = await discoverWorkspace(repo('apiVersion: [\n'));
    expect(d.workspace.catalogs.map((c) => c.ocpVersion)).toEqual([null, null, '4.18']);
    expect(d.workspace.strays).toEqual([]);
    expect(d.workspace.config?.findings.map((f) => f.rule)).toEqual(['config-syntax']);
  });
});

describe('accepted entries match by rule and scope', () => {
  const config: RepoConfig = parseRepoConfig(
    FILE,
    [
      'apiVersion: fbc-studio/v1',
      'accepted:',
      '  - rule: skew-bundle-dropped',
      '    catalog: "v4.1*/catalog"',
      '    package: foo',
      '    bundle: "foo.v0.*"',
      '    reason: 0.x is supported up to OpenShift 4.17',
      '  - rule: skew-default-channel',
      '    reason: channels renamed in 4.19',
      '  - rule: R34',
      '    reason: not applied',
    ].join('\n'),
  );
  const dropped = { rule: 'skew-bundle-dropped', source: 'fbc-studio', package: 'foo' } as const;

  it('every scope given must match (glob or exact); a scope the finding lacks does not match', () => {
    const accepted = acceptanceOf(config, { ...dropped, bundle: 'foo.v0.1.0' }, 'v4.16/catalog');
    expect(accepted).toEqual({ reason: '0.x is supported up to OpenShift 4.17', by: '.fbc-studio.yaml:3' });
    expect(acceptanceOf(config, { ...dropped, bundle: 'foo.v1.0.0' }, 'v4.16/catalog')).toBeUndefined();
    expect(acceptanceOf(config, { ...dropped, bundle: 'foo.v0.1.0' }, 'v4.20/catalog')).toBeUndefined();
    expect(
      acceptanceOf(config, { ...dropped, bundle: 'foo.v0.1.0', package: 'bar' }, 'v4.16/catalog'),
    ).toBeUndefined();
    expect(acceptanceOf(config, dropped, 'v4.16/catalog')).toBeUndefined();
    expect(acceptanceOf(config, { ...dropped, bundle: 'foo.v0.1.0' }, undefined)).toBeUndefined();
    // No scope: every finding of the rule, anywhere.
    expect(
      acceptanceOf(config, { rule: 'skew-default-channel', source: 'fbc-studio' }, undefined)?.reason,
    ).toBe('channels renamed in 4.19');
  });

  it("never accepts opm's findings, whatever an entry says", () => {
    expect(acceptanceOf(config, { rule: 'R34', source: 'opm', package: 'foo' }, '.')).toBeUndefined();
  });

  it('a repository finding belongs to the catalog its file is in', () => {
    const catalogs = ['v4.16/catalog', 'v4.16/catalog/extra', 'catalogs/foo-v4.18.json', '.'];
    expect(catalogOfFile(catalogs, 'v4.16/catalog/foo/catalog.json')).toBe('v4.16/catalog');
    expect(catalogOfFile(catalogs, 'v4.16/catalog/extra/x.yaml')).toBe('v4.16/catalog/extra');
    expect(catalogOfFile(catalogs, 'catalogs/foo-v4.18.json')).toBe('catalogs/foo-v4.18.json');
    expect(catalogOfFile(catalogs, 'README.md')).toBe('.');
    expect(catalogOfFile(['v4.16/catalog'], 'README.md')).toBeUndefined();
  });
});

describe('mirrors, as an ImageDigestMirrorSet maps a digest reference', () => {
  const mirrors = parseRepoConfig(
    FILE,
    [
      'apiVersion: fbc-studio/v1',
      'mirrors:',
      '  - source: quay.io/redhat-user-workloads/team',
      '    mirrors: [registry.redhat.io/team, registry.stage.redhat.io/team]',
      '  - source: quay.io/acme/foo-bundle',
      '    mirrors: [mirror.local:5000/foo-bundle]',
    ].join('\n'),
  ).mirrors;
  const digest = '@sha256:' + 'a'.repeat(64);

  it('a repository under a source maps to each mirror, in order, with the same digest', () => {
    expect(mirroredImages(`quay.io/redhat-user-workloads/team/op-bundle${digest}`, mirrors)).toEqual([
      `registry.redhat.io/team/op-bundle${digest}`,
      `registry.stage.redhat.io/team/op-bundle${digest}`,
    ]);
    expect(mirroredImages(`quay.io/acme/foo-bundle:v1${digest}`, mirrors)).toEqual([
      `mirror.local:5000/foo-bundle${digest}`,
    ]);
  });

  it('a tag-only reference, a name that only starts like a source, or another registry: none', () => {
    expect(mirroredImages('quay.io/acme/foo-bundle:v1', mirrors)).toEqual([]);
    expect(mirroredImages(`quay.io/acme/foo-bundle-extra${digest}`, mirrors)).toEqual([]);
    expect(mirroredImages(`docker.io/acme/foo-bundle${digest}`, mirrors)).toEqual([]);
  });
});
