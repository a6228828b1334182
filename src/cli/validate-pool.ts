/**
 * `validate` on loader threads: each thread parses a contiguous run of the folder's files (cut only
 * between folders, so a package's files stay together) and keeps the parse; discovery gets stubs
 * (held-stub.ts); then each thread validates the packages it holds and sends back only their
 * findings, located (load-worker.ts). The pieces join in opm's order (`assembleVerdict`), so the
 * output is the one-thread output: tests compare the two on random catalogs.
 *
 * Exact only when every package's blobs are in one run of files held by one thread; otherwise
 * `verdict` returns undefined and the caller validates the catalog on this thread.
 */
import { Worker } from 'node:worker_threads';
import type { DeclarativeConfig } from '../core/declcfg/types';
import type { FileLoad, LoadOptions } from '../core/load';
import type { SourceFile } from '../core/source/types';
import { dirName } from '../core/source/paths';
import {
  assembleVerdict,
  type PartOffsets,
  type ValidationParts,
  type Verdict,
} from '../core/validate/incremental';
import type { DiscoveredCatalog, Discovery, FileLoader } from '../core/workspace/discover';
import { handOver, startWorker } from './load-pool';
import type { WorkerJob } from './load-worker';

interface Reply {
  id: number;
  load?: FileLoad;
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

export class ValidatePool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve(r: Reply): void; reject(e: Error): void }>();
  private nextId = 0;
  private groupOf = new Map<string, number>();

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) {
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
   * Which thread parses each file of the folder about to be discovered (`files` in walk order);
   * what the threads held for an earlier folder is dropped.
   */
  plan(files: readonly SourceFile[]): void {
    this.groupOf = groupFiles(files, this.size);
    for (const w of this.workers) w.postMessage({ type: 'forget', id: -1 } satisfies WorkerJob);
  }

  private send(worker: number, job: WorkerJob, transfer: ArrayBuffer[] = []): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.pending.set(job.id, { resolve, reject });
      (this.workers[worker] as Worker).postMessage(job, transfer);
    });
  }

  /** A discovery loader: the file is parsed and kept on its group's thread; discovery gets a stub. */
  readonly hold: FileLoader = async (path, bytes, opts: Pick<LoadOptions, 'bundleObjects'>) => {
    const { content, transfer } = handOver(bytes);
    const worker = this.groupOf.get(path) ?? 0;
    const r = await this.send(
      worker,
      { type: 'hold', id: this.nextId++, path, bytes: content, opts },
      transfer,
    );
    return r.load as FileLoad;
  };

  /**
   * The catalog validated where its files are held, or undefined when a package's blobs are split
   * between runs of files held by different threads (the caller then validates on this thread).
   */
  async verdict(d: Discovery, catalog: DiscoveredCatalog): Promise<Verdict | undefined> {
    const runs: { worker: number; files: { path: string; as: string }[]; offsets: PartOffsets }[] = [];
    const before: PartOffsets = { packages: 0, channels: 0, bundles: 0, deprecations: 0 };
    const runOf = new Map<string, number>();
    const order: string[] = [];
    for (const path of catalog.files) {
      const stub = d.loads.get(path);
      if (!stub) continue;
      const worker = this.groupOf.get(path) ?? 0;
      let run = runs.at(-1);
      if (run?.worker !== worker) runs.push((run = { worker, files: [], offsets: { ...before } }));
      run.files.push({ path, as: stub.file.path });
      order.push(stub.file.path);
      for (const name of packagesIn(stub.dc)) {
        const seen = runOf.get(name);
        if (seen !== undefined && seen !== runs.length - 1) return undefined;
        runOf.set(name, runs.length - 1);
      }
      const n = countsOf(stub.dc);
      before.packages += n.packages;
      before.channels += n.channels;
      before.bundles += n.bundles;
      before.deprecations += n.deprecations;
    }
    const parts = await Promise.all(
      runs.map(
        async (r) =>
          (
            await this.send(r.worker, {
              type: 'validate',
              id: this.nextId++,
              files: r.files,
              offsets: r.offsets,
            })
          ).parts as ValidationParts,
      ),
    );
    return assembleVerdict(parts, { ignored: catalog.ignored, order });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
