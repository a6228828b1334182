/**
 * Ports operator-registry alpha/declcfg/load_test.go (commit 5531412d): TestLoadReader,
 * TestWalkMetasFS, TestLoadFS and TestLoadFile, one `it` per upstream case under upstream's name.
 * Upstream's fstest.MapFS folders are re-created in upstream-load-fixtures.ts; where upstream only
 * asks for "an error", the exact text opm gives (load.go, declcfg.go's Meta.UnmarshalJSON, k8s'
 * YAML-or-JSON decoder) is asserted.
 *
 * Our units: LoadReader = `loadFile(path, text)`, LoadFile = the source's bytes through `loadFile`,
 * LoadFS = `loadCatalog(source)`, WalkMetasFS = the blobs `loadCatalog` reads, by schema (opm's
 * Meta walk, before the typed decoding that only LoadFS does: those errors are R9–R13).
 *
 * Left out (no user-visible counterpart):
 * - TestWalkMetasFS and TestLoadFS Error/NilFS: a nil fs.FS is a Go caller's mistake; every source
 *   of ours is a folder, an archive or files.
 * - TestLoadFile Error/NonExistentDir and Error/Invalid: both open the empty path "" (fs.ValidPath
 *   refuses it); no command of ours takes a file name inside a catalog. A folder that does not exist
 *   is TestLoadFS/TestWalkMetasFS Error/NonExistentDir, checked on `validate` below.
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { DeclarativeConfig } from '../../../src/core/declcfg/types';
import { decodeBundleObjects, findCsv, loadCatalog, loadFile } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';
import { runCli, writeTree } from '../../support/cli-run';
import { COCKROACH_SVG, ETCD_CSV_JSON, ETCD_SVG, invalidFS, SHA, validFS } from './upstream-load-fixtures';

/** opm's error for each file of invalidFS, read on its own (exact texts). */
const INVALID_TEXTS: Record<string, string> = {
  'invalid-format.txt': "error converting YAML to JSON: yaml: line 1: did not find expected ',' or ']'",
  'not-object.json':
    'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {} at offset 1 (indicated by <==)\n[ <== ]',
  'no-schema.yaml': `object '{"hello":"world"}\n' is missing root schema field`,
  'invalid-package.json': 'expected value for key "name" to be a string, got map[]: map[]',
  'invalid-bundle.json':
    'parse bundle: json: cannot unmarshal object into Go struct field Bundle.relatedImages of type []declcfg.RelatedImage',
};

const counts = (dc: DeclarativeConfig) => ({
  packages: dc.packages.length,
  channels: dc.channels.length,
  bundles: dc.bundles.length,
  deprecations: dc.deprecations.length,
  others: dc.others.length,
});

const reader = (fsys: Record<string, string>, path: string) => loadFile(path, fsys[path] as string);

async function fileLoad(fsys: Record<string, string>, path: string) {
  return loadFile(path, await new MemorySource(fsys).read(path));
}

/** One upstream error case: exactly one error, opm's text. */
function expectOnlyError(r: { errors: { message: string }[] }, path: string): void {
  expect(r.errors.map((e) => e.message)).toEqual([INVALID_TEXTS[path]]);
}

describe('TestLoadReader', () => {
  it.each([
    ['Error/NotYAMLOrJSON', 'invalid-format.txt'],
    ['Error/NotJSONObject', 'not-object.json'],
    ['Error/NoSchema', 'no-schema.yaml'],
    ['Error/InvalidPackageJSON', 'invalid-package.json'],
    ['Error/InvalidBundleJSON', 'invalid-bundle.json'],
  ])('%s', (_name, path) => {
    expectOnlyError(reader(invalidFS, path), path);
  });

  it('Success/UnrecognizedSchema', () => {
    const r = reader(validFS, 'unrecognized-schema.json');
    expect(r.errors).toEqual([]);
    expect(counts(r.dc)).toMatchObject({ packages: 1, bundles: 1, others: 1 });
  });

  it('Success/ValidFile', () => {
    const r = reader(validFS, 'etcd.yaml');
    expect(r.errors).toEqual([]);
    expect(counts(r.dc)).toMatchObject({ packages: 1, bundles: 6, others: 0 });
  });
});

