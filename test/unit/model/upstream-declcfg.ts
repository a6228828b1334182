import { checkCatalog, type CheckedCatalog } from '../../../src/core/api';
import type { DeclarativeConfig, Property } from '../../../src/core/declcfg/types';
import { MemorySource } from '../../../src/core/source/memory';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { addYaml } from './build-dc';

/**
 * operator-registry's declcfg test helpers (alpha/declcfg/helpers_test.go: newTestBundle,
 * newTestPackage, newTestChannel, testBundleName, …) re-created as our blobs: each helper returns
 * the blob as opm writes it (JSON field names), and `catalog` loads them through build-dc.ts into a
 * DeclarativeConfig, one blob per document, in the order given (packages, channels, bundles,
 * deprecations, as upstream's struct lists them).
 */

export type Blob = Record<string, unknown>;
/** A property; `value: undefined` writes no `value` key (Go then decodes a nil json.RawMessage). */
export type { Property };

export const svgSmallCircle = '<svg viewBox="0 0 100 100"><circle cx="25" cy="25" r="25"/></svg>';

export const testBundleName = (pkg: string, version: string): string => `${pkg}.v${version}`;
export const testBundleImage = (pkg: string, version: string): string => `${pkg}-bundle:v${version}`;

/** property.MustBuildPackage / MustBuildPackageRelease: `release` only when given. */
export function packageProperty(pkg: string, version: string, release?: string): Property {
  const value: Blob = { packageName: pkg, version };
  if (release !== undefined) value.release = release;
  return { type: 'olm.package', value };
}

/** property.MustBuildBundleObject: the object's bytes, base64-encoded under `data`. */
export const bundleObjectProperty = (json: string): Property => ({
  type: 'olm.bundle.object',
  value: { data: Buffer.from(json, 'utf8').toString('base64') },
});

const CRD_JSON = '{"kind": "CustomResourceDefinition", "apiVersion": "apiextensions.k8s.io/v1"}';

export interface TestBundle extends Blob {
  name: string;
  image: string;
  properties: Property[];
  relatedImages: { name: string; image: string }[];
}

/** newTestBundle: the CSV and CRD as olm.bundle.object properties, the bundle image as a related image. */
export function newTestBundle(
  pkg: string,
  version: string,
  ...opts: ((b: TestBundle) => void)[]
): TestBundle {
  const csvJSON = `{"kind": "ClusterServiceVersion", "apiVersion": "operators.coreos.com/v1alpha1", "metadata":{"name":${JSON.stringify(testBundleName(pkg, version))}}}`;
  const b: TestBundle = {
    schema: 'olm.bundle',
    name: testBundleName(pkg, version),
    package: pkg,
    image: testBundleImage(pkg, version),
    properties: [
      packageProperty(pkg, version),
      bundleObjectProperty(csvJSON),
      bundleObjectProperty(CRD_JSON),
    ],
    relatedImages: [{ name: 'bundle', image: testBundleImage(pkg, version) }],
  };
  for (const opt of opts) opt(b);
  // newTestBundle sorts the properties by type, then by value text.
  const text = (p: Property) => (p.value === undefined ? '' : JSON.stringify(p.value));
  b.properties.sort((x, y) =>
    x.type !== y.type ? (x.type < y.type ? -1 : 1) : text(x) < text(y) ? -1 : text(x) > text(y) ? 1 : 0,
  );
  return b;
}

export const withNoProperties = () => (b: TestBundle) => {
  b.properties = [];
};
export const withNoBundleImage = () => (b: TestBundle) => {
  b.image = '';
};

export function newTestPackage(
  name: string,
  defaultChannel: string,
  svg: string,
  properties?: Property[],
): Blob {
  const p: Blob = {
    schema: 'olm.package',
    name,
    defaultChannel,
    icon: { base64data: Buffer.from(svg, 'utf8').toString('base64'), mediatype: 'image/svg+xml' },
    description: `${name} operator`,
  };
  if (properties !== undefined) p.properties = properties;
  return p;
}

export interface Entry {
  name: string;
  replaces?: string;
  skips?: string[];
}

/** newTestChannel, its fields in declcfg.Channel's order (the writer tables compare bytes). */
export function newTestChannel(pkg: string, name: string, ...entries: Entry[]): Blob {
  return { schema: 'olm.channel', name, package: pkg, entries };
}

export const addChannelProperties = (c: Blob, properties: Property[]): Blob => ({ ...c, properties });

export function deprecation(
  pkg: string,
  ...entries: { schema: string; name: string; message: string }[]
): Blob {
  const d: Blob = { schema: 'olm.deprecations' };
  if (pkg !== '') d.package = pkg;
  if (entries.length > 0)
    d.entries = entries.map((e) => ({ reference: { schema: e.schema, name: e.name }, message: e.message }));
  return d;
}

/** The blobs as one catalog file (JSON documents are YAML documents). */
export function catalog(...blobs: Blob[]): DeclarativeConfig {
  return addYaml(blobs.map((b) => JSON.stringify(b)).join('\n---\n'), 'catalog.yaml');
}

/** What `opm validate` prints for the catalog: ConvertToModel's error (or its Validate tree), null if valid. */
export const opmMessage = (...blobs: Blob[]): string | null =>
  validateCatalog({ dc: catalog(...blobs), errors: [] }).opmMessage;

/** `opm validate` of the blobs written as one JSON file, through the real loader. */
export async function validateFile(...blobs: Blob[]): Promise<CheckedCatalog['result']> {
  const text = blobs.map((b) => JSON.stringify(b, null, 2)).join('\n');
  return (await checkCatalog(new MemorySource({ 'catalog.json': text }))).result;
}
