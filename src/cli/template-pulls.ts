/**
 * `render-template`'s network fallback: the bundle images no catalog of the repository holds are
 * pulled (src/node/registry: credentials, mirrors, the cache) and rendered to the olm.bundle blob
 * `opm render` makes of each (core/bundle/render.ts, unmigrated — the template's render migrates it
 * to the level of its own catalog), then offered to the resolver as one more catalog. Pulls run in
 * parallel; a digest already unpacked is read from the cache with no request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBundleDir, renderBundle } from '../core/bundle';
import { loadFile } from '../core/load';
import { parseRepoConfig } from '../core/repo-config';
import { REPO_CONFIG_FILE } from '../core/repo-config/types';
import type { ResolverCatalog } from '../core/template';
import { writeFbcJson } from '../core/template/fbc-writer';
import type { Io } from './command-args';
import { registryFlags, type RegistryCommandFlags } from './image-args';
import { NodeFsSource } from './node-source';

/** The name the pulled bundles go by in the resolver (and in messages). */
export const PULLED_CATALOG = 'images pulled from registries';

/** Images pulled at once: enough to keep a registry busy, few enough not to be refused. */
const PARALLEL_PULLS = 8;

export interface PulledBundles {
  catalog: ResolverCatalog;
  /** Each image that could not be pulled or rendered, with why. */
  failed: { image: string; message: string }[];
}

/** The repository configuration's mirrors, as registry rules (none without a configuration). */
async function repositoryMirrorRules(root: string) {
  const file = join(root, REPO_CONFIG_FILE);
  if (!existsSync(file)) return [];
  const config = parseRepoConfig(REPO_CONFIG_FILE, readFileSync(file, 'utf8'));
  const { configMirrorRules } = await import('../node/registry');
  return configMirrorRules(config.mirrors, file);
}

/** Runs `each` over `items`, `n` at a time, in order of the results. */
async function inParallel<T, R>(items: readonly T[], n: number, each: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await each(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/**
 * Pulls each bundle image and renders it as `opm render IMAGE` does; says which on stderr. The
 * repository configuration at `root` adds its mirrors to the `--mirrors` files.
 */
export async function pullTemplateBundles(
  images: readonly string[],
  root: string,
  o: RegistryCommandFlags,
  io: Io,
): Promise<PulledBundles> {
  const registry = await import('../node/registry');
  const options = registry.pullOptions(
    { ...registryFlags(o), rules: await repositoryMirrorRules(root) },
    io.err,
  );
  const failed: PulledBundles['failed'] = [];
  const blobs = await inParallel(images, PARALLEL_PULLS, async (image) => {
    try {
      const pulled = await registry.pullImage(image, options);
      if (pulled.kind !== 'bundle') throw new Error(`${image} is a catalog image, not a bundle image`);
      const from = pulled.mirror ? ` from the mirror ${pulled.mirror}` : '';
      io.err(`pulled ${image}${from}${pulled.cached ? ' (cached)' : ''}\n`);
      return renderBundle(await readBundleDir(new NodeFsSource(pulled.dir)), image, 'none');
    } catch (e) {
      failed.push({ image, message: (e as Error).message });
      return undefined;
    }
  });
  const text = writeFbcJson(blobs.filter((b) => b !== undefined));
  return { catalog: { name: PULLED_CATALOG, dc: loadFile('pulled-bundles.json', text).dc }, failed };
}
