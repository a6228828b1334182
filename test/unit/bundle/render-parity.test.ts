/**
 * Each corpus bundle that a community-operators-prod catalog also holds renders, with that catalog's
 * image string, to the catalog's olm.bundle blob byte for byte: the bundle-object form in the v4.14 and
 * v4.16 catalogs, the csv-metadata form from v4.17 on.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { readBundleDir, renderBundle, renderBundleJson, renderBundleYaml } from '../../../src/core/bundle';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

/** [bundle directory under corpus/bundles, catalog under catalogs/, bundle name, form]. */
const OBJ = 'none' as const;
const CSV = 'bundle-object-to-csv-metadata' as const;
const PAIRS: [string, string, string, typeof OBJ | typeof CSV][] = [];
for (const [version, form] of [
  ['v4.14', OBJ],
  ['v4.16', OBJ],
  ['v4.20', CSV],
  ['v4.22', CSV],
] as const) {
  for (const v of ['2.0.1', '2.1.0', '2.1.1', '2.2.0']) {
    PAIRS.push([`kairos-operator/${v}`, `${version}/kairos-operator`, `kairos-operator.v${v}`, form]);
  }
}
for (const version of ['v4.20', 'v4.22']) {
  for (const v of ['2.5.3506-f42617c', '2.5.3508-6cb94c6', '2.5.3514-4052426', '2.5.3516-a2ed9b3']) {
    PAIRS.push([`hive-operator/${v}`, `${version}/hive-operator`, `hive-operator.v${v}`, CSV]);
  }
}

/** The YAML document of the named olm.bundle blob in an opm-written catalog. */
function catalogBlob(catalog: string, name: string): string {
  const text = readFileSync(
    sharedPath('corpus/fbc/community-operators-prod/catalogs', catalog, 'catalog.yaml'),
    'utf8',
  );
  const doc = text
    .split(/^---\n/m)
    .find((d) => /^schema: olm\.bundle$/m.test(d) && d.includes(`\nname: ${name}\n`));
  if (!doc) throw new Error(`${name} not in ${catalog}`);
  return '---\n' + doc;
}

if (!hasShared) console.log(skipReason('bundle render parity'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('render-bundle against community-operators-prod catalogs', () => {
  it.each(PAIRS)('%s renders to %s %s (%s)', async (bundle, catalog, name, form) => {
    const expected = catalogBlob(catalog, name);
    const image = /^image: (.*)$/m.exec(expected)?.[1] as string;
    const dir = await readBundleDir(new NodeFsSource(sharedPath('corpus/bundles', bundle)));
    const blob = renderBundle(dir, image, form);
    expect(renderBundleYaml(blob)).toBe(expected);
    // The JSON form holds the same blob.
    const json = JSON.parse(renderBundleJson(blob)) as { name: string; properties: { type: string }[] };
    expect(json.name).toBe(name);
    expect(json.properties.at(-1)?.type).toBe(form === OBJ ? 'olm.bundle.object' : 'olm.csv.metadata');
  });

  it('puts dependencies in as olm.package.required, sorted by type with the rest', async () => {
    const dir = await readBundleDir(new NodeFsSource(sharedPath('corpus/bundles/kuadrant-operator/0.11.1')));
    const blob = renderBundle(dir, 'example.com/kuadrant-bundle:v0.11.1', CSV);
    const types = blob.properties.map((p) => p.type);
    expect(types.filter((t) => t === 'olm.package.required')).toHaveLength(3);
    expect(blob.properties.find((p) => p.type === 'olm.package.required')?.value).toEqual({
      packageName: 'authorino-operator',
      versionRange: '0.13.0',
    });
    const sorted = [...types.slice(0, -1)].sort();
    expect(types.slice(0, -1)).toEqual(sorted);
    expect(blob.relatedImages?.some((r) => r.image === 'example.com/kuadrant-bundle:v0.11.1')).toBe(true);
  });
});
