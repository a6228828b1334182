/**
 * A real registry for tests: Debian's `docker-registry` (the CNCF distribution registry) on
 * 127.0.0.1 at a free port, with no auth, htpasswd basic auth (the htpasswd file is written here with
 * bcryptjs, so no `htpasswd` binary — apache2-utils — is needed), or token auth (a token endpoint in
 * the test signs JWTs with a key and certificate made by `openssl` for this run). Images are built
 * here as OCI layouts and pushed with `skopeo copy` — an independent client — so the project's code
 * only ever reads what another program wrote.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, createSign, randomBytes } from 'node:crypto';
import { existsSync, promises as fs, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import bcrypt from 'bcryptjs';
import { pack } from 'tar-stream';
import { tempDir } from './temp-dir';

const run = promisify(execFile);

export const REGISTRY_BIN = '/usr/bin/docker-registry';
export const SKOPEO_BIN = '/usr/bin/skopeo';
const PUSH_TIMEOUT_MS = 60_000;
export const hasRegistryTools = existsSync(REGISTRY_BIN) && existsSync(SKOPEO_BIN);
export const registrySkipReason =
  'registry tests: skipped, docker-registry and skopeo are not installed (apt-get install docker-registry skopeo; .ci/run installs them)';

export type RegistryAuth = 'none' | 'htpasswd' | 'token';

export interface TestRegistry {
  host: string;
  auth: RegistryAuth;
  user: string;
  password: string;
  dir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function b64url(b: Buffer | string): string {
  return Buffer.from(b).toString('base64url');
}

/** A token endpoint as distribution's token auth expects it: an RS256 JWT with the cert in x5c. */
async function startTokenServer(
  dir: string,
  user: string,
  password: string,
  service: string,
): Promise<{ url: string; cert: string; server: Server }> {
  const key = join(dir, 'token.key');
  const cert = join(dir, 'token.crt');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=fbc-studio-test-token',
  ]);
  const keyPem = await fs.readFile(key, 'utf8');
  const certDer = (await fs.readFile(cert, 'utf8')).replace(/-----[^-]+-----|\s/g, '');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const auth = req.headers.authorization ?? '';
    const ok = auth === `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    if (!ok) {
      res.writeHead(401).end('{"errors":[{"code":"UNAUTHORIZED"}]}');
      return;
    }
    const scope = url.searchParams.get('scope') ?? '';
    const [type, name, actions] = scope.split(':');
    const now = Math.floor(Date.now() / 1000);
    const header = { alg: 'RS256', typ: 'JWT', x5c: [certDer] };
    const claims = {
      iss: 'fbc-studio-test',
      sub: user,
      aud: service,
      exp: now + 300,
      nbf: now - 10,
      iat: now,
      jti: randomBytes(8).toString('hex'),
      access: type ? [{ type, name, actions: (actions ?? '').split(',') }] : [],
    };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
    const sig = createSign('RSA-SHA256').update(input).sign(keyPem);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ token: `${input}.${b64url(sig)}` }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`, cert, server };
}

