/**
 * `fbc-studio render IMAGE` against Debian's docker-registry on 127.0.0.1: images built here as OCI
 * layouts and pushed with skopeo, then read back by our client — plain HTTP, htpasswd basic auth
 * and token auth, a mirror set, and the cache.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFiles } from '../bundle/bundle-fixture';
import {
  BUNDLE_LABELS,
  CATALOG_LABELS,
  folderLayerFiles,
  hasRegistryTools,
  isolateHome,
  ociIndexLayout,
  ociLayout,
  push,
  registrySkipReason,
  startRegistry,
  tarLayer,
  type TestRegistry,
} from '../../support/registry';
import { ONE_BUNDLE_CATALOG, runCli, writeTree } from '../../support/cli-run';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { tempDir } from '../../support/temp-dir';

if (!hasRegistryTools) console.log(registrySkipReason);
if (!hasShared) console.log(skipReason('render IMAGE of every corpus bundle'));

const run = runCli;

const CATALOG = { 'op/catalog.yaml': ONE_BUNDLE_CATALOG };

/** Each test's own HOME and cache, so the developer's credentials and cache are never read. */
const isolate = isolateHome;

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)('render IMAGE from a plain-HTTP registry', () => {
  let reg: TestRegistry;
  let bundleDir: string;
  let bundleRef: string;
  let catalogDir: string;
  let catalogRef: string;
  beforeAll(async () => {
    reg = await startRegistry('none');
    bundleDir = writeTree(bundleFiles({ version: '1.0.0', channels: 'stable', defaultChannel: 'stable' }));
    const bundleLayer = await tarLayer([
      ...Object.entries(bundleFiles({ version: '1.0.0', channels: 'stable', defaultChannel: 'stable' })).map(
        ([path, content]) => ({ path, content }),
      ),
    ]);
    const b = await ociLayout([bundleLayer], BUNDLE_LABELS);
    const digest = await push(reg, b.dir, 'acme/op-bundle:v1.0.0');
    bundleRef = `${reg.host}/acme/op-bundle@${digest}`;
    catalogDir = writeTree(CATALOG);
    // A base layer outside /configs (never unpacked) and the catalog in a second layer.
    const base = await tarLayer([
      { path: 'bin/opm', content: 'not read' },
      { path: 'etc/passwd', content: 'x' },
    ]);
    const configs = await tarLayer(
      Object.entries(CATALOG).map(([p, content]) => ({ path: `configs/${p}`, content })),
    );
    const c = await ociLayout([base, configs], CATALOG_LABELS);
    await push(reg, c.dir, 'acme/index:v4.18');
    catalogRef = `${reg.host}/acme/index:v4.18`;
  });
  afterAll(async () => reg?.stop());

  it('renders a bundle image exactly as render-bundle renders its folder', async () => {
    const restore = isolate();
    try {
      const image = await run(['render', bundleRef, '--use-http']);
      expect(image.err).toBe('');
      expect(image.code).toBe(0);
      const folder = await run(['render-bundle', bundleDir, '--image', bundleRef]);
      expect(image.out).toBe(folder.out);
      expect(JSON.parse(image.out)).toMatchObject({
        schema: 'olm.bundle',
        name: 'op.v1.0.0',
        image: bundleRef,
      });
    } finally {
      restore();
    }
  });

  it('renders a catalog image to its folder’s FBC, reading only the configs directory', async () => {
    const restore = isolate();
    try {
      const image = await run(['render', catalogRef, '--use-http', '-o', 'yaml']);
      expect(image.code).toBe(0);
      const folder = await run(['render', catalogDir, '-o', 'yaml']);
      expect(image.out).toBe(folder.out);
      expect(image.out).toContain('schema: olm.channel');
      // Warm: the second render reads the cache (the manifest is asked again: a tag moves).
      const again = await run(['render', catalogRef, '--use-http', '-o', 'yaml']);
      expect(again.out).toBe(image.out);
    } finally {
      restore();
    }
  });

  it('picks linux/amd64 from a multi-platform index, and reads a digest again with the registry gone', async () => {
    const restore = isolate();
    try {
      const layer = (v: string): Promise<Buffer> =>
        tarLayer(Object.entries(bundleFiles({ version: v })).map(([path, content]) => ({ path, content })));
      const idx = await ociIndexLayout([
        { layers: [await layer('9.9.9')], labels: BUNDLE_LABELS, os: 'linux', architecture: 'arm64' },
        { layers: [await layer('3.0.0')], labels: BUNDLE_LABELS, os: 'linux', architecture: 'amd64' },
      ]);
      // Its own registry, stopped half-way through.
      const own = await startRegistry('none');
      const digest = await push(own, idx.dir, 'acme/multi:v3');
      expect(digest).toBe(idx.digest);
      const ref = `${own.host}/acme/multi@${digest}`;
      const first = await run(['render', ref, '--use-http']);
      expect(first.err).toBe('');
      expect(JSON.parse(first.out)).toMatchObject({ name: 'op.v3.0.0', image: ref });
      await own.stop();
      // A digest never moves: with the registry gone, the cached image still renders.
      const again = await run(['render', ref, '--use-http']);
      expect(again.err).toBe('');
      expect(again.out).toBe(first.out);
      // A tag is asked again, so it fails without the registry.
      const tag = await run(['render', `${own.host}/acme/multi:v3`, '--use-http']);
      expect(tag.code).toBe(1);
    } finally {
      restore();
    }
  });

  it('open refuses a bundle image with a way out (only a catalog opens)', async () => {
    const restore = isolate();
    try {
      const r = await run(['open', bundleRef, '--use-http', '--no-browser']);
      expect(r.code).toBe(1);
      expect(r.err).toBe(`fbc-studio open: ${bundleRef} is a bundle image; open a catalog image or folder\n`);
      expect(r.out).toBe('');
    } finally {
      restore();
    }
  });

  it('says what an image that is neither catalog nor bundle is', async () => {
    const restore = isolate();
    try {
      const l = await ociLayout([await tarLayer([{ path: 'app/main', content: 'x' }])], {
        'org.opencontainers.image.title': 'app',
      });
      await push(reg, l.dir, 'acme/app:1');
      const r = await run(['render', `${reg.host}/acme/app:1`, '--use-http']);
      expect(r.code).toBe(1);
      expect(r.err).toContain(
        'is neither a catalog image (no label operators.operatorframework.io.index.configs.v1) nor a bundle image',
      );
    } finally {
      restore();
    }
  });

  it('pulls a digest through an ImageDigestMirrorSet and keeps the source pullspec', async () => {
    const restore = isolate();
    try {
      const digest = bundleRef.slice(bundleRef.indexOf('@') + 1);
      const idms = join(process.env.HOME as string, 'images-mirror-set.yaml');
      writeFileSync(
        idms,
        `apiVersion: config.openshift.io/v1\nkind: ImageDigestMirrorSet\nspec:\n  imageDigestMirrors:\n    - source: registry.prod.invalid/acme/op-bundle\n      mirrors:\n        - ${reg.host}/acme/op-bundle\n`,
      );
      const prodRef = `registry.prod.invalid/acme/op-bundle@${digest}`;
      const r = await run(['render', prodRef, '--use-http', '--mirrors', idms]);
      expect(r.code).toBe(0);
      expect(r.err).toBe(`pulled ${prodRef} from the mirror ${reg.host}/acme/op-bundle\n`);
      const blob = JSON.parse(r.out) as { image: string; relatedImages: { image: string }[] };
      expect(blob.image).toBe(prodRef);
      expect(blob.relatedImages.map((x) => x.image)).toContain(prodRef);
    } finally {
      restore();
    }
  });
});

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)('render IMAGE with credentials', () => {
  for (const auth of ['htpasswd', 'token'] as const) {
    describe(auth, () => {
      let reg: TestRegistry;
      let ref: string;
      beforeAll(async () => {
        reg = await startRegistry(auth);
        const layer = await tarLayer(
          Object.entries(bundleFiles({ version: '2.0.0' })).map(([path, content]) => ({ path, content })),
        );
        const l = await ociLayout([layer], BUNDLE_LABELS);
        ref = `${reg.host}/acme/op-bundle@${await push(reg, l.dir, 'acme/op-bundle:v2.0.0')}`;
      });
      afterAll(async () => reg?.stop());

      it('pulls with the credential from REGISTRY_AUTH_FILE', async () => {
        const file = join(tempDir('fbc-auth-'), 'auth.json');
        writeFileSync(
          file,
          JSON.stringify({
            auths: { [reg.host]: { auth: Buffer.from(`${reg.user}:${reg.password}`).toString('base64') } },
          }),
        );
        const restore = isolate({ REGISTRY_AUTH_FILE: file });
        try {
          const r = await run(['render', ref, '--use-http']);
          expect(r.err).toBe('');
          expect(JSON.parse(r.out)).toMatchObject({ name: 'op.v2.0.0' });
        } finally {
          restore();
        }
      });

      it('names the auth file on a wrong password and never prints the secret', async () => {
        const file = join(tempDir('fbc-auth-'), 'auth.json');
        writeFileSync(
          file,
          JSON.stringify({
            auths: { [reg.host]: { auth: Buffer.from(`${reg.user}:wrong-secret`).toString('base64') } },
          }),
        );
        const restore = isolate({ REGISTRY_AUTH_FILE: file });
        try {
          const r = await run(['render', ref, '--use-http']);
          expect(r.code).toBe(1);
          // opm render's log.Fatal: the time, then Run's `render reference %q: ` around the reason.
          expect(r.err.replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d /, '')).toBe(
            `render reference "${ref}": pulling ${ref}: 401 Unauthorized: the credential for ${reg.host} from ${file} was refused\n`,
          );
          expect(r.err + r.out).not.toContain('wrong-secret');
        } finally {
          restore();
        }
      });

      it('says no credential was found when none is', async () => {
        const restore = isolate();
        try {
          const r = await run(['render', ref, '--use-http']);
          expect(r.code).toBe(1);
          expect(r.err).toContain(`401 Unauthorized: no credential for ${reg.host} was found`);
        } finally {
          restore();
        }
      });
    });
  }
});

