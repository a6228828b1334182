/**
 * `fbc-studio render DIR` takes a catalog directory through action.Render.Run's steps, as opm render
 * does (alpha/action/render.go): bundle objects after the other properties, related images sorted by
 * image, then `--migrate-level`'s migrations.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { renderCommand } from '../../../src/cli/render-command';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const CSV = {
  apiVersion: 'operators.coreos.com/v1alpha1',
  kind: 'ClusterServiceVersion',
  metadata: { name: 'p.v1.0.0' },
  spec: { displayName: 'P', description: 'the p operator' },
};

function catalog(): string {
  const dir = mkdtempSync(join(tmpdir(), 'render-run-'));
  dirs.push(dir);
  const blobs = [
    { schema: 'olm.package', name: 'p', defaultChannel: 's' },
    { schema: 'olm.channel', name: 's', package: 'p', entries: [{ name: 'p.v1.0.0' }] },
    {
      schema: 'olm.bundle',
      name: 'p.v1.0.0',
      package: 'p',
      image: 'quay.io/p/bundle:v1.0.0',
      properties: [
        { type: 'olm.bundle.object', value: { data: Buffer.from(JSON.stringify(CSV)).toString('base64') } },
        { type: 'olm.package', value: { packageName: 'p', version: '1.0.0' } },
        { type: 'olm.gvk', value: { group: 'p.io', kind: 'P', version: 'v1' } },
      ],
      relatedImages: [
        { name: 'z', image: 'quay.io/p/z:1' },
        { name: 'a', image: 'quay.io/p/a:1' },
      ],
    },
  ];
  writeFileSync(join(dir, 'catalog.json'), blobs.map((b) => JSON.stringify(b)).join('\n'));
  return dir;
}

async function renderBundle(
  migrateLevel?: string,
): Promise<{ properties: { type: string }[]; relatedImages: unknown }> {
  let out = '';
  const code = await renderCommand(
    [catalog()],
    { output: 'json', ...(migrateLevel ? { migrateLevel } : {}) },
    { out: (s) => (out += s), err: () => undefined },
  );
  expect(code).toBe(0);
  const bundle = out
    .split(/\n(?=\{)/)
    .map((t) => JSON.parse(t) as { schema: string })
    .find((b) => b.schema === 'olm.bundle');
  return bundle as unknown as { properties: { type: string }[]; relatedImages: unknown };
}

describe('render DIR, as action.Render.Run hands a catalog to the writer', () => {
  it('moves bundle objects after the other properties and sorts related images by image', async () => {
    const b = await renderBundle();
    expect(b.properties.map((p) => p.type)).toEqual(['olm.package', 'olm.gvk', 'olm.bundle.object']);
    expect(b.relatedImages).toEqual([
      { name: 'a', image: 'quay.io/p/a:1' },
      { name: 'z', image: 'quay.io/p/z:1' },
    ]);
  });

  it('runs --migrate-level on a catalog directory too', async () => {
    const b = await renderBundle('bundle-object-to-csv-metadata');
    expect(b.properties.map((p) => p.type)).toEqual(['olm.package', 'olm.gvk', 'olm.csv.metadata']);
    expect(b.properties[2]).toMatchObject({ value: { displayName: 'P', description: 'the p operator' } });
  });
});

describe('a reference that cannot be read', () => {
  it('ends render and render-graph as opm does: log.Fatal of `render reference %q: <reason>`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'render-run-bad-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'catalog.json'), '{"schema":"olm.package","name":"p"\n');
    for (const command of ['render', 'render-graph']) {
      let err = '';
      const code = await main([command, dir], { out: () => undefined, err: (s) => (err += s) });
      expect(code).toBe(1);
      expect(err).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d render reference "[^"]+": unexpected EOF\n$/);
      expect(err).toContain(`render reference "${dir}": `);
    }
  });
});

describe('which directories are bundles', () => {
  it('only one with manifests/ and metadata/ folders (action.Render isBundle); any other is a catalog', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'render-run-kind-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'metadata'));
    writeFileSync(
      join(dir, 'metadata', 'annotations.yaml'),
      'schema: olm.package\nname: p\ndefaultChannel: s\n',
    );
    let out = '';
    const code = await renderCommand(
      [dir],
      { output: 'yaml' },
      { out: (s) => (out += s), err: () => undefined },
    );
    expect(out).toBe('---\ndefaultChannel: s\nname: p\nschema: olm.package\n');
    expect(code).toBe(0);
  });
});
