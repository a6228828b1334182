/**
 * Opening one catalog: reading it (session-read.ts) with progress and cancel, building its first
 * generation, then the deferred bundle-object check (perf-deep-check.ts) that may re-validate it.
 * Owns the state of that life cycle for its catalog: the open in progress (to cancel it), the
 * checker and who waits for it. Separate from the catalog's views and edits, which only see the
 * generations it commits.
 */
import { loadHostileChecks } from '../load/hostile-registry';
import type { FileLoad } from '../load';
import type { CatalogSource } from '../source/types';
import { now } from './clock';
import { progressReporter } from './load-progress';
import { BundleObjectChecker } from './perf-deep-check';
import { readCatalogFiles, type ReadFiles } from './session-read';
import type { AcceptFinding, CatalogFiles, PolicyCheck, Snapshot } from './session-snapshot';
import type { CatalogSummary, LoadProgress } from './views';

/** The files a Crossplane package or a Fleet bundle is told by (src/core/beside/detect.ts decides). */
const BESIDE_FILES = /(^|\/)(crossplane|upbound|fleet|bundle)\.yaml$/;

export interface OpenOptions {
  kind: CatalogSummary['kind'];
  readOnly: boolean;
  onProgress?: (p: LoadProgress) => void;
  /**
   * The catalog's files, already read and parsed (a repository's discovery parsed every file once):
   * they are taken as they are instead of reading the source again.
   */
  preloaded?: ReadFiles;
  /** Which findings of ours the repository configuration accepts (a repository's catalog only). */
  accept?: AcceptFinding;
  /** The repository's policy pack on this catalog (a repository's catalog only). */
  policy?: PolicyCheck;
}

/** Thrown (and re-thrown across comlink) when cancel() stops an open. */
export class CancelledError extends Error {
  override name = 'AbortError';
  constructor() {
    super('Loading was cancelled');
  }
}

/** What loading needs of its catalog. */
export interface LoadingHost {
  current(): Snapshot | undefined;
  build(files: CatalogFiles, started: number): Snapshot;
  /** Makes `s` the catalog's current generation; `opened` when it is a new open, not a re-check. */
  commit(s: Snapshot, opened: boolean): void;
  summary(s: Snapshot): CatalogSummary;
}

export class CatalogLoading {
  private controller: AbortController | undefined;
  private readonly checker = new BundleObjectChecker();
  private checkWaiters: ((s: CatalogSummary | null) => void)[] = [];

  constructor(private readonly host: LoadingHost) {}

  /** True while an open is in progress. */
  get busy(): boolean {
    return this.controller !== undefined;
  }

  /**
   * Loads and validates the catalog, committing it when it succeeds. An open already in progress
   * is cancelled first. Rejects with CancelledError (name 'AbortError') when cancelled; the
   * previous generation then stays current.
   */
  async open(source: CatalogSource, opts: OpenOptions): Promise<CatalogSummary> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const signal = controller.signal;
    const started = now();
    const report = progressReporter(opts.onProgress);
    const check = () => {
      if (signal.aborted) throw new CancelledError();
    };

    try {
      const read = opts.preloaded ?? (await readCatalogFiles(source, report, check));
      for (const load of read.loads.values()) this.checker.markPending(load);
      // Blobs of unknown schemas are checked for near misses by code loaded on demand.
      if ([...read.loads.values()].some((l) => l.dc.others.length > 0)) await loadHostileChecks();
      const { filesRead, filesTotal, bytesRead, bytesTotal } = read;
      report({ phase: 'validating', filesRead, filesTotal, bytesRead, bytesTotal, currentFile: '' }, true);
      check();
      // A Crossplane package or a Fleet bundle is not validated as a catalog (beside-findings.ts).
      // Their descriptors have a few file names: only a folder holding one loads the detector.
      const paths = (await source.list()).map((f) => f.path);
      const beside = paths.some((p) => BESIDE_FILES.test(p))
        ? await import('./beside-findings').then((m) => m.findBesideIn(source, paths))
        : undefined;
      check();
      const snapshot = this.host.build(
        {
          source,
          kind: opts.kind,
          readOnly: opts.readOnly || !source.write,
          loads: read.loads,
          ignored: read.ignored,
          bytes: bytesRead,
          ...(beside && { beside }),
          ...(opts.accept && { accept: opts.accept }),
          ...(opts.policy && { policy: opts.policy }),
        },
        started,
      );
      check();
      this.host.commit(snapshot, true);
      this.startBundleObjectCheck();
      report({ phase: 'done', filesRead, filesTotal, bytesRead, bytesTotal, currentFile: '' }, true);
      return this.host.summary(snapshot);
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }

  /** Stops the open in progress, if any. */
  cancel(): void {
    this.controller?.abort();
  }

  /** The catalog is closed: stop the open and the check, and answer whoever waits for it. */
  close(): void {
    this.cancel();
    this.checker.stop();
    const waiters = this.checkWaiters;
    this.checkWaiters = [];
    for (const w of waiters) w(null);
  }

  /** True while some of `loads` still wait for the deferred bundle-object check. */
  isChecking(loads: Iterable<FileLoad>): boolean {
    return this.checker.isPending(loads);
  }

  /**
   * Resolves with the summary once the deferred bundle-object check is done (at once when nothing
   * is pending; null when no catalog is open). When it found problems the catalog was re-validated:
   * a new generation, with opm's exact verdict.
   */
  whenBundleObjectsChecked(): Promise<CatalogSummary | null> {
    const s = this.host.current();
    if (!s) return Promise.resolve(null);
    if (!this.checker.isPending(s.loads.values())) return Promise.resolve(this.host.summary(s));
    return new Promise((resolve) => this.checkWaiters.push(resolve));
  }

  private startBundleObjectCheck(): void {
    void this.checker
      .check({ loads: () => this.host.current()?.loads })
      .then(({ stopped, reloaded }) => {
        const cur = this.host.current();
        if (stopped || !cur) return;
        const loads = new Map(cur.loads);
        let changed = false;
        for (const [path, { from, to }] of reloaded) {
          if (loads.get(path) !== from) continue;
          loads.set(path, to);
          changed = true;
        }
        let next = cur;
        if (changed) {
          // The re-check is part of the open: the catalog keeps the open's duration.
          next = { ...this.host.build({ ...cur, loads }, now()), durationMs: cur.durationMs };
          this.host.commit(next, false);
        }
        const summary = this.host.summary(next);
        const waiters = this.checkWaiters;
        this.checkWaiters = [];
        for (const w of waiters) w(summary);
      })
      .catch(() => {
        // A failure here must not take the worker down; the summary keeps saying 'checking'.
      });
  }
}
