/** Discovery on small in-memory repositories, one per layout rule. */
import { describe, expect, it } from 'vitest';
import { checkCatalog } from '../../../src/core/api';
import { MemorySource } from '../../../src/core/source/memory';
import {
  checkDiscoveredCatalog,
  checkWorkspace,
  discoverWorkspace,
  subSource,
  type Discovery,
} from '../../../src/core/workspace';
import {
  basicTemplate,
  catalogJson,
  catalogSplit,
  CATSRC,
  image,
  LICENSE,
  RENOVATE,
  repo,
  semverTemplate,
  TEKTON,
} from './fixtures';

function catalogsOf(d: Discovery): [string, string | null][] {
  return d.workspace.catalogs.map((c) => [c.path, c.ocpVersion]);
}

function linksOf(d: Discovery): [string, string, string[]][] {
  return d.workspace.templates.map((t) => [t.path, t.schema, t.catalogs]);
}

/** The line where the blob whose name (or schema) is `key` starts in a catalogJson() text. */
function blobLine(text: string, key: string): number {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l === `  "name": "${key}",` || l === `  "schema": "${key}",`);
  let start = at;
  while (start > 0 && lines[start] !== '{') start--;
  return start + 1;
}

function errorsOf(d: Discovery): string[] {
  return d.catalogs.flatMap((c) =>
    checkDiscoveredCatalog(d, c)
      .result.diagnostics.filter((x) => x.severity === 'error')
      .map((x) => `${c.path}: ${x.message}`),
  );
}

describe('a folder that is itself a catalog', () => {
  const files = {
    'foo/catalog.json': catalogJson(),
    'bar/catalog.yaml': 'schema: olm.package\nname: bar\n',
    'notes.json': '{"schema": "acme.custom", "note": "custom schemas are catalog content"}',
  };

  it('is one catalog "." holding every file, with nothing else listed', async () => {
    const d = await discoverWorkspace(new MemorySource(files));
    expect(d.workspace.single).toBe(true);
    expect(catalogsOf(d)).toEqual([['.', null]]);
    expect(d.catalogs[0]?.files).toEqual(['bar/catalog.yaml', 'foo/catalog.json', 'notes.json']);
    expect(d.workspace.other).toEqual([]);
  });

  it('validates exactly as loading the folder does today (same verdict, message, findings, locations)', async () => {
    const src = new MemorySource(files);
    const d = await discoverWorkspace(src);
    const now = checkDiscoveredCatalog(d, d.catalogs[0]!);
    const today = await checkCatalog(src);
    expect(now.result.passed).toBe(today.result.passed);
    expect(now.result.opmMessage).toBe(today.result.opmMessage);
    expect(now.result.diagnostics).toEqual(today.result.diagnostics);
    expect([...now.load.files.keys()]).toEqual([...today.load.files.keys()]);
  });

  it('stays one catalog when nothing in it parses (opm reports the broken files)', async () => {
    const src = new MemorySource({ 'catalog.json': '{"schema": "olm.package", ', 'index.yaml': 'a: [' });
    const d = await discoverWorkspace(src);
    expect(d.workspace.single).toBe(true);
    const today = await checkCatalog(src);
    expect(checkDiscoveredCatalog(d, d.catalogs[0]!).result.opmMessage).toBe(today.result.opmMessage);
    expect(today.result.passed).toBe(false);
  });

  it('keeps a broken file inside the catalog that holds it, where opm reports it', async () => {
    const d = await discoverWorkspace(
      repo({
        LICENSE: LICENSE,
        'v4.16/catalog/foo/catalog.json': catalogJson(),
        'v4.16/catalog/foo/extra.json': '{"a": ',
      }),
    );
    expect(catalogsOf(d)).toEqual([['v4.16/catalog', '4.16']]);
    expect(errorsOf(d)).toHaveLength(1);
    expect(errorsOf(d)[0]).toMatch(/^v4.16\/catalog: /);
  });
});

