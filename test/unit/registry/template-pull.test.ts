/**
 * `render-template` with a bundle image no catalog of the repository holds — the bundle just built
 * and pushed: pulled from Debian's docker-registry on 127.0.0.1 (pushed with skopeo), rendered as
 * `render-bundle` renders its folder, through the repository configuration's mirrors too; with
 * `--offline` the image is listed, unresolved, and nothing is asked of a registry.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFiles } from '../bundle/bundle-fixture';
import {
  BUNDLE_LABELS,
  hasRegistryTools,
  isolateHome,
  ociLayout,
  push,
  registrySkipReason,
  startRegistry,
  tarLayer,
  type TestRegistry,
  pushFiles,
} from '../../support/registry';
import { ONE_BUNDLE_CATALOG, runCli, templateAdding, writeTree } from '../../support/cli-run';

if (!hasRegistryTools) console.log(registrySkipReason);

const run = runCli;

/** The repository's catalog holds 1.0.0 only; the template adds `added` after it. */
function repository(added: string, extra: Record<string, string> = {}): string {
  return writeTree({
    'catalog/op/catalog.yaml': ONE_BUNDLE_CATALOG,
    'catalog-template.yaml': templateAdding(added),
    ...extra,
  });
}

const V110 = { version: '1.1.0', channels: 'stable', defaultChannel: 'stable', replaces: 'op.v1.0.0' };

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)('render-template pulls the images no catalog holds', () => {
  let reg: TestRegistry;
  let ref: string;
  let bundleDir: string;
  let restore: () => void;
  beforeAll(async () => {
    restore = isolateHome();
    reg = await startRegistry('none');
    const files = bundleFiles(V110);
    bundleDir = writeTree(files);
    ref = await pushFiles(reg, files, BUNDLE_LABELS, 'acme/op-bundle:v1.1.0');
  });
  afterAll(async () => {
    await reg?.stop();
    restore?.();
  });

  it('renders a template naming a pushed bundle by pulling it, saying which', async () => {
    const root = repository(ref);
    const r = await run(['render-template', join(root, 'catalog-template.yaml'), '--use-http']);
    expect(r.err).toContain(`pulled ${ref}\n`);
    expect(r.code).toBe(0);
    const blobs = r.out
      .trim()
      .split(/\n(?=\{)/)
      .map((t) => JSON.parse(t) as { schema: string; name?: string; image?: string });
    const pulled = blobs.find((b) => b.image === ref);
    // The blob is the one `opm render IMAGE` makes (render-bundle of its folder), at level none.
    const folder = await run(['render-bundle', bundleDir, '--image', ref]);
    expect(pulled).toEqual(JSON.parse(folder.out));
    expect(blobs.map((b) => b.name ?? b.schema)).toContain('op.v1.1.0');
    // A second render reads the digest from the cache.
    const again = await run(['render-template', join(root, 'catalog-template.yaml'), '--use-http']);
    expect(again.err).toContain(`pulled ${ref} (cached)\n`);
    expect(again.out).toBe(r.out);
  });

  it("renders the pulled bundle at the level of the template's own catalog", async () => {
    const root = repository(ref, {
      '.fbc-studio.yaml':
        'apiVersion: fbc-studio/v1\ncatalogs:\n  - path: catalog\n    migrateLevel: bundle-object-to-csv-metadata\n',
    });
    const r = await run(['render-template', join(root, 'catalog-template.yaml'), '--use-http']);
    expect(r.err).toContain('migrate level bundle-object-to-csv-metadata');
    expect(r.code).toBe(0);
    const folder = await run([
      'render-bundle',
      bundleDir,
      '--image',
      ref,
      '--migrate-level',
      'bundle-object-to-csv-metadata',
    ]);
    const pulled = r.out
      .trim()
      .split(/\n(?=\{)/)
      .map((t) => JSON.parse(t) as { image?: string })
      .find((b) => b.image === ref);
    expect(pulled).toEqual(JSON.parse(folder.out));
    expect(JSON.stringify(pulled)).toContain('olm.csv.metadata');
  });

  it('with --offline lists the image unresolved and asks no registry', async () => {
    const root = repository(ref);
    const file = join(root, 'catalog-template.yaml');
    await reg.stop();
    try {
      const r = await run(['render-template', file, '--offline']);
      expect(r.code).toBe(1);
      expect(r.out).toBe('');
      expect(r.err).toContain('cannot render offline: 1 bundle image not found');
      expect(r.err).toContain(`unresolved image ${ref} (needed by template ${file} line 16)`);
      expect(r.err).not.toContain('pulled');
    } finally {
      reg = await startRegistry('none');
    }
  });

  it("pulls through the repository configuration's mirrors, keeping the reference as written", async () => {
    const files = bundleFiles(V110);
    // A file outside the bundle's folders (never unpacked) makes this image's digest its own: the
    // same bytes pushed by an earlier test in the same second would be in the cache already.
    const layer = await tarLayer([
      ...Object.entries(files).map(([path, content]) => ({ path, content })),
      { path: 'mirror-test/only-here', content: 'mirror' },
    ]);
    const l = await ociLayout([layer], BUNDLE_LABELS);
    const d = await push(reg, l.dir, 'released/op-bundle:v1.1.0');
    // The build registry is nowhere (a closed port on loopback): only the mirror has the image.
    const built = `127.0.0.1:9/build/op-bundle@${d}`;
    const root = repository(built, {
      '.fbc-studio.yaml': `apiVersion: fbc-studio/v1\nmirrors:\n  - source: 127.0.0.1:9/build\n    mirrors:\n      - ${reg.host}/released\n`,
    });
    const r = await run(['render-template', join(root, 'catalog-template.yaml'), '--use-http']);
    expect(r.err).toContain(`pulled ${built} from the mirror ${reg.host}/released/op-bundle\n`);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`"image": "${built}"`);
    expect(r.out).not.toContain(`${reg.host}/released`);
  });

  it('renders a tag again when it moved to another image', async () => {
    const pushVersion = async (version: string) => {
      const files = bundleFiles({ ...V110, version });
      await pushFiles(reg, files, BUNDLE_LABELS, 'acme/moving:latest');
    };
    const tag = `${reg.host}/acme/moving:latest`;
    const root = repository(tag);
    const file = join(root, 'catalog-template.yaml');
    await pushVersion('1.1.0');
    const first = await run(['render-template', file, '--use-http']);
    expect(first.code).toBe(0);
    expect(first.out).toContain('"version": "1.1.0"');
    await pushVersion('1.1.1');
    const second = await run(['render-template', file, '--use-http']);
    expect(second.out).toContain('"version": "1.1.1"');
    expect(second.out).not.toContain('"version": "1.1.0"');
  });

  it('says why an image cannot be pulled, and lists it unresolved', async () => {
    const missing = `${reg.host}/acme/none@sha256:${'0'.repeat(64)}`;
    const root = repository(missing);
    const r = await run(['render-template', join(root, 'catalog-template.yaml'), '--use-http']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`cannot pull ${missing.replace(/[.]/g, '\\.')}: .+`));
    expect(r.err).toContain(`unresolved image ${missing}`);
  });
});
