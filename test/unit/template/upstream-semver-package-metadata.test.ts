/**
 * operator-registry's TestPopulatePackageMetadata (alpha/template/semver/semver_test.go at 4f9d6f22,
 * since v1.65.0, #1933): the semver template's package blob takes its description and first icon
 * from the CSV of the default channel's head. Each case runs through `renderTemplate` on a catalog
 * whose bundles keep upstream's CSV text as their olm.bundle.object, which is where the offline
 * render reads what opm reads from the pulled image.
 *
 * Left out: "no packages in config", "default channel not found", "empty channel entries" and "head
 * bundle not found in bundles" call the Go method on a DeclarativeConfig the template never makes (a
 * semver render always has its package, its default channel and the head's bundle). "bundle has no
 * CSV JSON" is a bundle with no CSV at all (below, with a bundle that keeps none).
 *
 * Beside them, cases of ours for Go's decoding of `spec.icon` into []registry.Icon (`base64data`
 * is []byte, so it is base64-decoded and written back in standard form; one bad icon fails the
 * whole list, and the package gets none).
 */
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';
import { CatalogBundleResolver, renderTemplate } from '../../../src/core/template';

const IMG = 'quay.io/test/operator';

function bundle(version: string, csvJson: string | undefined): object {
  return {
    schema: 'olm.bundle',
    name: `test-operator-v${version}`,
    package: 'test-operator',
    image: `${IMG}:v${version}`,
    properties: [
      { type: 'olm.package', value: { packageName: 'test-operator', version } },
      ...(csvJson === undefined
        ? []
        : [{ type: 'olm.bundle.object', value: { data: Buffer.from(csvJson).toString('base64') } }]),
    ],
  };
}

/** The package blob a semver template of `versions` (stable, minor channels) renders to. */
function packageBlob(csvs: Record<string, string | undefined>): Record<string, unknown> {
  const versions = Object.keys(csvs);
  const catalog = versions.map((v) => JSON.stringify(bundle(v, csvs[v]))).join('\n');
  const resolver = new CatalogBundleResolver([{ name: 'catalog', dc: loadFile('catalog.json', catalog).dc }]);
  const template = [
    'schema: olm.semver',
    'generateMinorChannels: true',
    'stable:',
    '  bundles:',
    ...versions.map((v) => `    - image: ${IMG}:v${v}`),
    '',
  ].join('\n');
  const r = renderTemplate('semver.yaml', template, resolver, { migrateLevel: 'none' });
  if (!r.ok) throw new Error(r.opmMessage ?? 'render failed');
  return r.blobs.find((b) => b.schema === 'olm.package') as Record<string, unknown>;
}

const csv = (spec: string): string => `{
  "apiVersion": "operators.coreos.com/v1alpha1",
  "kind": "ClusterServiceVersion",
  "metadata": {"name": "test.v1.0.0"},
  "spec": ${spec}
}`;

describe('TestPopulatePackageMetadata (operator-registry semver template)', () => {
  it('successfully populate icon and description from head bundle', () => {
    const pkg = packageBlob({
      '1.0.0': csv(
        `{"description": "Old description", "icon": [{"base64data": "b2xkZGF0YQ==", "mediatype": "image/png"}]}`,
      ),
      '1.1.0': csv(
        `{"description": "Test operator provides awesome functionality", "icon": [{"base64data": "aGVsbG93b3JsZA==", "mediatype": "image/svg+xml"}]}`,
      ),
    });
    expect(pkg.defaultChannel).toBe('stable-v1.1');
    expect(pkg.description).toBe('Test operator provides awesome functionality');
    expect(pkg.icon).toEqual({ base64data: 'aGVsbG93b3JsZA==', mediatype: 'image/svg+xml' });
    expect(Buffer.from((pkg.icon as { base64data: string }).base64data, 'base64').toString()).toBe(
      'helloworld',
    );
  });

  it('bundle has no CSV JSON', () => {
    const pkg = packageBlob({ '1.0.0': undefined });
    expect(pkg.description).toBeUndefined();
    expect(pkg.icon).toBeUndefined();
  });

  it('CSV has no description', () => {
    const pkg = packageBlob({
      '1.0.0': csv(`{"icon": [{"base64data": "aGVsbG8=", "mediatype": "image/png"}]}`),
    });
    expect(pkg.description).toBeUndefined();
    expect(pkg.icon).toEqual({ base64data: 'aGVsbG8=', mediatype: 'image/png' });
  });

  it('CSV has no icon', () => {
    const pkg = packageBlob({ '1.0.0': csv(`{"description": "Test description"}`) });
    expect(pkg.description).toBe('Test description');
    expect(pkg.icon).toBeUndefined();
  });

  it('CSV has empty description', () => {
    const pkg = packageBlob({
      '1.0.0': csv(`{"description": "", "icon": [{"base64data": "aGVsbG8=", "mediatype": "image/png"}]}`),
    });
    expect(pkg.description).toBeUndefined();
    expect(pkg.icon).toEqual({ base64data: 'aGVsbG8=', mediatype: 'image/png' });
  });

  it('CSV has empty icons array', () => {
    const pkg = packageBlob({ '1.0.0': csv(`{"description": "Test description", "icon": []}`) });
    expect(pkg.description).toBe('Test description');
    expect(pkg.icon).toBeUndefined();
  });

  it('CSV has multiple icons - uses first one', () => {
    const pkg = packageBlob({
      '1.0.0': csv(
        `{"description": "Test description", "icon": [{"base64data": "Zmlyc3Q=", "mediatype": "image/png"}, {"base64data": "c2Vjb25k", "mediatype": "image/svg+xml"}]}`,
      ),
    });
    expect(pkg.description).toBe('Test description');
    expect(pkg.icon).toEqual({ base64data: 'Zmlyc3Q=', mediatype: 'image/png' });
  });
});

describe("Go's decoding of spec.icon into []registry.Icon (ours)", () => {
  it('an icon without a mediatype is still the icon, with an empty one', () => {
    const pkg = packageBlob({ '1.0.0': csv(`{"icon": [{"base64data": "aGVsbG8="}]}`) });
    expect(pkg.icon).toEqual({ base64data: 'aGVsbG8=', mediatype: '' });
  });

  it('keys match case-insensitively, as encoding/json matches struct fields', () => {
    const pkg = packageBlob({
      '1.0.0': csv(`{"icon": [{"Base64Data": "aGVsbG8=", "MediaType": "image/png"}]}`),
    });
    expect(pkg.icon).toEqual({ base64data: 'aGVsbG8=', mediatype: 'image/png' });
  });

  it('base64 with line breaks is written back in standard form', () => {
    const pkg = packageBlob({
      '1.0.0': csv(`{"icon": [{"base64data": "aGVs\\nbG8=", "mediatype": "image/png"}]}`),
    });
    expect(pkg.icon).toEqual({ base64data: 'aGVsbG8=', mediatype: 'image/png' });
  });

  it('one icon that does not decode leaves the package without any', () => {
    const pkg = packageBlob({
      '1.0.0': csv(
        `{"description": "d", "icon": [{"base64data": "aGVsbG8=", "mediatype": "image/png"}, {"base64data": "not base64!", "mediatype": "image/png"}]}`,
      ),
    });
    expect(pkg.description).toBe('d');
    expect(pkg.icon).toBeUndefined();
  });

  it('a description that is not a string is no description', () => {
    const pkg = packageBlob({ '1.0.0': csv(`{"description": 42}`) });
    expect(pkg.description).toBeUndefined();
  });
});