describe('catalog roots by layout', () => {
  it('vX.Y/catalog with a template beside it (Konflux: kueue, trustee, mtv)', async () => {
    const d = await discoverWorkspace(
      repo({
        LICENSE,
        'catsrc.yaml': CATSRC,
        '.tekton/fbc-on-push.yaml': TEKTON,
        'renovate.json': RENOVATE,
        'v4.18/catalog-template.yaml': semverTemplate({ versions: ['0.1.0'] }),
        'v4.18/catalog/foo/catalog.json': catalogJson({ versions: ['0.1.0'] }),
        'v4.19/catalog-template.yaml': semverTemplate(),
        'v4.19/catalog/foo/catalog.json': catalogJson(),
        'v4.20/catalog-template.yaml': semverTemplate(),
      }),
    );
    expect(catalogsOf(d)).toEqual([
      ['v4.18/catalog', '4.18'],
      ['v4.19/catalog', '4.19'],
    ]);
    expect(linksOf(d)).toEqual([
      ['v4.18/catalog-template.yaml', 'olm.semver', ['v4.18/catalog']],
      ['v4.19/catalog-template.yaml', 'olm.semver', ['v4.19/catalog']],
      ['v4.20/catalog-template.yaml', 'olm.semver', []],
    ]);
    expect(d.workspace.other).toEqual([
      '.tekton/fbc-on-push.yaml',
      'LICENSE',
      'catsrc.yaml',
      'renovate.json',
    ]);
    expect(errorsOf(d)).toEqual([]);
  });

  it('a version folder holding only catalog/ is still cut at catalog/', async () => {
    const d = await discoverWorkspace(
      repo({
        'v4.14/catalog/foo/catalog.json': catalogJson(),
        'v4.15/catalog/foo/catalog.json': catalogJson(),
      }),
    );
    expect(catalogsOf(d)).toEqual([
      ['v4.14/catalog', '4.14'],
      ['v4.15/catalog', '4.15'],
    ]);
  });

  it('catalogs/vX.Y/<package> (community-operators): the version folder is the catalog', async () => {
    const d = await discoverWorkspace(
      repo({
        LICENSE,
        'catalogs/v4.16/foo/catalog.yaml': catalogJson(),
        'catalogs/v4.16/bar/catalog.yaml': catalogJson({ pkg: 'bar' }),
        'catalogs/v4.17/foo/catalog.yaml': catalogJson(),
      }),
    );
    expect(catalogsOf(d)).toEqual([
      ['catalogs/v4.16', '4.16'],
      ['catalogs/v4.17', '4.17'],
    ]);
    expect(d.workspace.catalogs[0]?.files).toEqual([
      'catalogs/v4.16/bar/catalog.yaml',
      'catalogs/v4.16/foo/catalog.yaml',
    ]);
  });

  it('catalog/vX.Y and catalog/<name>-vX.Y', async () => {
    const d = await discoverWorkspace(
      repo({
        'README.md': '# my operator\n',
        'catalog/v4.16/foo/catalog.json': catalogJson(),
        'catalog/v4.17/foo/catalog.json': catalogJson(),
        'other/catalog/foo-v4.18/catalog.json': catalogJson(),
        'other/catalog/foo-v4.19/catalog.json': catalogJson(),
      }),
    );
    expect(catalogsOf(d)).toEqual([
      ['catalog/v4.16', '4.16'],
      ['catalog/v4.17', '4.17'],
      ['other/catalog/foo-v4.18', '4.18'],
      ['other/catalog/foo-v4.19', '4.19'],
    ]);
  });

  it('catalog-4-16 one blob per file, one template at the top rendered into every version (stolostron)', async () => {
    const d = await discoverWorkspace(
      repo({
        LICENSE,
        'catalog-template.yaml': basicTemplate({ versions: ['0.1.0', '0.2.0', '0.3.0'] }),
        'drop-versions.json': '{"4.16": "0.1", "4.17": "0.2"}\n',
        ...catalogSplit('catalog-4-16', { versions: ['0.1.0', '0.2.0', '0.3.0'] }),
        ...catalogSplit('catalog-4-17', { versions: ['0.2.0', '0.3.0'] }),
      }),
    );
    expect(catalogsOf(d)).toEqual([
      ['catalog-4-16', '4.16'],
      ['catalog-4-17', '4.17'],
    ]);
    expect(d.workspace.templates.map((t) => [t.path, t.catalogs, t.link])).toEqual([
      ['catalog-template.yaml', ['catalog-4-16', 'catalog-4-17'], 'shared-folder'],
    ]);
    expect(d.workspace.other).toEqual(['LICENSE', 'drop-versions.json']);
    expect(errorsOf(d)).toEqual([]);
  });

  it('a version-less catalog folder beside other content (koku: catalog/, catalog-old/)', async () => {
    const d = await discoverWorkspace(
      repo({
        LICENSE,
        'catalog/foo/catalog.yaml': catalogJson(),
        'catalog-old/foo/catalog.yaml': catalogJson(),
        'releases/1.0/release.yaml': 'apiVersion: appstudio.redhat.com/v1alpha1\nkind: Release\n',
      }),
    );
    expect(catalogsOf(d)).toEqual([
      ['catalog', null],
      ['catalog-old', null],
    ]);
  });

  it('files in one folder that each declare the same package are each a catalog', async () => {
    const d = await discoverWorkspace(
      repo({
        LICENSE,
        'testdata/initial.yaml': catalogJson(),
        'testdata/updated.yaml': catalogJson({ versions: ['0.3.0'] }),
      }),
    );
    expect(catalogsOf(d)).toEqual([
      ['testdata/initial.yaml', null],
      ['testdata/updated.yaml', null],
    ]);
    expect(errorsOf(d)).toEqual([]);
    const one = d.catalogs[0]!;
    const alone = await checkCatalog(subSource(repo({ 'initial.yaml': catalogJson() }), '.'));
    expect(checkDiscoveredCatalog(d, one).result.diagnostics).toEqual(alone.result.diagnostics);
  });

  it('.indexignore inside a catalog: ignored files stay out of it, as with opm', async () => {
    const d = await discoverWorkspace(
      repo({
        LICENSE,
        'testdata/catalogs/test-catalog/.indexignore': '/expected_all.json\n',
        'testdata/catalogs/test-catalog/catalog.yaml': catalogJson(),
        'testdata/catalogs/test-catalog/expected_all.json': catalogJson(),
      }),
    );
    expect(catalogsOf(d)).toEqual([['testdata/catalogs/test-catalog', null]]);
    expect(d.workspace.catalogs[0]?.files).toEqual(['testdata/catalogs/test-catalog/catalog.yaml']);
    expect(errorsOf(d)).toEqual([]);
  });

  it('a broken catalog-looking file outside every catalog is a finding, not hidden in "other"', async () => {
    const d = await discoverWorkspace(
      repo({ 'v4.16/catalog/foo/catalog.json': catalogJson(), 'v4.17/broken.json': '{"schema": ' }),
    );
    expect(d.workspace.strays.map((s) => s.path)).toEqual(['v4.17/broken.json']);
    const { findings } = checkWorkspace(d);
    expect(findings.map((f) => [f.rule, f.location?.file])).toEqual([
      ['unparsed-outside-catalog', 'v4.17/broken.json'],
    ]);
  });
});