// Runs Debian's docker-registry and skopeo (.ci/run installs both) on the corpus in ../shared: skipped with
// the printed reasons where either is absent; CI has both.
describe.skipIf(!hasRegistryTools || !hasShared)('render IMAGE of every corpus bundle', () => {
  let reg: TestRegistry;
  beforeAll(async () => {
    reg = await startRegistry('none');
  });
  afterAll(async () => reg?.stop());

  it('equals render-bundle of the bundle folder, byte for byte, in JSON and YAML and both migrate levels', async () => {
    const restore = isolate();
    try {
      const root = sharedPath('corpus', 'bundles');
      const dirs = readdirSync(root)
        .filter((p) => p !== '_fixtures' && statSync(join(root, p)).isDirectory())
        .flatMap((p) => readdirSync(join(root, p)).map((v) => join(root, p, v)))
        .filter((d) => statSync(d).isDirectory() && existsSync(join(d, 'metadata', 'annotations.yaml')));
      expect(dirs.length).toBeGreaterThan(30);
      let i = 0;
      for (const dir of dirs) {
        const files = await folderLayerFiles(dir, '.');
        const l = await ociLayout(
          [await tarLayer(files.map((f) => ({ ...f, path: f.path.slice(2) })))],
          BUNDLE_LABELS,
        );
        const name = `corpus/b${i++}`;
        const ref = `${reg.host}/${name}@${await push(reg, l.dir, `${name}:1`)}`;
        for (const level of ['none', 'bundle-object-to-csv-metadata']) {
          for (const o of ['json', 'yaml']) {
            const image = await run(['render', ref, '--use-http', '-o', o, '--migrate-level', level]);
            const folder = await run([
              'render-bundle',
              dir,
              '--image',
              ref,
              '-o',
              o,
              '--migrate-level',
              level,
            ]);
            expect(image.code, `${dir}: ${image.err}`).toBe(folder.code);
            expect(image.out, dir).toBe(folder.out);
          }
        }
      }
    } finally {
      restore();
    }
  }, 240_000);
});