/** Up to 30 s: the registry starts in well under one on an idle machine, not on a busy one. */
async function waitUp(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited: ${log()}`);
    const up = await new Promise<boolean>((r) => {
      const req = request({ host: '127.0.0.1', port, path: '/v2/', method: 'GET' }, (res) => {
        res.resume();
        r(true);
      });
      req.on('error', () => r(false));
      req.end();
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`docker-registry did not start: ${log()}`);
}

export async function startRegistry(auth: RegistryAuth = 'none'): Promise<TestRegistry> {
  const dir = await fs.mkdtemp(join(tmpdir(), 'fbc-registry-'));
  const port = await freePort();
  const user = 'maintainer';
  const password = `pw-${randomBytes(6).toString('hex')}`;
  let authYaml = '';
  let tokenServer: Server | undefined;
  if (auth === 'htpasswd') {
    await fs.writeFile(join(dir, 'htpasswd'), `${user}:${bcrypt.hashSync(password, 4)}\n`);
    authYaml = `auth:\n  htpasswd:\n    realm: test-realm\n    path: ${join(dir, 'htpasswd')}\n`;
  } else if (auth === 'token') {
    const t = await startTokenServer(dir, user, password, 'test-registry');
    tokenServer = t.server;
    authYaml = `auth:\n  token:\n    realm: ${t.url}\n    service: test-registry\n    issuer: fbc-studio-test\n    rootcertbundle: ${t.cert}\n`;
  }
  const config = `version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: ${join(dir, 'data')}\n  delete:\n    enabled: true\nhttp:\n  addr: 127.0.0.1:${port}\n${authYaml}`;
  await fs.writeFile(join(dir, 'config.yml'), config);
  const child = spawn(REGISTRY_BIN, ['serve', join(dir, 'config.yml')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    if (stderr.length < 8000) stderr += d.toString();
  });
  await waitUp(port, child, () => stderr);
  return {
    host: `127.0.0.1:${port}`,
    auth,
    user,
    password,
    dir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      tokenServer?.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export interface LayerFile {
  path: string;
  content?: string | Buffer;
  /** Tar entry type for hostile layers. */
  type?: 'file' | 'directory' | 'symlink' | 'link' | 'character-device';
  linkname?: string;
}

export async function tarLayer(files: readonly LayerFile[]): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on('data', (c: unknown) => chunks.push(c as Buffer));
  const done = new Promise<void>((r) => p.on('end', () => r()));
  for (const f of files) {
    const type = f.type ?? 'file';
    const body = f.content === undefined ? undefined : Buffer.from(f.content);
    await new Promise<void>((resolveEntry, reject) => {
      const header = {
        name: f.path,
        type,
        mode: type === 'directory' ? 0o755 : 0o644,
        ...(f.linkname ? { linkname: f.linkname } : {}),
        ...(type === 'file' ? { size: body?.length ?? 0 } : {}),
      };
      const cb = (e?: Error | null): void => (e ? reject(e) : resolveEntry());
      if (type === 'file') p.entry(header, body ?? Buffer.alloc(0), cb);
      else p.entry(header, cb);
    });
  }
  p.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** The files of a folder, as layer entries under `prefix`. */
export async function folderLayerFiles(dir: string, prefix: string): Promise<LayerFile[]> {
  const out: LayerFile[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of (await fs.readdir(d, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile())
        out.push({
          path: `${prefix}/${relative(dir, p).split('\\').join('/')}`,
          content: await fs.readFile(p),
        });
    }
  };
  await walk(dir);
  return out;
}

function digestOf(b: Buffer): string {
  return `sha256:${createHash('sha256').update(b).digest('hex')}`;
}

/** The zstd command (Debian's `zstd`), which compresses the zstd layers of the tests. */
export const ZSTD_BIN = '/usr/bin/zstd';
export const hasZstd = existsSync(ZSTD_BIN);

/** `tar` compressed by the zstd command, as a build tool writes a `tar+zstd` layer. */
export function zstdCompress(tar: Buffer, args: readonly string[] = []): Buffer {
  return execFileSync(ZSTD_BIN, ['-q', '-c', ...args], { input: tar, maxBuffer: 1 << 30 });
}

/**
 * An OCI layout with one image (gzip layers; `zstd`: compressed by the zstd command; `gzip:
 * false`: plain tar), tagged `latest`; returns the layout dir and manifest digest.
 */
/**
 * The layouts this process wrote, pushed and read within a test file: a unit test file's are removed
 * after it (test/support/temp-dirs.ts); what is left when the process ends (a Playwright worker's) then.
 */
const layouts: string[] = ((globalThis as { __fbcTempDirs?: string[] }).__fbcTempDirs ??= []);
process.once('exit', () => {
  for (const d of layouts) rmSync(d, { recursive: true, force: true });
});

export async function ociLayout(
  layers: readonly Buffer[],
  labels: Record<string, string>,
  opts: { gzip?: boolean; zstd?: boolean } = {},
): Promise<{ dir: string; digest: string }> {
  const dir = await fs.mkdtemp(join(tmpdir(), 'fbc-oci-'));
  layouts.push(dir);
  const blobs = join(dir, 'blobs', 'sha256');
  await fs.mkdir(blobs, { recursive: true });
  const put = async (b: Buffer): Promise<string> => {
    const d = digestOf(b);
    await fs.writeFile(join(blobs, d.slice(7)), b);
    return d;
  };
  const gz = opts.gzip !== false && !opts.zstd;
  const layerDescs = [];
  const diffIds = [];
  for (const l of layers) {
    const body = opts.zstd ? zstdCompress(l) : gz ? gzipSync(l) : l;
    layerDescs.push({
      mediaType: opts.zstd
        ? 'application/vnd.oci.image.layer.v1.tar+zstd'
        : gz
          ? 'application/vnd.oci.image.layer.v1.tar+gzip'
          : 'application/vnd.oci.image.layer.v1.tar',
      digest: await put(body),
      size: body.length,
    });
    diffIds.push(digestOf(l));
  }
  const config = Buffer.from(
    JSON.stringify({
      architecture: 'amd64',
      os: 'linux',
      config: { Labels: labels },
      rootfs: { type: 'layers', diff_ids: diffIds },
    }),
  );
  const manifest = Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: 'application/vnd.oci.image.manifest.v1+json',
      config: {
        mediaType: 'application/vnd.oci.image.config.v1+json',
        digest: await put(config),
        size: config.length,
      },
      layers: layerDescs,
    }),
  );
  const md = await put(manifest);
  await fs.writeFile(join(dir, 'oci-layout'), '{"imageLayoutVersion":"1.0.0"}');
  await fs.writeFile(
    join(dir, 'index.json'),
    JSON.stringify({
      schemaVersion: 2,
      manifests: [
        {
          mediaType: 'application/vnd.oci.image.manifest.v1+json',
          digest: md,
          size: manifest.length,
          annotations: { 'org.opencontainers.image.ref.name': 'latest' },
        },
      ],
    }),
  );
  return { dir, digest: md };
}

/**
 * An OCI layout whose `latest` is an image index of several platforms (the first listed is not
 * linux/amd64, so a reader that takes the first entry is caught).
 */
export async function ociIndexLayout(
  images: readonly {
    layers: readonly Buffer[];
    labels: Record<string, string>;
    os: string;
    architecture: string;
  }[],
): Promise<{ dir: string; digest: string }> {
  const parts = [];
  let dir = '';
  for (const img of images) {
    const one = await ociLayout(img.layers, img.labels);
    if (!dir) dir = one.dir;
    else {
      for (const f of await fs.readdir(join(one.dir, 'blobs', 'sha256'))) {
        await fs.copyFile(join(one.dir, 'blobs', 'sha256', f), join(dir, 'blobs', 'sha256', f));
      }
    }
    const size = (await fs.stat(join(dir, 'blobs', 'sha256', one.digest.slice(7)))).size;
    parts.push({
      mediaType: 'application/vnd.oci.image.manifest.v1+json',
      digest: one.digest,
      size,
      platform: { os: img.os, architecture: img.architecture },
    });
  }
  const index = Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: 'application/vnd.oci.image.index.v1+json',
      manifests: parts,
    }),
  );
  const digest = digestOf(index);
  await fs.writeFile(join(dir, 'blobs', 'sha256', digest.slice(7)), index);
  await fs.writeFile(
    join(dir, 'index.json'),
    JSON.stringify({
      schemaVersion: 2,
      manifests: [
        {
          mediaType: 'application/vnd.oci.image.index.v1+json',
          digest,
          size: index.length,
          annotations: { 'org.opencontainers.image.ref.name': 'latest' },
        },
      ],
    }),
  );
  return { dir, digest };
}

/**
 * `files` (path → text) built as a one-layer image with `labels` and pushed with skopeo to `repoTag`
 * (`repo:tag`) of `reg`; returns the image by digest, `host/repo@sha256:…`, as a template names it.
 */
export async function pushFiles(
  reg: TestRegistry,
  files: Record<string, string>,
  labels: Record<string, string>,
  repoTag: string,
  opts: { zstd?: boolean } = {},
): Promise<string> {
  const layer = await tarLayer(Object.entries(files).map(([path, content]) => ({ path, content })));
  const digest = await push(reg, (await ociLayout([layer], labels, opts)).dir, repoTag);
  return `${reg.host}/${repoTag.slice(0, repoTag.lastIndexOf(':'))}@${digest}`;
}

/** Pushes an OCI layout with skopeo (every platform of an index); returns the pushed top-level digest. */
export async function push(reg: TestRegistry, layoutDir: string, repoTag: string): Promise<string> {
  const digestFile = join(layoutDir, '..', `${randomBytes(4).toString('hex')}.digest`);
  const args = [
    '--insecure-policy',
    'copy',
    '--all',
    '--quiet',
    '--dest-tls-verify=false',
    '--digestfile',
    digestFile,
  ];
  if (reg.auth !== 'none') args.push('--dest-creds', `${reg.user}:${reg.password}`);
  args.push(`oci:${layoutDir}:latest`, `docker://${reg.host}/${repoTag}`);
  // A push takes well under a second here; one that hangs (seen once in CI, beside a busy unit run)
  // is killed after a minute and made once more, so a stuck copy is not a test's 4-minute timeout.
  for (let attempt = 1; ; attempt++) {
    try {
      await run(SKOPEO_BIN, args, { timeout: PUSH_TIMEOUT_MS });
      break;
    } catch (e) {
      if (attempt === 1 && (e as { killed?: boolean }).killed) continue;
      throw e;
    }
  }
  const digest = (await fs.readFile(digestFile, 'utf8')).trim();
  await fs.rm(digestFile, { force: true });
  return digest;
}

export const BUNDLE_LABELS = {
  'operators.operatorframework.io.bundle.mediatype.v1': 'registry+v1',
  'operators.operatorframework.io.bundle.manifests.v1': 'manifests/',
  'operators.operatorframework.io.bundle.metadata.v1': 'metadata/',
};
export const CATALOG_LABELS = { 'operators.operatorframework.io.index.configs.v1': '/configs' };

/**
 * A test's own HOME, config and cache (credentials, registries.conf, image cache), so the
 * developer's are never read; returns the function that puts the environment back.
 */
export function isolateHome(extra: Record<string, string> = {}): () => void {
  const keys = [
    'HOME',
    'XDG_CACHE_HOME',
    'XDG_CONFIG_HOME',
    'XDG_RUNTIME_DIR',
    'DOCKER_CONFIG',
    'REGISTRY_AUTH_FILE',
    'OLM_CACHE_DIR',
  ];
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  const home = tempDir('fbc-home-');
  for (const k of keys) delete process.env[k];
  process.env.HOME = home;
  process.env.XDG_CACHE_HOME = join(home, 'cache');
  process.env.XDG_CONFIG_HOME = join(home, 'config');
  Object.assign(process.env, extra);
  return () => {
    for (const k of keys) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  };
}