describe('files that are not FBC', () => {
  const PRE_COMMIT = 'repos:\n  - repo: x\n    hooks:\n      - id: a\n        args: [--a,\n      --b]\n';

  it('an unparseable file outside every catalog that names no schema (CI configuration) is other, not a finding', async () => {
    const d = await discoverWorkspace(
      repo({
        'v4.16/catalog/foo/catalog.json': catalogJson(),
        '.pre-commit-config.yaml': PRE_COMMIT,
        'v4.17/broken.json': '{"schema": ',
      }),
    );
    expect(d.workspace.other).toEqual(['.pre-commit-config.yaml']);
    expect(checkWorkspace(d).findings.map((f) => [f.rule, f.location?.file])).toEqual([
      ['unparsed-outside-catalog', 'v4.17/broken.json'],
    ]);
  });

  it('a folder of CI, editor and payload files, and templates, is no catalog', async () => {
    const d = await discoverWorkspace(
      repo({
        LICENSE,
        '.tekton/push.yaml': TEKTON,
        '.pre-commit-config.yaml': PRE_COMMIT,
        'renovate.json': RENOVATE,
        'catsrc.yaml': CATSRC,
        'catalog-template.yaml': basicTemplate(),
      }),
    );
    expect(d.workspace.catalogs).toEqual([]);
    expect(d.workspace.templates.map((t) => t.path)).toEqual(['catalog-template.yaml']);
    expect(checkWorkspace(d).findings).toEqual([]);
  });

  it('a catalog whose .indexignore hides every file is still one catalog: our warning says so', async () => {
    const d = await discoverWorkspace(repo({ '.indexignore': '*.json\n', 'catalog.json': catalogJson() }));
    expect(d.workspace.catalogs.map((c) => c.path)).toEqual(['.']);
    const { result } = checkDiscoveredCatalog(d, d.catalogs[0]!);
    expect([result.passed, result.diagnostics.map((x) => x.rule)]).toEqual([
      true,
      ['indexignore-hides-everything'],
    ]);
  });

  it('a catalog whose every file is broken is still one catalog: opm fails it', async () => {
    const d = await discoverWorkspace(
      repo({ 'catalog.yaml': 'schema: olm.package\nname: [foo\n', '.tekton/push.yaml': TEKTON }),
    );
    expect(d.workspace.catalogs.map((c) => c.path)).toEqual(['.']);
    expect(checkDiscoveredCatalog(d, d.catalogs[0]!).result.passed).toBe(false);
  });
});

