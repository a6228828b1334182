/**
 * opm's Stage A over a whole source (`declcfg.LoadFS`): walk, `.indexignore`, then every file in
 * lexical walk order. opm parses files in parallel; reading them in walk order gives one of the
 * outcomes opm can give and makes `errors[0]` deterministic.
 */
import { appendConfig, emptyDeclarativeConfig, type DeclarativeConfig } from '../declcfg/types';
import type { CatalogSource } from '../source/types';
import { withHostileChecks } from './hostile-registry';
import { loadFile, unreadableFile } from './load-file';
import { decodeText } from './text';
import type { FileLoad, LoadedFile, LoadError, LoadOptions, LoadResult } from './types';
import { INDEX_IGNORE, loadIndexIgnore, selectFiles } from './walk';

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  return e;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Combine per-file loads (given in walk order) into one result. Cheap: arrays are concatenated. */
export function mergeFileLoads(loads: readonly FileLoad[], ignored: string[] = []): LoadResult {
  const dc: DeclarativeConfig = emptyDeclarativeConfig();
  const errors: LoadError[] = [];
  const files = new Map<string, LoadedFile>();
  const order: string[] = [];
  for (const l of loads) {
    appendConfig(dc, l.dc);
    for (const e of l.errors) errors.push(e);
    files.set(l.file.path, l.file);
    order.push(l.file.path);
  }
  return { dc, errors, files, ignored, order };
}

/** Load a whole catalog source the way `opm validate` reads it (Stage A), keeping every error. */
export async function loadCatalog(source: CatalogSource, opts: LoadOptions = {}): Promise<LoadResult> {
  const { signal, onProgress } = opts;
  if (signal?.aborted) throw abortError(signal);
  const listed = await source.list();
  if (signal?.aborted) throw abortError(signal);

  const ignoreTexts = new Map<string, string>();
  await Promise.all(
    listed
      .filter((f) => f.path === INDEX_IGNORE || f.path.endsWith('/' + INDEX_IGNORE))
      .map(async (f) => {
        try {
          ignoreTexts.set(f.path, decodeText(await source.read(f.path)));
        } catch {
          // An unreadable .indexignore contributes no patterns.
        }
      }),
  );
  await loadIndexIgnore(listed.map((f) => f.path));
  const { load, ignored } = selectFiles(
    listed.map((f) => f.path),
    (p) => ignoreTexts.get(p),
  );

  const sizes = new Map(listed.map((f) => [f.path, f.size ?? 0]));
  const bytesTotal = load.reduce((n, p) => n + (sizes.get(p) ?? 0), 0);
  let bytesDone = 0;
  const report = (filesDone: number, currentFile: string) =>
    onProgress?.({ filesDone, filesTotal: load.length, bytesDone, bytesTotal, currentFile });

  const loads: FileLoad[] = [];
  const read = (p: string) =>
    source.read(p).then(
      (bytes) => ({ bytes }),
      (e: unknown) => ({ error: errorText(e) }),
    );
  // Read one file ahead while the current one is parsed.
  let next = load.length ? read(load[0] as string) : undefined;
  for (let i = 0; i < load.length; i++) {
    const path = load[i] as string;
    const r = await (next as Promise<{ bytes?: Uint8Array; error?: string }>);
    next = i + 1 < load.length ? read(load[i + 1] as string) : undefined;
    if (signal?.aborted) {
      await next?.catch(() => undefined);
      throw abortError(signal);
    }
    if (onProgress && i === 0) report(0, path);
    const bytes = r.bytes;
    const fl = bytes
      ? await withHostileChecks(() => loadFile(path, bytes, opts))
      : unreadableFile(path, r.error ?? 'read error');
    loads.push(fl);
    bytesDone += r.bytes ? r.bytes.byteLength : (sizes.get(path) ?? 0);
    // After every file (files are parsed whole, so a file is the progress unit).
    report(i + 1, path);
    // Yield to the event loop now and then so a worker can receive an abort.
    if (signal && i % 16 === 15) await new Promise((res) => setTimeout(res, 0));
  }
  if (signal?.aborted) throw abortError(signal);
  return mergeFileLoads(loads, ignored);
}
