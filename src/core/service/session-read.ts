/**
 * Reading a catalog from its source: listing, `.indexignore`, then every selected file read a few
 * ahead of the one being parsed, with progress and a yield now and then so a cancel gets through.
 * Holds no state between calls: what it reads belongs to the open that asked (session-loading.ts).
 */
import { loadFile, loadIndexIgnore, selectFiles, type FileLoad } from '../load';
import { unreadableFile } from '../load/load-file';
import { withHostileChecks } from '../load/hostile-registry';
import type { CatalogSource, SourceFile } from '../source/types';
import { now } from './clock';
import type { ProgressReport } from './load-progress';

/** Files read ahead of the one being parsed. */
const READ_AHEAD = 8;

/** Longest stretch of loading without yielding to the event loop (ms). */
const YIELD_EVERY_MS = 30;

/**
 * open() checks only the base64 of bundle objects (R14), so no property blob is decoded while a
 * catalog loads; the R15 pass runs afterwards in short slices (perf-deep-check.ts).
 */
const OPEN_LOAD_OPTIONS = { bundleObjects: 'lazy' } as const;

export interface ReadFiles {
  /** Per selected file, in walk order. */
  loads: Map<string, FileLoad>;
  ignored: string[];
  filesRead: number;
  filesTotal: number;
  bytesRead: number;
  bytesTotal: number;
}

/**
 * Reads and parses every file `source` lists and opm would load. `check` throws to stop (it is
 * called after every await); unreadable files are reported as opm's R2 while the rest still loads.
 */
export async function readCatalogFiles(
  source: CatalogSource,
  report: ProgressReport,
  check: () => void,
): Promise<ReadFiles> {
  report({ phase: 'listing' }, true);
  const listed = await source.list();
  check();
  const sizes = new Map(listed.map((f: SourceFile) => [f.path, f.size ?? 0]));
  // .indexignore files are read first (an unreadable one contributes no patterns, as in opm).
  const ignoreTexts = new Map<string, string>();
  for (const f of listed) {
    if (f.path !== '.indexignore' && !f.path.endsWith('/.indexignore')) continue;
    try {
      ignoreTexts.set(f.path, new TextDecoder('utf-8').decode(await source.read(f.path)));
    } catch {
      // Skipped, like opm.
    }
  }
  check();
  await loadIndexIgnore(listed.map((f) => f.path));
  const { load: paths, ignored } = selectFiles(
    listed.map((f) => f.path),
    (path) => ignoreTexts.get(path),
  );
  const bytesTotal = paths.reduce((n, p) => n + (sizes.get(p) ?? 0), 0);

  const loads = new Map<string, FileLoad>();
  let bytesRead = 0;
  let filesRead = 0;
  // Reads run a few files ahead of parsing (I/O overlaps CPU); files are still parsed in walk order.
  const reads: Promise<{ data?: Uint8Array; error?: string }>[] = [];
  const startRead = (i: number) => {
    reads[i] = source.read(paths[i]!).then(
      (data) => ({ data }),
      (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
    );
  };
  for (let i = 0; i < Math.min(READ_AHEAD, paths.length); i++) startRead(i);
  let lastYield = now();
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i]!;
    report({
      phase: 'reading',
      filesRead,
      filesTotal: paths.length,
      bytesRead,
      bytesTotal,
      currentFile: path,
    });
    const r = await reads[i]!;
    delete reads[i];
    // Give the worker's event loop a turn now and then, so a cancel message gets through even
    // when every read resolves at once (File objects, the demo, a warm cache).
    if (now() - lastYield > YIELD_EVERY_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = now();
    }
    check();
    if (i + READ_AHEAD < paths.length) startRead(i + READ_AHEAD);
    if (r.data) {
      const data = r.data;
      loads.set(path, await withHostileChecks(() => loadFile(path, data, OPEN_LOAD_OPTIONS)));
      bytesRead += r.data.byteLength;
    } else {
      // Unreadable files are reported (opm's R2, with the OS error text); the rest still loads.
      loads.set(path, unreadableFile(path, r.error ?? 'read error'));
    }
    filesRead++;
  }
  return { loads, ignored: [...ignored], filesRead, filesTotal: paths.length, bytesRead, bytesTotal };
}
