/**
 * Parsing a catalog's files on worker threads (one per core): each file is read here, its bytes
 * handed over without a copy, and parsed by `loadFile` there. Discovery puts the results back in
 * walk order, so the output is the sequential load's (tests check this on random catalogs).
 *
 * Worth it only for large catalogs: a thread costs tens of milliseconds to start and the parsed
 * blobs are copied back, so small catalogs (and machines with one core) stay on the main thread.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { FileLoad, LoadOptions } from '../core/load';
import type { FileLoader } from '../core/workspace';
import type { WorkerJob } from './load-worker';

/** Below this many bytes in all, threads cost more than they save. */
export const PARALLEL_MIN_BYTES = 8 * 1024 * 1024;

/**
 * A thread's young generation capped at 4 MB (V8 lets it grow to 48 MB): a thread's parse survives
 * into the old generation anyway, and each uncapped thread added its own growing nursery to the
 * peak. Measured on the 204.5 MB JSON catalog with 2 shares: peak RSS 356 MB against 382 MB, CPU
 * no higher; the 57 MB YAML one 189 against 213 MB.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 4 };

interface Pending {
  resolve(load: FileLoad): void;
  reject(e: Error): void;
}

/**
 * The worker script beside this module: built (`.mjs`, in build/cli), or from the sources (tests,
 * `npm run cli`), where the thread registers tsx before importing the TypeScript.
 */
export function startWorker(): Worker {
  // node:worker_threads is loaded when a thread starts: a run on one thread (most) never pays for it.
  const { Worker } = createRequire(import.meta.url)(
    'node:worker_threads',
  ) as typeof import('node:worker_threads');
  // Only the heap limit passes to the thread: the parent's other flags (`--input-type` of a
  // `node -e` parent, say) would stop the thread from starting.
  const execArgv = process.execArgv.filter((a) => a.startsWith('--max-old-space-size'));
  const options = { execArgv, resourceLimits: THREAD_LIMITS };
  if (!import.meta.url.endsWith('.ts')) {
    // Built, this code is build/cli/core.cjs or pipeline.cjs (its URL given by boot.ts) and the thread's entry sits beside it.
    return new Worker(new URL('./load-worker.mjs', import.meta.url), options);
  }
  const script = new URL('./load-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(script)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * A file's content as posted to a thread: text is copied (one block); bytes are handed over without
 * a copy when they own their buffer, else copied first.
 */
export function handOver(bytes: Uint8Array | string): {
  content: Uint8Array | string;
  transfer: ArrayBuffer[];
} {
  if (typeof bytes === 'string') return { content: bytes, transfer: [] };
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  return { content: own, transfer: [own.buffer as ArrayBuffer] };
}

export class LoadPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: (() => void)[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** Set once a thread fails: every load after it fails the same way. */
  private failed: Error | undefined;

  constructor(readonly size = Math.max(1, availableParallelism())) {}

  private start(): Worker {
    const w = startWorker();
    w.on('message', (m: { id: number; load?: FileLoad; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      this.release(w);
      if (!p) return;
      if (m.load) p.resolve(m.load);
      else p.reject(new Error(m.error ?? 'load failed'));
    });
    const fail = (e: Error) => {
      this.failed ??= e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
      for (const next of this.queue.splice(0)) next();
    };
    w.on('error', fail);
    w.on('exit', (code) => {
      if (this.pending.size > 0) fail(new Error(`loader thread exited with code ${code}`));
    });
    this.workers.push(w);
    return w;
  }

  private release(w: Worker): void {
    const next = this.queue.shift();
    this.idle.push(w);
    next?.();
  }

  private acquire(): Promise<Worker> {
    const w = this.idle.pop();
    if (w) return Promise.resolve(w);
    if (this.workers.length < this.size) return Promise.resolve(this.start());
    return new Promise((resolve) => this.queue.push(() => resolve(this.idle.pop() as Worker)));
  }

  readonly load: FileLoader = async (path, bytes, opts) => {
    const w = await this.acquire();
    if (this.failed) throw this.failed;
    const id = this.nextId++;
    const { content, transfer } = handOver(bytes);
    return new Promise<FileLoad>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ type: 'load', id, path, bytes: content, opts } satisfies WorkerJob, transfer);
    });
  };

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * Runs `use` with a pool-backed loader when the catalog is large enough and there is more than one
 * core (undefined otherwise: discovery then parses on this thread), and stops the threads after.
 */
export async function withLoadPool<T>(
  totalBytes: number,
  use: (loadFile: FileLoader | undefined) => Promise<T>,
  opts: { force?: boolean } = {},
): Promise<T> {
  const cores = availableParallelism();
  if (!opts.force && (cores < 2 || totalBytes < PARALLEL_MIN_BYTES)) return use(undefined);
  const pool = new LoadPool(cores);
  try {
    return await use(pool.load);
  } finally {
    await pool.close();
  }
}

export type { LoadOptions };
