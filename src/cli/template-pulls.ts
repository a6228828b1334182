/**
 * `render-template`'s network fallback: the bundle images no catalog of the repository holds are
 * pulled (src/node/registry: credentials, mirrors, the cache) and rendered to the olm.bundle blob
 * `opm render` makes of each (core/bundle/render.ts, unmigrated — the template's render migrates it
 * to the level of its own catalog), then offered to the resolver as one more catalog. Pulls run in
 * parallel; a digest already unpacked is read from the cache with no request, and its blob, once
 * rendered, is kept beside the image cache (`rendered/`): reading a bundle's YAML is most of a warm
 * render's time (bench/images.bench.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readBundleDir, renderBundle } from '../core/bundle';
import { RENDER_FORM, type RenderedBundle } from '../core/bundle/render';
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
  /** The pulled bundles' blobs, as `opm render` writes them in JSON (what the app's server sends). */
  text: string;
  /** Each image pulled, as said on stderr (`IMAGE from the mirror M (cached)`). */
  pulled: string[];
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

/** Where a blob rendered in this form is kept: by the reference, and for a tag by what it resolved to. */
function renderedPath(cacheRoot: string, ref: string, digest?: string): string {
  const key = createHash('sha256')
    .update(`${RENDER_FORM}\n${ref}\n${digest ?? ''}`)
    .digest('hex');
  return join(cacheRoot, 'rendered', `${key}.json`);
}

/** A blob kept before, or undefined (read at once: a warm render is a hundred small reads). */
function keptBlob(path: string): RenderedBundle | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as RenderedBundle;
  } catch {
    return undefined; // not rendered yet, or unreadable: rendered again
  }
}

/** Renders a pulled bundle's folder and keeps the blob (written whole through a rename, the user's only). */
async function renderAndKeep(path: string, ref: string, dir: string): Promise<RenderedBundle> {
  const blob = renderBundle(await readBundleDir(new NodeFsSource(dir)), ref, 'none');
  await fs.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(blob), { mode: 0o600 });
  await fs.rename(tmp, path);
  return blob;
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
  parallel = PARALLEL_PULLS,
): Promise<PulledBundles> {
  const registry = await import('../node/registry');
  const options = registry.pullOptions(
    { ...registryFlags(o), rules: await repositoryMirrorRules(root) },
    io.err,
  );
  const failed: PulledBundles['failed'] = [];
  const pulled = new Map<string, string>();
  const said = (image: string, how = '') => {
    pulled.set(image, `${image}${how}`);
    io.err(`pulled ${image}${how}\n`);
  };
  const blobs = await inParallel(images, parallel, async (image) => {
    try {
      // A digest's content never moves: its blob, once rendered, is all a render needs.
      const byDigest = /@sha256:[0-9a-f]{64}$/.test(image);
      if (byDigest) {
        const kept = keptBlob(renderedPath(options.cache.root, image));
        if (kept) {
          said(image, ' (cached)');
          return kept;
        }
      }
      const got = await registry.pullImage(image, options);
      if (got.kind !== 'bundle') throw new Error(`${image} is a catalog image, not a bundle image`);
      const from = got.mirror ? ` from the mirror ${got.mirror}` : '';
      said(image, `${from}${got.cached ? ' (cached)' : ''}`);
      const path = renderedPath(options.cache.root, image, byDigest ? undefined : got.digest);
      return keptBlob(path) ?? (await renderAndKeep(path, image, got.dir));
    } catch (e) {
      failed.push({ image, message: (e as Error).message });
      return undefined;
    }
  });
  const text = writeFbcJson(blobs.filter((b) => b !== undefined));
  return {
    catalog: { name: PULLED_CATALOG, dc: loadFile('pulled-bundles.json', text).dc },
    text,
    // In the order of the images asked for, whichever pull finished first.
    pulled: images.flatMap((i) => pulled.get(i) ?? []),
    failed: failed.sort((a, b) => images.indexOf(a.image) - images.indexOf(b.image)),
  };
}
