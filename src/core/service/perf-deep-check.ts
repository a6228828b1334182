/**
 * The deferred olm.bundle.object check (opm's R15) for catalogs opened with `bundleObjects: 'lazy'`.
 *
 * Opening a catalog checks only the base64 of each bundle object (R14), so nothing is decoded while
 * the catalog loads. This pass runs afterwards, in slices of a few milliseconds with a yield between
 * them, so the worker keeps answering queries while it runs. A file with a problem is then loaded
 * again with `bundleObjects: 'eager'`: its errors come out exactly as an eager open gives them (same
 * texts, same order within the file), which keeps opm's verdict exact.
 */
import { emptyDeclarativeConfig, type DeclBundle } from '../declcfg/types';
import { decodeGoBase64 } from '../gojson';
import { checkBundleObjects, loadFile, type FileLoad } from '../load';
import { now } from './clock';

/** Longest slice of checking between two yields (ms). */
export const DEEP_CHECK_SLICE_MS = 8;

export interface DeepCheckHost {
  /** The current file loads (walk order), or undefined when the catalog was replaced or closed. */
  loads(): ReadonlyMap<string, FileLoad> | undefined;
}

export interface DeepCheckOutcome {
  /** True when the run was stopped (a newer run started, the catalog was closed) before it finished. */
  stopped: boolean;
  /**
   * The files with a bundle-object problem: the lazily loaded `from` and its eager re-load `to`.
   * Apply `to` only where the catalog still holds `from` (an edit made meanwhile wins).
   */
  reloaded: Map<string, { from: FileLoad; to: FileLoad }>;
}

/**
 * Which file loads still need the deep check. Loads are tracked by identity: an edited file is a new
 * FileLoad (loaded eagerly by the caller), so it never counts as pending.
 */
export class BundleObjectChecker {
  private readonly unchecked = new WeakSet<FileLoad>();
  private run = 0;

  /** Marks a lazily loaded file as still to be checked. */
  markPending(load: FileLoad): void {
    if (load.dc.bundles.length > 0) this.unchecked.add(load);
  }

  isPending(loads: Iterable<FileLoad>): boolean {
    for (const l of loads) if (this.unchecked.has(l)) return true;
    return false;
  }

  /** Stops the run in progress (if any) at its next yield. */
  stop(): void {
    this.run++;
  }

  /**
   * Checks every pending load of `host.loads()`, `sliceMs` at a time. The map is re-read after each
   * yield, so edits and reopenings made meanwhile are seen. Resolves when nothing is pending or when
   * stopped.
   */
  async check(
    host: DeepCheckHost,
    opts: { sliceMs?: number; yieldNow?: () => Promise<void>; now?: () => number } = {},
  ): Promise<DeepCheckOutcome> {
    const run = ++this.run;
    const sliceMs = opts.sliceMs ?? DEEP_CHECK_SLICE_MS;
    const yieldNow = opts.yieldNow ?? yieldToEventLoop;
    const clock = opts.now ?? now;
    const reloaded: DeepCheckOutcome['reloaded'] = new Map();
    // Never finish synchronously: the caller applies the outcome before anyone can see the loads
    // as checked, and the open that started the check gets its summary out first.
    await yieldNow();
    let sliceStart = clock();
    outer: for (;;) {
      const loads = host.loads();
      if (!loads || run !== this.run) return { stopped: true, reloaded };
      for (const [path, load] of loads) {
        if (!this.unchecked.has(load)) continue;
        const bundles = load.dc.bundles;
        let bad = false;
        for (let i = 0; i < bundles.length && !bad;) {
          // A small batch between clock reads: a bundle takes microseconds when its objects are JSON.
          const batch: DeclBundle[] = bundles.slice(i, i + 8).filter(mayFailR15);
          i += 8;
          bad =
            batch.length > 0 &&
            checkBundleObjects({ ...emptyDeclarativeConfig(), bundles: batch }).length > 0;
          if (clock() - sliceStart >= sliceMs) {
            await yieldNow();
            sliceStart = clock();
            if (run !== this.run) return { stopped: true, reloaded };
            // Edited or reopened while we were away: start over on the current files.
            if (host.loads() !== loads) continue outer;
          }
        }
        this.unchecked.delete(load);
        if (bad)
          reloaded.set(path, { from: load, to: loadFile(path, load.file.text, { bundleObjects: 'eager' }) });
      }
      if (host.loads() === loads) return { stopped: false, reloaded };
    }
  }
}

/**
 * False when no olm.bundle.object of the bundle can fail R15: every one has a string `data` whose
 * decoded bytes start with `{` (after ASCII spaces), which opm's yaml.ToJSON passes through untouched.
 * That needs only the first few bytes decoded, where checkBundleObjects would re-validate all of the
 * base64 (R14, already done while loading). Anything else (YAML objects, a missing or unusual `data`)
 * gets the full check, so the outcome is the same.
 */
export function mayFailR15(bundle: DeclBundle): boolean {
  for (const p of bundle.properties) {
    if (p.type !== 'olm.bundle.object') continue;
    const data = (p.value as { data?: unknown } | null | undefined)?.data;
    if (typeof data !== 'string') return true;
    const head = decodeGoBase64(data.slice(0, 64));
    let i = 0;
    while (i < head.length && (head[i] === 0x20 || (head[i]! >= 0x09 && head[i]! <= 0x0d))) i++;
    if (head[i] !== 0x7b) return true;
  }
  return false;
}

/**
 * A macrotask turn without the 4 ms clamp nested setTimeout(0) gets: messages that arrived meanwhile
 * (comlink calls from the UI) run first.
 */
export function yieldToEventLoop(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(0);
  });
}
