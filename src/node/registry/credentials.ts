/**
 * Registry credentials found as opm ≥ 1.73 finds them (operator-registry
 * pkg/image/containersimageregistry getAuthFile, then containers/image's defaults):
 *   1. REGISTRY_AUTH_FILE, 2. $DOCKER_CONFIG/config.json, 3. ~/.docker/config.json,
 *   4. ${XDG_RUNTIME_DIR}/containers/auth.json, 5. ${XDG_CONFIG_HOME:-~/.config}/containers/auth.json.
 * A file is used only when it holds a credential for the image (opm before 1.73 let an existing
 * but empty ~/.docker/config.json win and failed with 401: that bug is not copied). Entries match
 * as containers/image matches them: the most specific `registry/namespace/repo` key first, down to
 * the registry; docker-style keys (`https://index.docker.io/v1/`) are read as their host.
 * `credHelpers` / `credsStore` run `docker-credential-<name> get` (the helper protocol: the server
 * on stdin, JSON on stdout), without a shell. Secrets stay in memory; only file names are printed.
 */
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ImageReference } from './reference';

export interface Credential {
  username: string;
  password: string;
  /** An identity token (OAuth refresh token) instead of a password. */
  identityToken?: string;
  /** Where it came from, for messages: a file path or `docker-credential-<name>`. */
  from: string;
}

interface AuthFile {
  auths?: Record<string, { auth?: string; username?: string; password?: string; identitytoken?: string }>;
  credHelpers?: Record<string, string>;
  credsStore?: string;
}

export interface CredentialEnv {
  env: NodeJS.ProcessEnv;
  home: string;
  /** Runs a credential helper (tests pass their own; the default spawns the program). */
  runHelper?: (program: string, server: string) => Promise<string | undefined>;
}

export function defaultCredentialEnv(): CredentialEnv {
  return { env: process.env, home: homedir() };
}

/** The auth files to look in, in opm's order (duplicates dropped). */
export function authFileCandidates(c: CredentialEnv): string[] {
  const out: string[] = [];
  const e = c.env;
  if (e.REGISTRY_AUTH_FILE) out.push(e.REGISTRY_AUTH_FILE);
  if (e.DOCKER_CONFIG) out.push(join(e.DOCKER_CONFIG, 'config.json'));
  out.push(join(c.home, '.docker', 'config.json'));
  if (e.XDG_RUNTIME_DIR) out.push(join(e.XDG_RUNTIME_DIR, 'containers', 'auth.json'));
  out.push(join(e.XDG_CONFIG_HOME || join(c.home, '.config'), 'containers', 'auth.json'));
  return [...new Set(out)];
}

/** `https://index.docker.io/v1/` → `docker.io`; `quay.io/org` stays. */
function normalizeKey(key: string): string {
  let k = key.replace(/^[a-z]+:\/\//, '');
  // Docker's keys may carry an API path (`host/v1/`, `host/v2/`): that is not a namespace.
  k = k.replace(/\/v[12]\/?$/, '').replace(/\/+$/, '');
  if (k === 'index.docker.io' || k === 'registry-1.docker.io') k = 'docker.io';
  return k;
}

/** The keys an image's credential may be stored under, most specific first. */
function lookupKeys(ref: ImageReference): string[] {
  const parts = ref.repository.split('/');
  const keys: string[] = [];
  for (let n = parts.length; n >= 1; n--) keys.push(`${ref.registry}/${parts.slice(0, n).join('/')}`);
  keys.push(ref.registry);
  return keys;
}

function decodeEntry(
  e: { auth?: string; username?: string; password?: string; identitytoken?: string },
  from: string,
): Credential | undefined {
  if (e.auth) {
    const text = Buffer.from(e.auth, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (colon > 0) {
      const c: Credential = { username: text.slice(0, colon), password: text.slice(colon + 1), from };
      if (e.identitytoken) c.identityToken = e.identitytoken;
      return c;
    }
  }
  if (e.username && (e.password || e.identitytoken)) {
    const c: Credential = { username: e.username, password: e.password ?? '', from };
    if (e.identitytoken) c.identityToken = e.identitytoken;
    return c;
  }
  if (e.identitytoken) return { username: '<token>', password: '', identityToken: e.identitytoken, from };
  return undefined;
}

async function readAuthFile(path: string): Promise<AuthFile | undefined> {
  try {
    const stat = await fs.stat(path);
    if (!stat.isFile() || stat.size > 1 << 20) return undefined;
    const parsed = JSON.parse(await fs.readFile(path, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as AuthFile) : undefined;
  } catch {
    return undefined;
  }
}

async function spawnHelper(program: string, server: string): Promise<string | undefined> {
  return new Promise((resolveOut) => {
    const child = spawn(program, ['get'], { stdio: ['pipe', 'pipe', 'ignore'], shell: false });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      if (out.length < 1 << 16) out += d;
    });
    child.on('error', () => resolveOut(undefined));
    child.on('close', (code) => resolveOut(code === 0 ? out : undefined));
    child.stdin.end(server);
  });
}

async function fromHelper(
  name: string,
  ref: ImageReference,
  c: CredentialEnv,
): Promise<Credential | undefined> {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) return undefined;
  const program = `docker-credential-${name}`;
  const run = c.runHelper ?? spawnHelper;
  const server = ref.registry === 'docker.io' ? 'https://index.docker.io/v1/' : ref.registry;
  const text = await run(program, server);
  if (!text) return undefined;
  try {
    const j = JSON.parse(text) as { Username?: string; Secret?: string };
    if (!j.Secret) return undefined;
    if (j.Username === '<token>')
      return { username: '<token>', password: '', identityToken: j.Secret, from: program };
    return { username: j.Username ?? '', password: j.Secret, from: program };
  } catch {
    return undefined;
  }
}

/** What a file holds for this image, or undefined. */
async function credentialIn(
  file: AuthFile,
  path: string,
  ref: ImageReference,
  c: CredentialEnv,
): Promise<Credential | undefined> {
  const keys = lookupKeys(ref);
  const helpers = new Map(Object.entries(file.credHelpers ?? {}).map(([k, v]) => [normalizeKey(k), v]));
  for (const key of keys) {
    const helper = helpers.get(key);
    if (helper) {
      const cred = await fromHelper(helper, ref, c);
      if (cred) return cred;
    }
  }
  const auths = new Map(Object.entries(file.auths ?? {}).map(([k, v]) => [normalizeKey(k), v]));
  for (const key of keys) {
    const entry = auths.get(key);
    const cred = entry ? decodeEntry(entry, path) : undefined;
    if (cred) return cred;
  }
  if (file.credsStore) return fromHelper(file.credsStore, ref, c);
  return undefined;
}

/** The credential for `ref` from the first file (in opm's order) that holds one; undefined: anonymous. */
export async function findCredential(
  ref: ImageReference,
  c: CredentialEnv = defaultCredentialEnv(),
): Promise<Credential | undefined> {
  for (const path of authFileCandidates(c)) {
    const file = await readAuthFile(path);
    if (!file) continue;
    const cred = await credentialIn(file, path, ref, c);
    if (cred) return cred;
  }
  return undefined;
}
