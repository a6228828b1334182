/**
 * Registries and images that try to hurt: layer entries that leave the root, links and devices
 * where files are read, sizes past the limits, content that does not hash to its digest, redirect
 * loops and stalled connections. Each is refused with a clear error and nothing is written outside
 * the cache.
 */
import { existsSync, promises as fs, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageCache } from '../../../src/node/registry/cache';
import { MAX_MANIFEST_BYTES, RegistryClient } from '../../../src/node/registry/client';
import { DEFAULT_TRANSPORT } from '../../../src/node/registry/http';
import { pullImage, type PullOptions } from '../../../src/node/registry/pull';
import { DEFAULT_UNPACK_LIMITS } from '../../../src/node/registry/unpack';
import {
  BUNDLE_LABELS,
  CATALOG_LABELS,
  hasRegistryTools,
  ociLayout,
  push,
  registrySkipReason,
  startRegistry,
  tarLayer,
  type LayerFile,
  type TestRegistry,
} from '../../support/registry';
import { tempDir } from '../../support/temp-dir';

if (!hasRegistryTools) console.log(registrySkipReason);

function options(cacheRoot: string, extra: Partial<PullOptions> = {}, idleTimeoutMs = 5_000): PullOptions {
  const client = new RegistryClient({
    transport: { ...DEFAULT_TRANSPORT, idleTimeoutMs },
    useHttp: true,
    credentials: { env: {}, home: cacheRoot },
    maxManifestBytes: MAX_MANIFEST_BYTES,
  });
  return { client, cache: new ImageCache(join(cacheRoot, 'images')), mirrors: [], ...extra };
}

// Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools)('hostile images', () => {
  let reg: TestRegistry;
  let cacheRoot: string;
  const pushLayer = async (
    name: string,
    files: LayerFile[],
    labels: Record<string, string> = BUNDLE_LABELS,
  ): Promise<string> => {
    const l = await ociLayout([await tarLayer(files)], labels);
    return `${reg.host}/hostile/${name}@${await push(reg, l.dir, `hostile/${name}:1`)}`;
  };
  beforeAll(async () => {
    reg = await startRegistry('none');
  });
  afterAll(async () => reg?.stop());

  const fresh = (): string => (cacheRoot = tempDir('fbc-hostile-'));
  /** Nothing is written under the test's folder but the cache (nothing at all when refused early), and no partial unpack is left. */
  const onlyInCache = (): void => {
    expect(readdirSync(cacheRoot).filter((n) => n !== 'images')).toEqual([]);
    const tmp = join(cacheRoot, 'images', 'tmp');
    if (existsSync(tmp)) expect(readdirSync(tmp)).toEqual([]);
    const unpacked = join(cacheRoot, 'images', 'unpacked');
    if (existsSync(unpacked)) expect(readdirSync(unpacked)).toEqual([]);
  };

  it('refuses an entry that climbs out of the root', async () => {
    const ref = await pushLayer('climb', [{ path: 'manifests/../../../escaped.yaml', content: 'x' }]);
    await expect(pullImage(ref, options(fresh()))).rejects.toThrow(
      /entry "manifests\/..\/..\/..\/escaped.yaml" leaves the image root: refused/,
    );
    onlyInCache();
    expect(existsSync(join(cacheRoot, '..', 'escaped.yaml'))).toBe(false);
  });

  it('refuses a symlink or a device where the bundle is read, and ignores them elsewhere', async () => {
    const link = await pushLayer('link', [
      { path: 'manifests/csv.yaml', type: 'symlink', linkname: '/etc/shadow' },
    ]);
    await expect(pullImage(link, options(fresh()))).rejects.toThrow(
      /entry "manifests\/csv.yaml" is a symlink \(to "\/etc\/shadow"\)/,
    );
    const dev = await pushLayer('dev', [{ path: 'metadata/tty', type: 'character-device' }]);
    await expect(pullImage(dev, options(fresh()))).rejects.toThrow(/is a character-device/);
    // A base image's links outside the bundle's folders are never unpacked, so they do not matter.
    const ok = await pushLayer('base-links', [
      { path: 'bin', type: 'symlink', linkname: 'usr/bin' },
      { path: 'metadata/annotations.yaml', content: 'annotations: {}\n' },
    ]);
    const pulled = await pullImage(ok, options(fresh()));
    expect(existsSync(join(pulled.root, 'bin'))).toBe(false);
    expect(existsSync(join(pulled.root, 'metadata', 'annotations.yaml'))).toBe(true);
  });

  it('refuses a file or an image past the limits', async () => {
    const big = await pushLayer('big', [{ path: 'manifests/big.yaml', content: Buffer.alloc(4096, 0x61) }]);
    const limits = { ...DEFAULT_UNPACK_LIMITS, maxFileBytes: 1024 };
    await expect(pullImage(big, options(fresh(), { limits }))).rejects.toThrow(
      /is 4096 bytes, more than the limit of 1024/,
    );
    await expect(pullImage(big, options(fresh(), { maxLayerBytes: 100 }))).rejects.toThrow(
      /more than the limit of 100/,
    );
    onlyInCache();
  });

  it('refuses a layer whose bytes do not hash to its digest', async () => {
    const ref = await pushLayer('tampered', [{ path: 'manifests/a.yaml', content: 'original' }]);
    // Change the stored layer behind the registry's back (a compromised registry or mirror).
    const blobs = join(reg.dir, 'data', 'docker', 'registry', 'v2', 'blobs', 'sha256');
    // The layer is the gzip blob pushed last under hostile/tampered: find it by the manifest.
    const digest = ref.slice(ref.indexOf('@sha256:') + 8);
    const manifest = JSON.parse(
      await fs.readFile(join(blobs, digest.slice(0, 2), digest, 'data'), 'utf8'),
    ) as { layers: { digest: string }[] };
    const layerHex = (manifest.layers[0]?.digest ?? '').slice(7);
    const layerFile = join(blobs, layerHex.slice(0, 2), layerHex, 'data');
    const bytes = await fs.readFile(layerFile);
    bytes.writeUInt8((bytes.readUInt8(bytes.length - 5) ^ 0xff) & 0xff, bytes.length - 5);
    await fs.writeFile(layerFile, bytes);
    await expect(pullImage(ref, options(fresh()))).rejects.toThrow(/digest mismatch: expected sha256:/);
    onlyInCache();
    expect(readdirSync(join(cacheRoot, 'images', 'blobs', 'sha256'))).toEqual([]);
  });

  it('reads a catalog image whose configs label tries to leave the root from inside the root', async () => {
    const ref = await pushLayer(
      'label',
      [{ path: 'configs/op/catalog.yaml', content: 'schema: olm.package\nname: op\n' }],
      {
        ...CATALOG_LABELS,
        'operators.operatorframework.io.index.configs.v1': '/../../configs',
      },
    );
    const pulled = await pullImage(ref, options(fresh()));
    expect(pulled.dir).toBe(join(pulled.root, 'configs'));
  });
});

describe('hostile registries', () => {
  let server: Server;
  let host: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.includes('/loop/')) {
        res.writeHead(307, { location: req.url }).end();
        return;
      }
      if (req.url?.includes('/stall/')) return; // never answers
      if (req.url?.includes('/huge/')) {
        res.writeHead(200, {
          'content-type': 'application/vnd.oci.image.manifest.v1+json',
          'content-length': String(64 << 20),
        });
        res.write('{"schemaVersion":2,');
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('stops a redirect loop', async () => {
    const root = tempDir('fbc-hostile-');
    await expect(pullImage(`${host}/loop/x:1`, options(root))).rejects.toThrow(
      /more than 5 redirects \(a redirect loop\?\)/,
    );
  });

  it('times out a stalled connection', async () => {
    const root = tempDir('fbc-hostile-');
    await expect(pullImage(`${host}/stall/x:1`, options(root, {}, 300))).rejects.toThrow(
      /no answer for 0.3 s \(timed out\)/,
    );
  });

  it('refuses a manifest larger than the limit before reading it', async () => {
    const root = tempDir('fbc-hostile-');
    await expect(pullImage(`${host}/huge/x:1`, options(root))).rejects.toThrow(
      /the manifest of .* is 67108864 bytes, more than the limit of 4194304/,
    );
  });
});
