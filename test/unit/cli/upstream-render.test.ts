/**
 * Ports operator-registry alpha/action/render_test.go (commit 5b59270e), TestRender, for what
 * `fbc-studio render` does with folders: a catalog directory and a bundle directory (fixtures
 * re-created in upstream-render-fixtures.ts). One `it` per upstream case, under upstream's name.
 * `render -o json` prints the blobs opm's Render.Run returns, as WriteJSON writes them.
 *
 * Left out:
 * - Success/DeclcfgIndexImage, Success/DeclcfgImageMigrate, Success/BundleImage,
 *   Success/BundleImageMigration, Success/BundleImageWithNoCSVRelatedImages and
 *   Success/BundleImageWithNoCSVRelatedImagesMigration: images from upstream's mock registry
 *   (test/unit/registry/render-image.test.ts checks that an image renders as its folder does).
 * - Success/DeclcfgDirectoryMigrate and Success/BundleDirectoryWithImageRefTemplateMigration: they
 *   inject a made-up migration (renaming bundles) through the Go API; a user picks only opm's own
 *   levels (upstream-migrations.test.ts runs those through `render --migrate-level`).
 * - TestAllowRefMask, TestAllowRefMaskAllowed: the reference-kind mask only `opm migrate` sets
 *   (no command of ours), and Go's bit-mask API.
 * Success/BundleDirectoryWithImageRefTemplate: opm's --alpha-image-ref-template names the bundle
 * image; ours is `render-bundle --image`, given what the template expands to.
 */
import { describe, expect, it } from 'vitest';
import { runCli, writeTree } from '../../support/cli-run';
import { parse } from 'yaml';
import { B64, FOO_BUNDLE_V2, FOO_INDEX } from './upstream-render-fixtures';

/** A stream of JSON objects (opm's WriteJSON) as values. */
function jsonStream(text: string): Record<string, unknown>[] {
  return text
    .split(/\n(?=\{)/)
    .filter((s) => s.trim())
    .map((s) => JSON.parse(s) as Record<string, unknown>);
}

const head = (version: string) => [
  { type: 'olm.gvk', value: { group: 'test.foo', kind: 'Foo', version: 'v1' } },
  { type: 'olm.gvk.required', value: { group: 'test.bar', kind: 'Bar', version: 'v1alpha1' } },
  { type: 'olm.package', value: { packageName: 'foo', version } },
  { type: 'olm.package.required', value: { packageName: 'bar', versionRange: '<0.1.0' } },
];
const object = (data: string) => ({ type: 'olm.bundle.object', value: { data } });
const image = (name: string) => `test.registry/foo-operator/${name}`;

/** What opm makes of the v0.2.0 bundle directory; `bundleImage` is "" without a template. */
function bundleDirectoryBlob(bundleImage: string) {
  return {
    schema: 'olm.bundle',
    name: 'foo.v0.2.0',
    package: 'foo',
    image: bundleImage,
    properties: [...head('0.2.0'), object('CRD'), object('CSV')],
    relatedImages: [
      { name: '', image: image('foo-2:v0.2.0') },
      { name: '', image: image('foo-init-2:v0.2.0') },
      { name: '', image: image('foo-init:v0.2.0') },
      { name: 'other', image: image('foo-other:v0.2.0') },
      { name: 'operator', image: image('foo:v0.2.0') },
    ],
  };
}

/** The bundle objects' data decoded: each is its manifest as JSON (checked here), named CRD or CSV. */
function objectsRead(blob: Record<string, unknown>): Record<string, unknown> {
  const props = (blob.properties as { type: string; value: { data?: string } }[]).map((p) => {
    if (p.type !== 'olm.bundle.object') return p;
    const o = JSON.parse(Buffer.from(p.value.data ?? '', 'base64').toString()) as { kind: string };
    const file = o.kind === 'CustomResourceDefinition' ? 'foos.test.foo.crd.yaml' : 'foo.v0.2.0.csv.yaml';
    expect(o).toEqual(parse(FOO_BUNDLE_V2[`manifests/${file}`] as string));
    return object(o.kind === 'CustomResourceDefinition' ? 'CRD' : 'CSV');
  });
  return { ...blob, properties: props };
}

describe('TestRender', () => {
  it('Success/DeclcfgDirectory', async () => {
    const r = await runCli(['render', writeTree(FOO_INDEX), '-o', 'json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(jsonStream(r.out)).toEqual([
      {
        schema: 'olm.package',
        name: 'foo',
        defaultChannel: 'beta',
        properties: [{ type: 'owner', value: { group: 'abc.com', name: 'admin' } }],
      },
      {
        schema: 'olm.channel',
        package: 'foo',
        name: 'beta',
        entries: [
          { name: 'foo.v0.1.0', skipRange: '<0.1.0' },
          {
            name: 'foo.v0.2.0',
            replaces: 'foo.v0.1.0',
            skips: ['foo.v0.1.1', 'foo.v0.1.2'],
            skipRange: '<0.2.0',
          },
        ],
        properties: [{ type: 'user', value: { group: 'xyz.com', name: 'account' } }],
      },
      {
        schema: 'olm.channel',
        package: 'foo',
        name: 'stable',
        entries: [
          {
            name: 'foo.v0.2.0',
            replaces: 'foo.v0.1.0',
            skips: ['foo.v0.1.1', 'foo.v0.1.2'],
            skipRange: '<0.2.0',
          },
        ],
      },
      {
        schema: 'olm.bundle',
        name: 'foo.v0.1.0',
        package: 'foo',
        image: image('foo-bundle:v0.1.0'),
        properties: [...head('0.1.0'), object(B64.csv1), object(B64.crd)],
        // Sorted by image, as Render.Run sorts every bundle's related images.
        relatedImages: [
          { name: '', image: image('foo-bundle:v0.1.0') },
          { name: 'operator', image: image('foo:v0.1.0') },
        ],
      },
      {
        schema: 'olm.bundle',
        name: 'foo.v0.2.0',
        package: 'foo',
        image: image('foo-bundle:v0.2.0'),
        properties: [...head('0.2.0'), object(B64.csv2), object(B64.crd)],
        relatedImages: [
          { name: '', image: image('foo-2:v0.2.0') },
          { name: '', image: image('foo-bundle:v0.2.0') },
          { name: '', image: image('foo-init-2:v0.2.0') },
          { name: '', image: image('foo-init:v0.2.0') },
          { name: 'other', image: image('foo-other:v0.2.0') },
          { name: 'operator', image: image('foo:v0.2.0') },
        ],
      },
    ]);
  });

  it('Success/BundleDirectoryWithImageRefTemplate', async () => {
    // test.registry/{{.Package}}-operator/{{.Package}}:v{{.Version}} for package foo, version 0.2.0.
    const ref = 'test.registry/foo-operator/foo:v0.2.0';
    const r = await runCli(['render-bundle', writeTree(FOO_BUNDLE_V2), '--image', ref, '-o', 'json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // The bundle image is the operator's image here, so it is not listed twice.
    expect(objectsRead(JSON.parse(r.out) as Record<string, unknown>)).toEqual(bundleDirectoryBlob(ref));
  });

  it('Success/BundleDirectory', async () => {
    const r = await runCli(['render', writeTree(FOO_BUNDLE_V2), '-o', 'json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const blobs = jsonStream(r.out);
    expect(blobs).toHaveLength(1);
    expect(objectsRead(blobs[0]!)).toEqual(bundleDirectoryBlob(''));
  });
});
