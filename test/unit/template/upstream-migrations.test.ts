/**
 * Ports operator-registry alpha/action/migrations/migrations_test.go (commit 5531412d), TestMigrations,
 * and alpha/action/migrate_test.go (commit 5b59270e), TestMigrate, one `it` per upstream case under
 * upstream's name. A migration level is what `render --migrate-level`, `render-bundle
 * --migrate-level` and `render-template --migrate-level` take and what a template is judged at
 * (`migrateBundle`); each TestMigrations case runs through `migrateBundle` and `render`.
 *
 * Left out of TestMigrate:
 * - DeclcfgImage/Success: a catalog image from upstream's mock registry (image rendering is checked
 *   against its folder in test/unit/registry/render-image.test.ts).
 * - BundleImage/Failure: `opm migrate` refuses a bundle image; no command of ours migrates a
 *   catalog into a folder.
 * DeclcfgDir/Success is `opm migrate` of a catalog folder with no level: opm's Render of the folder
 * written per package (foo/catalog.yaml); ours is that render on standard output.
 */
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';
import { goBundle } from '../../../src/core/template/go-blobs';
import { migrateBundle, type MigrateLevel } from '../../../src/core/template/migrate-level';
import { runCli, writeTree } from '../../support/cli-run';
import { B64, FOO_INDEX } from '../cli/upstream-render-fixtures';

/** fooRawCsv: the CSV upstream's bundle carries, with an owned CRD and a related image. */
const fooCsv = {
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
/** fooRawCrd, as YAML (a bundle object may hold either). */
const fooCrd =
  '---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: foos.test.foo\n' +
  'spec:\n  group: test.foo\n  names:\n    kind: Foo\n    plural: foos\n  versions:\n    - name: v1';

const head = [
  { type: 'olm.gvk', value: { group: 'test.foo', kind: 'Foo', version: 'v1' } },
  { type: 'olm.gvk.required', value: { group: 'test.bar', kind: 'Bar', version: 'v1alpha1' } },
  { type: 'olm.package', value: { packageName: 'foo', version: '0.1.0' } },
  { type: 'olm.package.required', value: { packageName: 'bar', versionRange: '<0.1.0' } },
];
const object = (text: string) => ({
  type: 'olm.bundle.object',
  value: { data: Buffer.from(text).toString('base64') },
});

/** unmigratedCatalogFBC: one bundle, its CRD then its CSV as olm.bundle.object. */
const unmigrated = {
  schema: 'olm.bundle',
  name: 'foo.v0.1.0',
  package: 'foo',
  image: 'quay.io/openshift-community-operators/foo:v0.1.0',
  properties: [...head, object(fooCrd), object(JSON.stringify(fooCsv))],
};

/** csvMetadataCatalogFBC: the objects gone, property.MustBuildCSVMetadata(fooRawCsv) last. */
const csvMetadata = {
  ...unmigrated,
  properties: [
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
  ],
};

const bundle = () => loadFile('catalog.json', JSON.stringify(unmigrated)).dc.bundles[0]!;

/** NewMigrations(name): the levels it runs, in order (`all` is every one). */
const SEQUENCES: Record<string, MigrateLevel[]> = {
  none: ['none'],
  'bundle-object-to-csv-metadata': ['none', 'bundle-object-to-csv-metadata'],
  all: ['none', 'bundle-object-to-csv-metadata'],
};
/** migrationPhaseEvaluators: the config expected after each level. */
const AFTER: Record<MigrateLevel, object> = {
  none: unmigrated,
  'bundle-object-to-csv-metadata': csvMetadata,
};

/** The bundle `fbc-studio render DIR --migrate-level LEVEL -o json` prints. */
async function rendered(level: string): Promise<unknown> {
  const dir = writeTree({ 'foo/catalog.json': JSON.stringify(unmigrated) });
  const r = await runCli(['render', dir, '-o', 'json', '--migrate-level', level]);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

describe('TestMigrations', () => {
  it.each([
    ['NoMigrations', 'none'],
    ['BundleObjectToCSVMetadata', 'bundle-object-to-csv-metadata'],
    ['MigrationSequence', 'all'],
  ])('%s', async (_name, level) => {
    // Each migration of the sequence in turn, the config checked after each.
    let b = bundle();
    for (const step of SEQUENCES[level]!) {
      const before = b;
      b = migrateBundle(b, step);
      expect(goBundle(b)).toEqual(AFTER[step]);
      // `none` changes nothing: the same bundle, not a copy.
      if (step === 'none') expect(b).toBe(before);
    }
    // The same through `render --migrate-level`: the config after the last one.
    expect(await rendered(level)).toEqual(AFTER[SEQUENCES[level]!.at(-1)!]);
  });
});

/** A foo bundle's properties as opm's YAML writer prints them; the two bundles differ in version and CSV. */
const fooProperties = (version: string, csv: string): string => `properties:
- type: olm.gvk
  value:
    group: test.foo
    kind: Foo
    version: v1
- type: olm.gvk.required
  value:
    group: test.bar
    kind: Bar
    version: v1alpha1
- type: olm.package
  value:
    packageName: foo
    version: ${version}
- type: olm.package.required
  value:
    packageName: bar
    versionRange: <0.1.0
- type: olm.bundle.object
  value:
    data: ${csv}
- type: olm.bundle.object
  value:
    data: ${B64.crd}
`;

/** migrateFooCatalogFBC, for our foo folder: opm's YAML writer, related images sorted by image. */
const MIGRATED_FOO = `---
defaultChannel: beta
name: foo
properties:
- type: owner
  value:
    group: abc.com
    name: admin
schema: olm.package
---
entries:
- name: foo.v0.1.0
  skipRange: <0.1.0
- name: foo.v0.2.0
  replaces: foo.v0.1.0
  skipRange: <0.2.0
  skips:
  - foo.v0.1.1
  - foo.v0.1.2
name: beta
package: foo
properties:
- type: user
  value:
    group: xyz.com
    name: account
schema: olm.channel
---
entries:
- name: foo.v0.2.0
  replaces: foo.v0.1.0
  skipRange: <0.2.0
  skips:
  - foo.v0.1.1
  - foo.v0.1.2
name: stable
package: foo
schema: olm.channel
---
image: test.registry/foo-operator/foo-bundle:v0.1.0
name: foo.v0.1.0
package: foo
${fooProperties('0.1.0', B64.csv1)}relatedImages:
- image: test.registry/foo-operator/foo-bundle:v0.1.0
  name: ""
- image: test.registry/foo-operator/foo:v0.1.0
  name: operator
schema: olm.bundle
---
image: test.registry/foo-operator/foo-bundle:v0.2.0
name: foo.v0.2.0
package: foo
${fooProperties('0.2.0', B64.csv2)}relatedImages:
- image: test.registry/foo-operator/foo-2:v0.2.0
  name: ""
- image: test.registry/foo-operator/foo-bundle:v0.2.0
  name: ""
- image: test.registry/foo-operator/foo-init-2:v0.2.0
  name: ""
- image: test.registry/foo-operator/foo-init:v0.2.0
  name: ""
- image: test.registry/foo-operator/foo-other:v0.2.0
  name: other
- image: test.registry/foo-operator/foo:v0.2.0
  name: operator
schema: olm.bundle
`;

describe('TestMigrate', () => {
  it('DeclcfgDir/Success', async () => {
    const r = await runCli(['render', writeTree(FOO_INDEX), '-o', 'yaml']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(MIGRATED_FOO);
  });
});