describe('templates and what links them', () => {
  it('recognises basic, semver (any key case), substitutes and the pre-schema veneer', async () => {
    const d = await discoverWorkspace(
      repo({
        LICENSE,
        'templates/basic.yaml': basicTemplate(),
        'templates/semver.yaml': semverTemplate(),
        'templates/subst.yaml': `schema: olm.template.substitutes\nentries:\n  - {schema: olm.bundle, image: "${image('0.1.0')}"}\nsubstitutions: []\n`,
        'templates/veneer.yaml': `schema: olm.package\nname: foo\ndefaultChannel: stable\n---\nschema: olm.bundle\nimage: ${image('0.1.0')}\n`,
      }),
    );
    expect(d.workspace.templates.map((t) => [t.path, t.schema, t.veneer])).toEqual([
      ['templates/basic.yaml', 'olm.template.basic', false],
      ['templates/semver.yaml', 'olm.semver', false],
      ['templates/subst.yaml', 'olm.template.substitutes', false],
      ['templates/veneer.yaml', 'olm.template.basic', true],
    ]);
    expect(d.workspace.templates[1]?.images).toEqual([image('0.1.0'), image('0.2.0')]);
    // The veneer is olm.package and olm.bundle blobs, which `opm validate` of this folder reads (and
    // fails): with no narrower catalog, the folder is one catalog, never "no catalog".
    expect(d.workspace.catalogs.map((c) => c.path)).toEqual(['.']);
    expect(d.workspace.single).toBe(true);
  });

  it('templates alone (basic, semver, substitutes) make no catalog: their schemas are not catalog content', async () => {
    const d = await discoverWorkspace(
      repo({ LICENSE, 'templates/basic.yaml': basicTemplate(), 'templates/semver.yaml': semverTemplate() }),
    );
    expect(d.workspace.templates.map((t) => t.path)).toEqual([
      'templates/basic.yaml',
      'templates/semver.yaml',
    ]);
    expect(d.workspace.catalogs).toEqual([]);
  });

  it('ci.yaml fbc.catalog_mapping names the template and the catalogs (community-operators)', async () => {
    const ci = [
      'fbc:',
      '  enabled: true',
      '  catalog_mapping:',
      '    - template_name: old.yaml',
      '      type: olm.template.basic',
      '      catalog_names: [v4.16]',
      '    - template_name: semver.yaml',
      '      type: olm.semver',
      '      catalog_names: ["v4.17", "v4.18"]',
    ].join('\n');
    const d = await discoverWorkspace(
      repo({
        'operators/foo/ci.yaml': ci,
        'operators/foo/catalog-templates/old.yaml': basicTemplate(),
        'operators/foo/catalog-templates/semver.yaml': semverTemplate(),
        'operators/foo/0.2.0/release-config.yaml':
          'catalog_templates:\n  - template_name: semver.yaml\n    channels: [Candidate]\n',
        'catalogs/v4.16/foo/catalog.yaml': catalogJson(),
        'catalogs/v4.17/foo/catalog.yaml': catalogJson(),
        'catalogs/v4.18/foo/catalog.yaml': catalogJson(),
      }),
    );
    expect(d.workspace.templates.map((t) => [t.path, t.catalogs, t.link])).toEqual([
      ['operators/foo/catalog-templates/old.yaml', ['catalogs/v4.16'], 'ci-catalog-mapping'],
      [
        'operators/foo/catalog-templates/semver.yaml',
        ['catalogs/v4.17', 'catalogs/v4.18'],
        'ci-catalog-mapping',
      ],
    ]);
    expect(d.workspace.configs).toEqual([
      {
        path: 'operators/foo/0.2.0/release-config.yaml',
        kind: 'release-config.yaml',
        templates: ['operators/foo/catalog-templates/semver.yaml'],
      },
      {
        path: 'operators/foo/ci.yaml',
        kind: 'ci.yaml',
        templates: [
          'operators/foo/catalog-templates/old.yaml',
          'operators/foo/catalog-templates/semver.yaml',
        ],
      },
    ]);
    expect(d.workspace.other).toEqual(['operators/foo/0.2.0/release-config.yaml', 'operators/foo/ci.yaml']);
  });

  it('otherwise by bundle images: same digest under another registry counts; the tightest template wins', async () => {
    const d = await discoverWorkspace(
      repo({
        'template-v1.yaml': basicTemplate({ versions: ['0.1.0', '0.2.0', '0.3.0'], registry: 'quay.io/dev' }),
        'template-v2.yaml': basicTemplate({ versions: ['0.2.0', '0.3.0'], registry: 'quay.io/dev' }),
        'test/template.yaml': basicTemplate({ versions: ['0.9.0'] }),
        ...catalogSplit('catalog-4-14', {
          versions: ['0.1.0', '0.2.0', '0.3.0'],
          registry: 'registry.example.com/prod',
        }),
        ...catalogSplit('catalog-4-16', {
          versions: ['0.2.0', '0.3.0'],
          registry: 'registry.example.com/prod',
        }),
        ...catalogSplit('catalog-4-17', { versions: ['0.3.0'], registry: 'registry.example.com/prod' }),
      }),
    );
    expect(d.workspace.templates.map((t) => [t.path, t.catalogs, t.link])).toEqual([
      ['template-v1.yaml', ['catalog-4-14'], 'bundle-images'],
      ['template-v2.yaml', ['catalog-4-16', 'catalog-4-17'], 'bundle-images'],
      ['test/template.yaml', [], 'none'],
    ]);
  });

  it('by digest when a tag was rewritten after rendering (templates/z.yaml → catalog/z.yaml)', async () => {
    // The build renders quay.io/dev/foo-bundle-zstream:latest and rewrites it to the product
    // registry: the catalog's tag matches no template image, its digests still match one template.
    const withTag = (text: string, tag: string, at: string) => text.replace(at, tag);
    const d = await discoverWorkspace(
      repo({
        'templates/y.yaml': basicTemplate({ versions: ['0.1.0', '0.2.0'], registry: 'quay.io/dev' }),
        'templates/z.yaml': withTag(
          basicTemplate({ versions: ['0.1.0', '0.2.0', '0.3.0'], registry: 'quay.io/dev' }),
          'quay.io/dev/foo-bundle-zstream:latest',
          image('0.3.0', 'foo', 'quay.io/dev'),
        ),
        'catalog/y.json': catalogJson({
          versions: ['0.1.0', '0.2.0'],
          registry: 'registry.example.com/prod',
        }),
        'catalog/z.json': withTag(
          catalogJson({ versions: ['0.1.0', '0.2.0', '0.3.0'], registry: 'registry.example.com/prod' }),
          'registry.example.com/prod/foo-bundle:latest',
          image('0.3.0', 'foo', 'registry.example.com/prod'),
        ),
      }),
    );
    expect(d.workspace.templates.map((t) => [t.path, t.catalogs, t.link])).toEqual([
      ['templates/y.yaml', ['catalog/y.json'], 'bundle-images'],
      ['templates/z.yaml', ['catalog/z.json'], 'bundle-images'],
    ]);
  });
});

