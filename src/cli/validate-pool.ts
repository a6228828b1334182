/**
 * `validate` on loader threads: each share (a thread, or this one) parses a contiguous run of the
 * folder's files (cut only between folders, so a package's files stay together) and keeps the
 * parse; discovery gets stubs (held-stub.ts); then each share validates the packages it holds and
 * sends back only their findings, located (holder.ts). The pieces join in opm's order (`assembleVerdict`), so the
 * output is the one-thread output: tests compare the two on random catalogs.
 *
 * Exact only when every package's blobs are in one run of files held by one thread; otherwise
 * `verdict` returns undefined and the caller validates the catalog on this thread.
 */
import type { Worker } from 'node:worker_threads';
import type { DeclarativeConfig } from '../core/declcfg/types';
import type { FileLoad } from '../core/load';
import type { SourceFile } from '../core/source/types';
import { dirName } from '../core/source/paths';
import {
  assembleVerdict,
  type PartOffsets,
  type ValidationParts,
  type Verdict,
} from '../core/validate/incremental';
import type { DiscoveredCatalog, Discovery, ElsewhereLoader, FileLoader } from '../core/workspace/discover';
import { baseName } from '../core/source/paths';
import { INDEX_IGNORE } from '../core/load/walk';
import { join } from 'node:path';
import { handOver, startWorker } from './load-pool';
import type { WorkerJob } from './load-worker';
import { Holder, type HoldOptions, type RunJob } from './holder';

interface Reply {
  id: number;
  load?: FileLoad | null;
  parts?: ValidationParts;
  error?: string;
}

/** Contiguous groups of files (walk order) of about equal bytes, cut only where the folder changes. */
export function groupFiles(files: readonly SourceFile[], groups: number): Map<string, number> {
  const total = files.reduce((n, f) => n + (f.size ?? 0), 0);
  const out = new Map<string, number>();
  let group = 0;
  let done = 0;
  let prevDir: string | undefined;
  for (const f of files) {
    const dir = dirName(f.path);
    if (group < groups - 1 && done >= (total * (group + 1)) / groups && dir !== prevDir) group++;
    out.set(f.path, group);
    done += f.size ?? 0;
    prevDir = dir;
  }
  return out;
}

function countsOf(dc: DeclarativeConfig): PartOffsets {
  return {
    packages: dc.packages.length,
    channels: dc.channels.length,
    bundles: dc.bundles.length,
    deprecations: dc.deprecations.length,
  };
}

/** The package names a file's blobs belong to. */
function packagesIn(dc: DeclarativeConfig): string[] {
  return [
    ...dc.packages.map((p) => p.name),
    ...dc.channels.map((c) => c.package),
    ...dc.bundles.map((b) => b.package),
    ...dc.deprecations.map((d) => d.package),
  ];
}

/**
 * `size` shares of the work: the main thread takes the first one itself (so one share costs no
 * thread start-up), loader threads the others. Each thread is sent all of its files when the folder
 * is planned, and parses them while this thread, reading in walk order, parses its own share first:
 * the shares are parsed at the same time. (Sent one by one as discovery reached them, the threads'
 * files were parsed while this thread waited for them, one share after the other.)
 */
export class ValidatePool {
  private readonly workers: Worker[] = [];
  private readonly local = new Holder();
  private readonly pending = new Map<number, { resolve(r: Reply): void; reject(e: Error): void }>();
  private nextId = 0;
  private groupOf = new Map<string, number>();
  private where: { root: string; opts: HoldOptions } | undefined;
  private sizes = new Map<string, number | undefined>();
  /** The threads' files, sent when planned: each one's parse as it comes back. */
  private early = new Map<string, Promise<Reply>>();

  constructor(readonly size: number) {
    for (let i = 0; i < size - 1; i++) {
      const w = startWorker();
      w.on('message', (m: Reply) => {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (!p) return;
        if (m.error !== undefined) p.reject(new Error(m.error));
        else p.resolve(m);
      });
      const fail = (e: Error) => {
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      };
      w.on('error', fail);
      w.on('exit', (code) => {
        if (this.pending.size > 0) fail(new Error(`loader thread exited with code ${code}`));
      });
      this.workers.push(w);
    }
  }