/** TestWalkMetasFS's and TestLoadFS's Error/NonExistentDir: a folder that is not there fails with the stat error. */
async function nonExistentDir() {
  const dir = join(tmpdir(), 'fbc-upstream-load', 'non/existent/dir/');
  const r = await runCli(['validate', dir]);
  expect(r.code).not.toBe(0);
  expect(r.err).toContain(`stat ${dir}: no such file or directory`);
}

/** WalkMetasFS sees the blobs by schema; its errors are the decoder's and Meta's, not addMeta's. */
const WALK_RULES_OF_ADD_META = new Set(['R9', 'R10', 'R11', 'R12', 'R13', 'R14', 'R15']);

describe('TestWalkMetasFS', () => {
  it('Error/NonExistentDir', nonExistentDir);

  it('Error/Invalid', async () => {
    const r = await loadCatalog(new MemorySource(invalidFS));
    // The walk itself fails on the three files that are not a JSON object or YAML mapping.
    const walkErrors = r.errors.filter((e) => !WALK_RULES_OF_ADD_META.has(e.rule));
    expect(walkErrors.map((e) => [e.file, e.message])).toEqual(
      ['invalid-format.txt', 'invalid-package.json', 'not-object.json'].map((p) => [p, INVALID_TEXTS[p]]),
    );
  });

  it('Success/ValidDir', async () => {
    const r = await loadCatalog(new MemorySource(validFS));
    expect(r.errors).toEqual([]);
    expect(counts(r.dc)).toEqual({ packages: 3, channels: 0, bundles: 12, deprecations: 1, others: 1 });
    // 17 metas walked, in the three files .indexignore keeps (walk order).
    expect(r.order).toEqual([
      'cockroachdb.json',
      'deprecations.yaml',
      'etcd.yaml',
      'unrecognized-schema.json',
    ]);
    expect(r.order.reduce((n, p) => n + (r.files.get(p)?.blobs ?? 0), 0)).toBe(17);
  });
});

const channel = (name: string, replaces?: string) => ({
  type: 'olm.channel',
  value: replaces ? { name, replaces } : { name },
});
const pkg = (packageName: string, version: string) => ({
  type: 'olm.package',
  value: { packageName, version },
});
const gvk = (kind: string) => ({
  type: 'olm.gvk',
  value: { group: 'etcd.database.coreos.com', kind, version: 'v1beta2' },
});
const cockroach = (version: string, ch: { type: string; value: unknown }) => ({
  name: `cockroachdb.v${version}`,
  package: 'cockroachdb',
  image: `quay.io/openshift-community-operators/cockroachdb:v${version}`,
  properties: [ch, pkg('cockroachdb', version)],
  relatedImages: [],
});
const etcdImage = (sha: string, name: string) => [
  { name, image: `quay.io/coreos/etcd-operator@sha256:${sha}` },
];

