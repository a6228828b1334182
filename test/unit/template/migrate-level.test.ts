/**
 * opm's bundle-object-to-csv-metadata migration, checked on real repositories that hold the same
 * bundle digests rendered without and with it (../shared/corpus/fbc, SOURCES.md notes (a)): every
 * olm.bundle.object bundle migrated is the committed olm.csv.metadata bundle of the newer catalog.
 */
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { loadCatalog, loadFile } from '../../../src/core/load';
import { imageDigest } from '../../../src/core/template/bundle-resolver';
import { goBundle, sortKeysDeep } from '../../../src/core/template/go-blobs';
import { bundleForm, migrateBundle } from '../../../src/core/template/migrate-level';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('migrate levels on corpus repositories'));

const PAIRS: [string, string, string, number][] = [
  ['openshift-file-integrity-operator-fbc', 'catalog/v4.16', 'catalog/v4.17', 11],
  ['netobserv-netobserv-catalog@03a4d5c', 'auto-generated/legacy-catalog', 'auto-generated/catalog', 13],
  ['rhdhorchestrator-orchestrator-fbc', 'v4.16', 'v4.17', 6],
  ['securesign-fbc', 'v4.16/policy-controller-operator', 'v4.17/policy-controller-operator', 4],
];

const load = async (p: string) => (await loadCatalog(new NodeFsSource(p), { bundleObjects: 'lazy' })).dc;

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)('migrateBundle bundle-object-to-csv-metadata (corpus)', () => {
  it.each(PAIRS)('%s: %s migrated is %s', async (repo, older, newer, count) => {
    const a = await load(sharedPath(`corpus/fbc/${repo}/${older}`));
    const b = await load(sharedPath(`corpus/fbc/${repo}/${newer}`));
    let compared = 0;
    for (const x of a.bundles) {
      const y = b.bundles.find((z) => imageDigest(z.image) === imageDigest(x.image));
      if (!y) continue;
      expect(bundleForm(x)).toBe('bundle-object');
      expect(bundleForm(y)).toBe('csv-metadata');
      const migrated = migrateBundle(x, 'bundle-object-to-csv-metadata');
      expect(sortKeysDeep(goBundle(migrated))).toEqual(sortKeysDeep(goBundle(y)));
      // none leaves it as it is; a bundle already migrated is kept.
      expect(migrateBundle(x, 'none')).toBe(x);
      expect(migrateBundle(y, 'bundle-object-to-csv-metadata')).toBe(y);
      compared++;
    }
    expect(compared).toBe(count);
  });
});

/**
 * operator-registry's TestMigrations (alpha/action/migrations), re-created from what it asserts: a
 * bundle with gvk, gvk.required, package, package.required and two olm.bundle.object properties (a
 * CRD, then the CSV) keeps the first four in order and gets one olm.csv.metadata last; `none`
 * changes nothing. The expected metadata is written out by hand from property.CSVMetadata's fields.
 */
describe('migrateBundle: the upstream TestMigrations case', () => {
  const csv = {
    apiVersion: 'operators.coreos.com/v1alpha1',
    kind: 'ClusterServiceVersion',
    metadata: { name: 'foo.v0.1.0' },
    spec: {
      displayName: 'Foo Operator',
      customresourcedefinitions: {
        owned: [{ group: 'test.foo', version: 'v1', kind: 'Foo', name: 'foos.test.foo' }],
      },
      version: '0.1.0',
      relatedImages: [{ name: 'operator', image: 'test.registry/foo-operator/foo:v0.1.0' }],
    },
  };
  const crd =
    'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: foos.test.foo\n' +
    'spec:\n  group: test.foo\n  names:\n    kind: Foo\n    plural: foos\n  versions:\n    - name: v1';
  const object = (text: string) => ({
    type: 'olm.bundle.object',
    value: { data: Buffer.from(text).toString('base64') },
  });
  const head = [
    { type: 'olm.gvk', value: { group: 'test.foo', kind: 'Foo', version: 'v1' } },
    { type: 'olm.gvk.required', value: { group: 'test.bar', kind: 'Bar', version: 'v1alpha1' } },
    { type: 'olm.package', value: { packageName: 'foo', version: '0.1.0' } },
    { type: 'olm.package.required', value: { packageName: 'bar', versionRange: '<0.1.0' } },
  ];
  const blob = {
    schema: 'olm.bundle',
    name: 'foo.v0.1.0',
    package: 'foo',
    image: 'quay.io/openshift-community-operators/foo:v0.1.0',
    properties: [...head, object(crd), object(JSON.stringify(csv))],
  };
  const bundle = () => loadFile('catalog.json', JSON.stringify(blob)).dc.bundles[0]!;

  it('bundle-object-to-csv-metadata: the bundle objects become one olm.csv.metadata, last', () => {
    expect(goBundle(migrateBundle(bundle(), 'bundle-object-to-csv-metadata')).properties).toEqual([
      ...head,
      {
        type: 'olm.csv.metadata',
        value: {
          apiServiceDefinitions: {},
          crdDescriptions: { owned: [{ name: 'foos.test.foo', version: 'v1', kind: 'Foo' }] },
          displayName: 'Foo Operator',
          provider: {},
        },
      },
    ]);
  });

  it('none: the config is unchanged', () => {
    const b = bundle();
    expect(migrateBundle(b, 'none')).toBe(b);
  });
});