  /**
   * Which share parses each file of the folder about to be discovered (`files` in walk order);
   * what was held for an earlier folder is dropped.
   */
  plan(files: readonly SourceFile[], where?: { root: string; opts: HoldOptions }): void {
    this.groupOf = groupFiles(files, this.size);
    this.where = where;
    this.sizes = new Map(files.map((f) => [f.path, f.size]));
    this.local.forget();
    this.early.clear();
    for (const w of this.workers) w.postMessage({ type: 'forget', id: -1 } satisfies WorkerJob);
    if (!where) return;
    for (const f of files) {
      const worker = this.workerOf(f.path);
      if (!worker || baseName(f.path) === INDEX_IGNORE) continue;
      const opts = { ...where.opts, byteLength: f.size };
      const abs = join(where.root, f.path);
      const reply = this.send(worker, { type: 'holdPath', id: this.nextId++, path: f.path, abs, opts });
      // Not awaited until discovery reaches the file; a failed thread is reported there.
      reply.catch(() => undefined);
      this.early.set(f.path, reply);
    }
  }

  /** The thread of a share (share 0 is this thread's own: undefined). */
  private workerFor(share: number): Worker | undefined {
    return share === 0 ? undefined : this.workers[share - 1];
  }

  private workerOf(path: string): Worker | undefined {
    return this.workerFor(this.groupOf.get(path) ?? 0);
  }

  private send(worker: Worker, job: WorkerJob, transfer: ArrayBuffer[] = []): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.pending.set(job.id, { resolve, reject });
      worker.postMessage(job, transfer);
    });
  }

  /** A discovery loader: the file is parsed and kept by its share; discovery gets a stub. */
  readonly hold: FileLoader = async (path, bytes, opts: HoldOptions) => {
    const worker = this.workerOf(path);
    if (!worker) return this.local.hold(path, bytes, opts);
    const { content, transfer } = handOver(bytes);
    const r = await this.send(
      worker,
      { type: 'hold', id: this.nextId++, path, bytes: content, opts },
      transfer,
    );
    return r.load as FileLoad;
  };

  /**
   * A discovery loader for the files of the threads' shares: each thread reads its own files (this
   * thread then reads only its share). Undefined for this thread's files, an .indexignore, or a file
   * the thread could not read (discovery reads it here and reports the error in the source's words).
   */
  readonly elsewhere: ElsewhereLoader = async (path) => {
    const worker = this.workerOf(path);
    if (!this.where || baseName(path) === INDEX_IGNORE) return undefined;
    if (!worker) {
      // This thread's share: a large JSON file with its base64 cut out, else read by discovery.
      const opts = { ...this.where.opts, byteLength: this.sizes.get(path) };
      return this.local.holdElided(path, join(this.where.root, path), opts);
    }
    let reply = this.early.get(path);
    this.early.delete(path);
    if (!reply) {
      const opts = { ...this.where.opts, byteLength: this.sizes.get(path) };
      const abs = join(this.where.root, path);
      reply = this.send(worker, { type: 'holdPath', id: this.nextId++, path, abs, opts });
    }
    return (await reply).load ?? undefined;
  };

  /**
   * The catalog validated where its files are held, or undefined when a package's blobs are split
   * between runs of files held by different shares (the caller then validates on this thread).
   */
  async verdict(d: Discovery, catalog: DiscoveredCatalog): Promise<Verdict | undefined> {
    const runs: (RunJob & { share: number })[] = [];
    const before: PartOffsets = { packages: 0, channels: 0, bundles: 0, deprecations: 0 };
    const runOf = new Map<string, number>();
    const order: string[] = [];
    for (const path of catalog.files) {
      const stub = d.loads.get(path);
      if (!stub) continue;
      const share = this.groupOf.get(path) ?? 0;
      let run = runs.at(-1);
      if (run?.share !== share) runs.push((run = { share, files: [], offsets: { ...before } }));
      run.files.push({ path, as: stub.file.path });
      order.push(stub.file.path);
      for (const name of packagesIn(stub.dc)) {
        const seen = runOf.get(name);
        if (seen !== undefined && seen !== runs.length - 1) return undefined;
        runOf.set(name, runs.length - 1);
      }
      const n = countsOf(stub.dc);
      for (const k of Object.keys(before) as (keyof PartOffsets)[]) before[k] += n[k];
    }
    // The threads' runs are sent first; this thread's own run while they work.
    const remote = runs.map((r) => {
      const worker = this.workerFor(r.share);
      if (!worker) return undefined;
      const job: WorkerJob = { type: 'validate', id: this.nextId++, files: r.files, offsets: r.offsets };
      return this.send(worker, job).then((reply) => reply.parts as ValidationParts);
    });
    // This thread's runs as promises too, so a failure on either side rejects once, with every
    // other share's outcome still handled.
    const parts = await Promise.all(
      runs.map(
        (r, i) =>
          remote[i] ??
          new Promise<ValidationParts>((resolve) =>
            resolve(this.local.validate({ files: r.files, offsets: r.offsets })),
          ),
      ),
    );
    return assembleVerdict(parts, { ignored: catalog.ignored, order });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