describe('TestLoadFS', () => {
  it('Error/NonExistentDir', nonExistentDir);

  it('Error/Invalid', async () => {
    const r = await loadCatalog(new MemorySource(invalidFS));
    // opm stops at whichever file its parallel readers fail on first; we read in walk order and
    // keep every file's error, each opm's text.
    expect(r.errors.map((e) => [e.file, e.message])).toEqual(
      Object.keys(invalidFS)
        .sort()
        .map((p) => [p, INVALID_TEXTS[p]]),
    );
    expect(r.dc.bundles).toHaveLength(0);

    // What `validate -o json` prints of the folder: opm's {passed, error.message}, every file's error.
    const cli = await runCli(['validate', writeTree(invalidFS), '-o', 'json']);
    expect(cli.code).toBe(1);
    const out = JSON.parse(cli.out) as {
      passed: boolean;
      error: { message: string };
      diagnostics: { message: string }[];
    };
    expect(out.passed).toBe(false);
    expect(out.error.message).toBe(INVALID_TEXTS['invalid-bundle.json']);
    expect(out.diagnostics.map((d) => d.message).sort()).toEqual(Object.values(INVALID_TEXTS).sort());
  });

  it('Success/ValidDir', async () => {
    const r = await loadCatalog(new MemorySource(validFS));
    expect(r.errors).toEqual([]);
    expect(r.ignored).toEqual(['README.md', 'etcdoperator.v0.6.1.clusterserviceversion.yaml']);

    const packages = r.dc.packages.map((p) => ({
      name: p.name,
      defaultChannel: p.defaultChannel,
      description: p.description,
      icon: p.icon && {
        data: Buffer.from(p.icon.base64data, 'base64').toString(),
        mediatype: p.icon.mediatype,
      },
    }));
    expect(packages).toEqual([
      {
        name: 'cockroachdb',
        defaultChannel: 'stable-5.x',
        description: '',
        icon: { data: COCKROACH_SVG, mediatype: 'image/svg+xml' },
      },
      {
        name: 'etcd',
        defaultChannel: 'singlenamespace-alpha',
        description: 'A message about etcd operator, a description of channels',
        icon: { data: ETCD_SVG, mediatype: 'image/svg+xml' },
      },
      { name: '', defaultChannel: '', description: '', icon: undefined },
    ]);
    expect(r.dc.channels).toEqual([]);

    const bundles = r.dc.bundles.map((b) => ({
      name: b.name,
      package: b.package,
      image: b.image,
      properties: b.properties,
      relatedImages: b.relatedImages,
    }));
    const v061Object = {
      type: 'olm.bundle.object',
      value: {
        data: Buffer.from(validFS['etcdoperator.v0.6.1.clusterserviceversion.yaml'] as string).toString(
          'base64',
        ),
      },
    };
    expect(bundles).toEqual([
      cockroach('2.0.9', channel('stable')),
      cockroach('2.1.11', channel('stable', 'cockroachdb.v2.1.1')),
      cockroach('2.1.1', channel('stable', 'cockroachdb.v2.0.9')),
      cockroach('3.0.7', channel('stable-3.x')),
      cockroach('5.0.3', channel('stable-5.x')),
      {
        name: 'etcdoperator-community.v0.6.1',
        package: 'etcd',
        image: 'quay.io/operatorhubio/etcd:v0.6.1',
        properties: [
          pkg('etcd', '0.6.1'),
          gvk('EtcdCluster'),
          channel('alpha'),
          { type: 'olm.skipRange', value: '<0.6.1' },
          v061Object,
        ],
        relatedImages: etcdImage(SHA.v061, 'etcdv0.6.1'),
      },
      {
        name: 'etcdoperator.v0.9.0',
        package: 'etcd',
        image: 'quay.io/operatorhubio/etcd:v0.9.0',
        properties: [
          pkg('etcd', '0.9.0'),
          gvk('EtcdBackup'),
          channel('singlenamespace-alpha'),
          channel('clusterwide-alpha'),
        ],
        relatedImages: etcdImage(SHA.v090, 'etcdv0.9.0'),
      },
      {
        name: 'etcdoperator.v0.9.2',
        package: 'etcd',
        image: 'quay.io/operatorhubio/etcd:v0.9.2',
        properties: [
          pkg('etcd', '0.9.2'),
          gvk('EtcdRestore'),
          channel('singlenamespace-alpha', 'etcdoperator.v0.9.0'),
        ],
        relatedImages: etcdImage(SHA.v092, 'etcdv0.9.2'),
      },
      {
        name: 'etcdoperator.v0.9.2-clusterwide',
        package: 'etcd',
        image: 'quay.io/operatorhubio/etcd:v0.9.2-clusterwide',
        properties: [
          pkg('etcd', '0.9.2-clusterwide'),
          gvk('EtcdBackup'),
          { type: 'olm.skipRange', value: '>=0.9.0 <=0.9.1' },
          { type: 'olm.skips', value: 'etcdoperator.v0.6.1' },
          { type: 'olm.skips', value: 'etcdoperator.v0.9.0' },
          channel('clusterwide-alpha', 'etcdoperator.v0.9.0'),
        ],
        relatedImages: etcdImage(SHA.v092, 'etcdv0.9.2'),
      },
      {
        name: 'etcdoperator.v0.9.4',
        package: 'etcd',
        image: 'quay.io/operatorhubio/etcd:v0.9.4',
        properties: [
          pkg('etcd', '0.9.4'),
          { type: 'olm.package.required', value: { packageName: 'test', versionRange: '>=1.2.3 <2.0.0-0' } },
          gvk('EtcdBackup'),
          {
            type: 'olm.gvk.required',
            value: { group: 'testapi.coreos.com', kind: 'Testapi', version: 'v1' },
          },
          channel('singlenamespace-alpha', 'etcdoperator.v0.9.2'),
        ],
        relatedImages: etcdImage(SHA.v094, 'etcdv0.9.2'),
      },
      {
        name: 'etcdoperator.v0.9.4-clusterwide',
        package: 'etcd',
        image: 'quay.io/operatorhubio/etcd:v0.9.4-clusterwide',
        properties: [
          pkg('etcd', '0.9.4-clusterwide'),
          gvk('EtcdBackup'),
          channel('clusterwide-alpha', 'etcdoperator.v0.9.2-clusterwide'),
        ],
        relatedImages: etcdImage(SHA.v094, 'etcdv0.9.2'),
      },
      // unrecognized-schema.json's third blob: an olm.bundle with nothing else.
      { name: '', package: '', image: '', properties: [], relatedImages: [] },
    ]);

    // Objects and CsvJSON: the embedded CSV, as yaml.ToJSON makes it.
    const v061 = r.dc.bundles[5]!;
    expect(decodeBundleObjects(v061)).toEqual([ETCD_CSV_JSON]);
    expect(findCsv(decodeBundleObjects(v061))).toEqual(ETCD_CSV_JSON);
    expect(r.dc.bundles.filter((b) => b !== v061).map((b) => decodeBundleObjects(b))).toEqual(
      Array.from({ length: 11 }, () => []),
    );

    expect(
      r.dc.deprecations.map((d) => ({ schema: d.schema, package: d.package, entries: d.entries })),
    ).toEqual([
      {
        schema: 'olm.deprecations',
        package: 'kiali',
        entries: [
          {
            reference: { schema: 'olm.bundle', name: 'kiali-operator.v1.68.0' },
            message:
              'kiali-operator.v1.68.0 is deprecated. Uninstall and install kiali-operator.v1.72.0 for support.\n',
          },
          {
            reference: { schema: 'olm.package', name: '' },
            message: "package kiali is end of life.  Please use 'kiali-new' package for support.\n",
          },
          {
            reference: { schema: 'olm.channel', name: 'alpha' },
            message: "channel alpha is no longer supported.  Please switch to channel 'stable'.\n",
          },
        ],
      },
    ]);
    expect(r.dc.others.map((o) => ({ schema: o.schema, package: o.package, blob: o.raw }))).toEqual([
      { schema: 'unexpected', package: '', blob: { schema: 'unexpected' } },
    ]);
  });
});

