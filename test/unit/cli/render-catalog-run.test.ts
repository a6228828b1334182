/**
 * `render` of a catalog folder does what opm's Render.Run does to every reference before writing:
 * a bundle's olm.bundle.object / olm.csv.metadata properties after the others, its related images
 * sorted by image, then the migration level asked for (alpha/action/render.go). The upstream tables
 * are in upstream-render.test.ts and ../template/upstream-migrations.test.ts; this is the order of
 * properties their fixtures never disturb, how a reference that cannot be read ends, and which
 * folders are bundles.
 */
import { describe, expect, it } from 'vitest';
import { runCli, writeTree } from '../../support/cli-run';

const csv = Buffer.from(
  JSON.stringify({
    apiVersion: 'operators.coreos.com/v1alpha1',
    kind: 'ClusterServiceVersion',
    metadata: { name: 'op.v1.0.0' },
    spec: { displayName: 'Op', description: 'the op operator' },
  }),
).toString('base64');

const catalog = {
  'op/catalog.json': JSON.stringify({
    schema: 'olm.bundle',
    name: 'op.v1.0.0',
    package: 'op',
    image: 'quay.io/acme/op-bundle:v1.0.0',
    properties: [
      { type: 'olm.bundle.object', value: { data: csv } },
      { type: 'olm.package', value: { packageName: 'op', version: '1.0.0' } },
      { type: 'olm.gvk', value: { group: 'acme.io', kind: 'Op', version: 'v1' } },
    ],
    relatedImages: [
      { name: 'operator', image: 'quay.io/acme/op:v1.0.0' },
      { name: '', image: 'quay.io/acme/op-bundle:v1.0.0' },
    ],
  }),
};

async function renderProps(...flags: string[]) {
  const r = await runCli(['render', writeTree(catalog), '-o', 'json', ...flags]);
  expect(r.err).toBe('');
  const b = JSON.parse(r.out) as { properties: { type: string }[]; relatedImages: { image: string }[] };
  return {
    types: b.properties.map((p) => p.type),
    images: b.relatedImages.map((i) => i.image),
    props: b.properties,
  };
}

describe('render of a catalog folder, as Render.Run', () => {
  it('moves bundle objects after the other properties and sorts related images by image', async () => {
    const r = await renderProps();
    expect(r.types).toEqual(['olm.package', 'olm.gvk', 'olm.bundle.object']);
    expect(r.images).toEqual(['quay.io/acme/op-bundle:v1.0.0', 'quay.io/acme/op:v1.0.0']);
  });

  it('migrates the catalog’s bundles to the level asked for', async () => {
    const r = await renderProps('--migrate-level', 'bundle-object-to-csv-metadata');
    expect(r.types).toEqual(['olm.package', 'olm.gvk', 'olm.csv.metadata']);
    expect(r.props[2]).toMatchObject({ value: { displayName: 'Op', description: 'the op operator' } });
  });

  it('says which reference failed, as Render.Run wraps a load error', async () => {
    const dir = writeTree({ 'op/bad.json': '{"schema": "olm.bundle","relatedImages": {}}' });
    const r = await runCli(['render', dir]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    // opm ends with log.Fatal: the logger's date and time, then the message.
    expect(r.err).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d /);
    expect(r.err.slice(20)).toBe(
      `render reference ${JSON.stringify(dir)}: parse bundle: json: cannot unmarshal object into Go struct field Bundle.relatedImages of type []declcfg.RelatedImage\n`,
    );
  });
});

describe('a reference that cannot be read', () => {
  it('ends render and render-graph as opm does: log.Fatal of `render reference %q: <reason>`', async () => {
    const dir = writeTree({ 'catalog.json': '{"schema":"olm.package","name":"p"\n' });
    for (const command of ['render', 'render-graph']) {
      const r = await runCli([command, dir]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d render reference "[^"]+": unexpected EOF\n$/);
      expect(r.err).toContain(`render reference "${dir}": `);
    }
  });
});

describe('which directories are bundles', () => {
  it('only one with manifests/ and metadata/ folders (action.Render isBundle); any other is a catalog', async () => {
    const dir = writeTree({
      'metadata/annotations.yaml': 'schema: olm.package\nname: p\ndefaultChannel: s\n',
    });
    const r = await runCli(['render', dir, '-o', 'yaml']);
    expect(r.out).toBe('---\ndefaultChannel: s\nname: p\nschema: olm.package\n');
    expect(r.code).toBe(0);
  });
});
