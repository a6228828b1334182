/**
 * The server pulling images for the app ("Open image…", "Add bundle by image reference…"), against
 * Debian's docker-registry on 127.0.0.1 with images pushed by skopeo: a catalog image's FBC and a
 * bundle image's folder are served read-only through the same folder API; a failed pull is a 502
 * that says why; only the app's own origin may ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePuller } from '../../../src/cli/open-command';
import { bundleFiles } from '../bundle/bundle-fixture';
import {
  BUNDLE_LABELS,
  CATALOG_LABELS,
  hasRegistryTools,
  isolateHome,
  registrySkipReason,
  startRegistry,
  type TestRegistry,
  pushFiles,
} from '../../support/registry';
import { raw } from './raw-http';
import { CATALOG, serveFixture, type Served } from './serve-fixture';

if (!hasRegistryTools) console.log(registrySkipReason);

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)('POST /api/images: images pulled for the app', () => {
  let reg: TestRegistry;
  let s: Served;
  let restore: () => void;
  let catalogRef: string;
  let bundleRef: string;
  const log: string[] = [];
  beforeAll(async () => {
    restore = isolateHome();
    reg = await startRegistry('none');
    await pushFiles(reg, { 'configs/foo/catalog.yaml': CATALOG }, CATALOG_LABELS, 'acme/index:v4.18');
    catalogRef = `${reg.host}/acme/index:v4.18`;
    const files = bundleFiles({ version: '1.0.0', channels: 'stable', defaultChannel: 'stable' });
    bundleRef = await pushFiles(reg, files, BUNDLE_LABELS, 'acme/op-bundle:v1.0.0');
    const io = { out: (t: string) => log.push(t), err: (t: string) => log.push(t) };
    s = await serveFixture({ pullImage: imagePuller({ useHttp: true }, io) });
  });
  afterAll(async () => {
    await s?.close();
    await reg?.stop();
    restore?.();
  });

  const pull = (ref: string, headers = s.write) =>
    raw(s.server.port, {
      method: 'POST',
      path: '/api/images',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ref }),
    });

  it('serves a catalog image read-only under /images/<id>/, as a folder', async () => {
    const r = await pull(catalogRef);
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body) as { id: string; name: string; kind: string; digest: string };
    expect(body).toMatchObject({ name: catalogRef, kind: 'catalog' });
    expect(body.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const list = await raw(s.server.port, { path: `/images/${body.id}/api/files`, headers: s.session });
    expect(JSON.parse(list.body)).toEqual({
      name: catalogRef,
      readOnly: true,
      files: [{ path: 'foo/catalog.yaml', size: CATALOG.length, version: 'fixed' }],
    });
    const file = await raw(s.server.port, {
      path: `/images/${body.id}/api/file?path=foo%2Fcatalog.yaml`,
      headers: s.session,
    });
    expect(file.body).toBe(CATALOG);
    const put = await raw(s.server.port, {
      method: 'PUT',
      path: `/images/${body.id}/api/file?path=foo%2Fcatalog.yaml`,
      headers: { ...s.write, 'If-Match': '"fixed"' },
      body: 'x',
    });
    expect(put.status).toBe(403);
    // The served folder itself is untouched.
    const own = await raw(s.server.port, { path: '/api/files', headers: s.session });
    expect(JSON.parse(own.body).name).toBe('repo');
    expect(log.join('')).toContain(`pulled ${catalogRef} (sha256:`);
  });

  it("serves a bundle image's manifests/ and metadata/", async () => {
    const r = await pull(bundleRef);
    const body = JSON.parse(r.body) as { id: string; kind: string };
    expect(body.kind).toBe('bundle');
    const list = await raw(s.server.port, { path: `/images/${body.id}/api/files`, headers: s.session });
    const paths = (JSON.parse(list.body) as { files: { path: string }[] }).files.map((f) => f.path);
    expect(paths).toContain('metadata/annotations.yaml');
    expect(paths.some((p) => p.startsWith('manifests/'))).toBe(true);
  });

  it('says why a pull failed (502), refuses other origins and bad requests', async () => {
    const missing = await pull(`${reg.host}/acme/none:v1`);
    expect(missing.status).toBe(502);
    expect(JSON.parse(missing.body).error).toContain('acme/none');
    expect((await pull(catalogRef, s.session)).status).toBe(403);
    expect((await pull(catalogRef, { ...s.session, Origin: 'http://evil.example' })).status).toBe(403);
    const bad = await raw(s.server.port, {
      method: 'POST',
      path: '/api/images',
      headers: s.write,
      body: '{"ref": 5}',
    });
    expect(bad.status).toBe(400);
    const unknown = await raw(s.server.port, {
      path: '/images/0123456789abcdef/api/files',
      headers: s.session,
    });
    expect(unknown.status).toBe(404);
  });
});
