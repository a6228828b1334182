/**
 * Discovery of a folder for the CLI's commands. Files are parsed on this thread unless
 * `FBC_STUDIO_THREADS=N` asks for a pool of N loader threads (see load-pool.ts).
 *
 * Sequential is the default because it measured faster: on 2 cores, a 24 MB JSON catalog validates
 * in 0.77–1.19 s on one thread and 1.20–2.40 s with two loader threads, peak RSS 125 vs 160–190 MB
 * (`npm run bench:cli` prints the comparison). Parsing is the smaller part of a validation (the model
 * checks after it are most of it), and the parsed blobs must be copied back from the threads.
 */
import { discoverWorkspace, type Discovery } from '../core/workspace/discover';
import type { CatalogSource, SourceFile } from '../core/source/types';
import { LoadPool, PARALLEL_MIN_BYTES } from './load-pool';
import { NodeFsSource } from './node-source';
import { availableParallelism } from 'node:os';

/**
 * How many loader threads for `bytes` in all: 0 for none. `FBC_STUDIO_THREADS` gives the count
 * (`auto`: one per core for a folder of PARALLEL_MIN_BYTES or more); unset, none (see above).
 */
export function threadsFor(bytes: number, env = process.env.FBC_STUDIO_THREADS): number {
  if (env === 'auto')
    return availableParallelism() >= 2 && bytes >= PARALLEL_MIN_BYTES ? availableParallelism() : 0;
  if (env !== undefined && env !== '') return Math.max(0, Math.floor(Number(env)) || 0);
  return 0;
}

/** The source with its listing taken once (sizing the pool needs it before discovery does). */
function listedOnce(source: CatalogSource, files: SourceFile[]): CatalogSource {
  return Object.assign(Object.create(source) as CatalogSource, { list: async () => files });
}

export async function discoverFolder(dir: string): Promise<Discovery> {
  const source = new NodeFsSource(dir);
  const files = await source.list();
  const threads = threadsFor(files.reduce((n, f) => n + (f.size ?? 0), 0));
  if (threads === 0) return discoverWorkspace(listedOnce(source, files));
  const pool = new LoadPool(threads);
  try {
    return await discoverWorkspace(listedOnce(source, files), { loadFile: pool.load });
  } finally {
    await pool.close();
  }
}