describe('skew across OpenShift versions', () => {
  it('reports dropped bundles, a changed default channel, a head going back, and maxOpenShiftVersion below the catalog', async () => {
    const v416 = catalogJson({
      versions: ['0.1.0', '0.2.0', '0.3.0'],
      props: { '0.1.0': [{ type: 'olm.maxOpenShiftVersion', value: '4.15' }] },
    });
    const v417 = catalogJson({ versions: ['0.1.0', '0.2.0'] });
    const d = await discoverWorkspace(
      repo({
        'v4.16/catalog/foo/catalog.json': v416,
        'v4.17/catalog/foo/catalog.json': v417,
        'v4.18/catalog/foo/catalog.json': catalogJson({ versions: ['0.1.0', '0.2.0'], channel: 'fast' }),
      }),
    );
    const { findings } = checkWorkspace(d);
    expect(
      findings.map((f) => [
        f.rule,
        f.severity,
        f.source,
        f.bundle ?? f.channel ?? '',
        f.location?.file,
        f.location?.start.line,
      ]),
    ).toEqual([
      [
        'skew-max-openshift-version',
        'warning',
        'fbc-studio',
        'foo.v0.1.0',
        'v4.16/catalog/foo/catalog.json',
        blobLine(v416, 'foo.v0.1.0'),
      ],
      [
        'skew-bundle-dropped',
        'warning',
        'fbc-studio',
        'foo.v0.3.0',
        'v4.16/catalog/foo/catalog.json',
        blobLine(v416, 'foo.v0.3.0'),
      ],
      [
        'skew-head-backwards',
        'warning',
        'fbc-studio',
        'stable',
        'v4.17/catalog/foo/catalog.json',
        blobLine(v417, 'olm.channel'),
      ],
      ['skew-default-channel', 'warning', 'fbc-studio', '', 'v4.18/catalog/foo/catalog.json', 1],
    ]);
    expect(findings.map((f) => f.message)).toEqual([
      'bundle foo.v0.1.0 has olm.maxOpenShiftVersion 4.15 but is in the OpenShift 4.16 catalog (v4.16/catalog)',
      'bundle foo.v0.3.0 is in the OpenShift 4.16 catalog but not in 4.17, where no entry of channel stable replaces, skips or covers it: OpenShift 4.16 (v4.16/catalog) → 4.17 (v4.17/catalog)',
      'channel stable head goes back from foo.v0.3.0 to foo.v0.2.0: OpenShift 4.16 (v4.16/catalog) → 4.17 (v4.17/catalog)',
      'default channel changes from stable to fast, and the OpenShift 4.18 catalog has no channel stable: OpenShift 4.17 (v4.17/catalog) → 4.18 (v4.18/catalog)',
    ]);
  });

  /** Package foo's catalog with channels of the given heads' versions (each a one-bundle channel). */
  function channelsCatalog(defaultChannel: string, channels: Record<string, string>): string {
    const blobs: unknown[] = [{ schema: 'olm.package', name: 'foo', defaultChannel }];
    for (const [name, v] of Object.entries(channels)) {
      blobs.push({ schema: 'olm.channel', package: 'foo', name, entries: [{ name: `foo.v${v}` }] });
    }
    for (const v of new Set(Object.values(channels))) {
      blobs.push({
        schema: 'olm.bundle',
        package: 'foo',
        name: `foo.v${v}`,
        image: `quay.io/x/foo-bundle:v${v}`,
        properties: [{ type: 'olm.package', value: { packageName: 'foo', version: v } }],
      });
    }
    return blobs.map((b) => JSON.stringify(b, null, 2)).join('\n') + '\n';
  }

  const defaultChannelFindings = async (files: Record<string, string>) =>
    checkWorkspace(await discoverWorkspace(repo(files)))
      .findings.filter((f) => f.rule === 'skew-default-channel')
      .map((f) => f.message);

  const droppedFindings = async (files: Record<string, string>) =>
    checkWorkspace(await discoverWorkspace(repo(files)))
      .findings.filter((f) => f.rule === 'skew-bundle-dropped')
      .map((f) => f.message);

  it('a dropped bundle that an entry of its channel still replaces, skips or covers is the usual pruning', async () => {
    // 4.17 keeps 0.2.0 and 0.3.0; 0.2.0 still replaces the dropped 0.1.0.
    const replaced = catalogJson({ versions: ['0.1.0', '0.2.0', '0.3.0'] })
      .split(/\n(?=\{)/)
      .filter((blob) => !blob.includes('"name": "foo.v0.1.0",\n  "image"'))
      .join('\n')
      .replace('{\n        "name": "foo.v0.1.0"\n      },\n      ', '');
    expect(replaced).toContain('"replaces": "foo.v0.1.0"');
    expect(
      await droppedFindings({
        'v4.16/catalog/foo/catalog.json': catalogJson({ versions: ['0.1.0', '0.2.0', '0.3.0'] }),
        'v4.17/catalog/foo/catalog.json': replaced,
      }),
    ).toEqual([]);
    // The same by skipRange: 1.0.0 alone, covering every 0.x.
    const ranged = channelsCatalog('stable', { stable: '1.0.0' }).replace(
      '"name": "foo.v1.0.0"\n',
      '"name": "foo.v1.0.0",\n          "skipRange": "<1.0.0"\n',
    );
    expect(ranged).toContain('"skipRange": "<1.0.0"');
    expect(
      await droppedFindings({
        'v4.16/catalog/foo/catalog.json': catalogJson({ versions: ['0.1.0', '0.2.0'] }),
        'v4.17/catalog/foo/catalog.json': ranged,
      }),
    ).toEqual([]);
  });

  it('a dropped bundle whose channel is gone from the newer catalog is said so', async () => {
    expect(
      await droppedFindings({
        'v4.16/catalog/foo/catalog.json': catalogJson({ versions: ['0.1.0'], channel: 'stable-0.1' }),
        'v4.17/catalog/foo/catalog.json': catalogJson({ versions: ['1.0.0'], channel: 'stable-1.0' }),
      }),
    ).toEqual([
      'bundle foo.v0.1.0 is in the OpenShift 4.16 catalog but not in 4.17, which has no channel stable-0.1: OpenShift 4.16 (v4.16/catalog) → 4.17 (v4.17/catalog)',
    ]);
  });

  it('a dropped bundle in several channels: the ones gone and the ones with no update, in one sentence', async () => {
    expect(
      await droppedFindings({
        'v4.16/catalog/foo/catalog.json': channelsCatalog('a', { a: '0.1.0', b: '0.1.0', c: '0.1.0' }),
        'v4.17/catalog/foo/catalog.json': channelsCatalog('c', { c: '1.0.0' }),
      }),
    ).toEqual([
      'bundle foo.v0.1.0 is in the OpenShift 4.16 catalog but not in 4.17, which has none of its channels a, b and ' +
        'where no entry of channel c replaces, skips or covers it: OpenShift 4.16 (v4.16/catalog) → 4.17 (v4.17/catalog)',
    ]);
  });

  it('a new default channel with no head to compare is said plainly', async () => {
    expect(
      await defaultChannelFindings({
        'v4.18/catalog/foo/catalog.json': channelsCatalog('stable', { stable: '1.0.0' }),
        'v4.19/catalog/foo/catalog.json': channelsCatalog('missing', { stable: '1.0.0' }),
      }),
    ).toEqual([
      'default channel changes from stable to missing: OpenShift 4.18 (v4.18/catalog) → 4.19 (v4.19/catalog)',
    ]);
  });

  it('a default channel that moves on to a newer one, the old one kept, is the plan (mtv’s layout)', async () => {
    expect(
      await defaultChannelFindings({
        'v4.18/catalog/foo/catalog.json': channelsCatalog('release-v2.10', {
          'release-v2.9': '2.9.4',
          'release-v2.10': '2.10.3',
        }),
        'v4.19/catalog/foo/catalog.json': channelsCatalog('release-v2.11', {
          'release-v2.10': '2.10.3',
          'release-v2.11': '2.11.1',
        }),
      }),
    ).toEqual([]);
  });

  it('a new default channel whose head is older than the old one’s is said, naming both heads', async () => {
    expect(
      await defaultChannelFindings({
        'v4.18/catalog/foo/catalog.json': channelsCatalog('release-v2.11', {
          'release-v2.10': '2.10.3',
          'release-v2.11': '2.11.1',
        }),
        'v4.19/catalog/foo/catalog.json': channelsCatalog('release-v2.10', {
          'release-v2.10': '2.10.3',
          'release-v2.11': '2.11.1',
        }),
      }),
    ).toEqual([
      'default channel changes from release-v2.11 to release-v2.10, whose head foo.v2.10.3 is older than foo.v2.11.1: OpenShift 4.18 (v4.18/catalog) → 4.19 (v4.19/catalog)',
    ]);
  });

  it('says nothing when consecutive versions agree', async () => {
    const d = await discoverWorkspace(
      repo({
        'v4.16/catalog/foo/catalog.json': catalogJson(),
        'v4.17/catalog/foo/catalog.json': catalogJson({ versions: ['0.1.0', '0.2.0', '0.3.0'] }),
      }),
    );
    expect(checkWorkspace(d).findings).toEqual([]);
  });
});

describe('reading', () => {
  it('reports progress per file (the app shows it while a repository opens) and stops when aborted', async () => {
    const files = {
      LICENSE,
      'v4.16/catalog/foo/catalog.json': catalogJson(),
      'v4.16/catalog/.indexignore': 'x\n',
    };
    const seen: number[] = [];
    await discoverWorkspace(repo(files), { onProgress: (p) => seen.push(p.filesDone * 10 + p.filesTotal) });
    expect(seen.sort()).toEqual([12, 22]);
    const ac = new AbortController();
    ac.abort();
    await expect(discoverWorkspace(repo(files), { signal: ac.signal })).rejects.toThrow();
  });
});