describe('TestLoadFile', () => {
  it.each([
    ['Error/NotYAMLOrJSON', 'invalid-format.txt'],
    ['Error/NotJSONObject', 'not-object.json'],
    ['Error/NoSchema', 'no-schema.yaml'],
    ['Error/InvalidPackageJSON', 'invalid-package.json'],
    ['Error/InvalidBundleJSON', 'invalid-bundle.json'],
  ])('%s', async (_name, path) => {
    expectOnlyError(await fileLoad(invalidFS, path), path);
  });

  it('Success/UnrecognizedSchema', async () => {
    const r = await fileLoad(validFS, 'unrecognized-schema.json');
    expect(r.errors).toEqual([]);
    expect(counts(r.dc)).toMatchObject({ packages: 1, bundles: 1, others: 1 });
  });

  it('Success/ValidFile', async () => {
    const r = await fileLoad(validFS, 'etcd.yaml');
    expect(r.errors).toEqual([]);
    expect(counts(r.dc)).toMatchObject({ packages: 1, bundles: 6, others: 0 });
  });

  it('Success/ValidFile/Deprecations', async () => {
    const r = await fileLoad(validFS, 'deprecations.yaml');
    expect(r.errors).toEqual([]);
    expect(counts(r.dc)).toEqual({ packages: 0, channels: 0, bundles: 0, deprecations: 1, others: 0 });
  });
});
