/**
 * The registry settings a command runs with, from its flags and the user's files: transport
 * (`--use-http`, `--skip-tls-verify`, `--ca-file`), mirrors (`--mirrors FILE`: ImageDigestMirrorSet /
 * ImageContentSourcePolicy YAML or registries.conf TOML; else the user's registries.conf —
 * `$XDG_CONFIG_HOME/containers/registries.conf`, else `/etc/containers/registries.conf`, as
 * containers/image reads them), the cache and the credentials' environment.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defaultCacheDir, ImageCache } from './cache';
import { MAX_MANIFEST_BYTES, RegistryClient } from './client';
import { defaultCredentialEnv } from './credentials';
import { DEFAULT_TRANSPORT } from './http';
import { MirrorConfigError, parseMirrorSets, parseRegistriesConf, type MirrorRule } from './mirrors';
import type { PullOptions } from './pull';

export interface RegistryFlags {
  useHttp?: boolean;
  skipTlsVerify?: boolean;
  caFile?: string;
  mirrors?: string[];
  /** Rules from elsewhere (the repository configuration's `mirrors`), asked before the files'. */
  rules?: MirrorRule[];
  /** Milliseconds without a byte before a request fails. */
  timeoutMs?: number;
}

/** Reads one mirrors file: TOML when it has `[[registry]]` / `[registries`, else mirror-set YAML. */
export function readMirrorFile(path: string): MirrorRule[] {
  const text = readFileSync(path, 'utf8');
  return /^\s*\[\[?registr/m.test(text) ? parseRegistriesConf(text, path) : parseMirrorSets(text, path);
}

function defaultRegistriesConf(env: NodeJS.ProcessEnv, warn: (s: string) => void): MirrorRule[] {
  const user = join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'containers', 'registries.conf');
  const path = [user, '/etc/containers/registries.conf'].find((p) => existsSync(p));
  if (!path) return [];
  try {
    return parseRegistriesConf(readFileSync(path, 'utf8'), path);
  } catch (e) {
    // A system file the user did not name must not stop a pull that needs no mirror.
    if (e instanceof MirrorConfigError) warn(`warning: ${e.message} (ignored)\n`);
    return [];
  }
}

/**
 * The repository configuration's `mirrors` (`.fbc-studio.yaml`: `source` → `mirrors`, as an
 * ImageDigestMirrorSet): pulled by digest only, the source tried after its mirrors.
 */
export function configMirrorRules(
  mirrors: readonly { source: string; mirrors: readonly string[] }[],
  from: string,
): MirrorRule[] {
  return mirrors.map((m) => ({
    prefix: m.source.replace(/\/+$/, ''),
    mirrors: m.mirrors.map((location) => ({
      location: location.replace(/\/+$/, ''),
      digestOnly: true,
      tagOnly: false,
    })),
    blocked: false,
    neverSource: false,
    from,
  }));
}

export function pullOptions(
  flags: RegistryFlags,
  warn: (s: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): PullOptions {
  const transport = { ...DEFAULT_TRANSPORT, skipTlsVerify: flags.skipTlsVerify === true };
  if (flags.caFile) Object.assign(transport, { ca: readFileSync(flags.caFile, 'utf8') });
  if (flags.timeoutMs) transport.idleTimeoutMs = flags.timeoutMs;
  const named = [...(flags.rules ?? []), ...(flags.mirrors ?? []).flatMap(readMirrorFile)];
  const mirrors = named.length ? named : defaultRegistriesConf(env, warn);
  const client = new RegistryClient({
    transport,
    useHttp: flags.useHttp === true,
    credentials: { ...defaultCredentialEnv(), env },
    maxManifestBytes: MAX_MANIFEST_BYTES,
  });
  return { client, cache: new ImageCache(defaultCacheDir(env)), mirrors };
}
