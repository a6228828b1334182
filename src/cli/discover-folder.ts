/**
 * Discovery of a folder for the commands that read every parse (workspace, the CI reports, a
 * repository given to validate). Files are parsed on this thread unless `FBC_STUDIO_THREADS=N` asks
 * for a pool of N loader threads (see load-pool.ts): those copy each parse back, which costs about
 * what parsing does, so one thread is the default. `validate` of one catalog has its own threaded
 * path that keeps the parses on the threads (validate-folder.ts).
 */
import { discoverWorkspace, type Discovery } from '../core/workspace/discover';
import type { CatalogSource, SourceFile } from '../core/source/types';
import { LoadPool, PARALLEL_MIN_BYTES } from './load-pool';
import { hugeJsonLoader } from './huge-json';
import { NodeFsSource } from './node-source';
import { availableParallelism } from 'node:os';

/**
 * How many loader threads for `bytes` in all: 0 for none. `FBC_STUDIO_THREADS` gives the count
 * (`auto`: one per core for a folder of PARALLEL_MIN_BYTES or more); unset, none: on this project's
 * 2-vCPU machine two threads running together each run ~40% slower, which leaves less than a
 * thread's start-up and cold JIT to gain (`npm run bench:cli` prints both ways).
 */
export function threadsFor(bytes: number, env = process.env.FBC_STUDIO_THREADS): number {
  if (env === 'auto')
    return availableParallelism() >= 2 && bytes >= PARALLEL_MIN_BYTES ? availableParallelism() : 0;
  if (env !== undefined && env !== '') return Math.max(0, Math.floor(Number(env)) || 0);
  return 0;
}

/** The source with its listing taken once (sizing the pool needs it before discovery does). */
export function listedOnce(source: CatalogSource, files: SourceFile[]): CatalogSource {
  return Object.assign(Object.create(source) as CatalogSource, { list: async () => files });
}

/** Discovery with every file parsed on this thread, a huge JSON file in chunks (huge-json.ts). */
export function discoverHere(source: NodeFsSource, files: SourceFile[]): Promise<Discovery> {
  const elsewhere = hugeJsonLoader(files, (p) => source.absolutePath(p));
  return discoverWorkspace(listedOnce(source, files), elsewhere ? { elsewhere } : {});
}

export async function discoverFolder(dir: string): Promise<Discovery> {
  const source = new NodeFsSource(dir);
  const files = await source.list();
  const threads = threadsFor(files.reduce((n, f) => n + (f.size ?? 0), 0));
  if (threads === 0) return discoverHere(source, files);
  const pool = new LoadPool(threads);
  try {
    return await discoverWorkspace(listedOnce(source, files), { loadFile: pool.load });
  } finally {
    await pool.close();
  }
}
