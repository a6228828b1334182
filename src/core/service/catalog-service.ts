/**
 * The catalog service: everything the UI asks of a catalog, as plain data. It runs in the catalog
 * Web Worker (src/worker/catalog.worker.ts wraps it with comlink) and, being DOM-free, in Node for
 * tests. It keeps each file's load result so that editing one file re-parses only that file.
 */
import type { Diagnostic } from '../diagnostics';
import { buildPackageGraph, type ChannelGraph, type PackageGraph } from '../graph/channel-graph';
import type { DeclBundle } from '../declcfg/types';
import {
  compareWalkOrder,
  decodeBundleObjects,
  loadFile,
  locate,
  mergeFileLoads,
  selectFiles,
  type FileLoad,
  type LoadedFile,
  type LoadResult,
} from '../load';
import type { YamlDocParse } from '../load/types';
import { unreadableFile } from '../load/load-file';
import type { LocRef, SourceRange } from '../location';
import type { Model } from '../model/types';
import type { CatalogSource, SourceFile } from '../source/types';
import type { ValidationResult } from '../validate/validate-catalog';
import { IncrementalValidator } from '../validate/incremental';
import {
  bundleView,
  channelView,
  DiagnosticIndex,
  packageList,
  packageView,
  type Locate,
} from './build-views';
import type {
  BundleView,
  CatalogSummary,
  ChannelView,
  DiagnosticView,
  FileProblem,
  FileView,
  LoadProgress,
  PackageListItem,
  PackageView,
} from './views';
import { BundleObjectChecker } from './perf-deep-check';
import { DiagnosticViews } from './diagnostic-views';
import type { DiagnosticsDelta } from './diagnostics-delta';
import type {
  ImpactView,
  MermaidExport,
  MermaidExportOptions,
  PathAnswer,
  PathQuery,
  QueryError,
  Semantics,
  SwitchMatrixView,
  WhoReachesAnswer,
} from './paths-views';

export interface OpenOptions {
  kind: CatalogSummary['kind'];
  readOnly: boolean;
  onProgress?: (p: LoadProgress) => void;
}

/** Thrown (and re-thrown across comlink) when cancel() stops an open. */
export class CancelledError extends Error {
  override name = 'AbortError';
  constructor() {
    super('Loading was cancelled');
  }
}

/** Everything derived from one generation of the catalog; rebuilt on open and on updateFile. */
interface Snapshot {
  generation: number;
  source: CatalogSource;
  kind: CatalogSummary['kind'];
  readOnly: boolean;
  /** Per selected file, in walk order: its load (blobs, errors, text for locations). */
  loads: Map<string, FileLoad>;
  ignored: string[];
  bytes: number;
  load: LoadResult;
  validation: ValidationResult;
  diagnostics: DiagnosticView[];
  index: DiagnosticIndex;
  locate: Locate;
  durationMs: number;
  /** Channel views are the costly part (graph building); cached per generation. */
  channels: Map<string, ChannelView | null>;
}

/** Edited files are loaded with every bundle object checked as opm does (R14/R15): one file is cheap. */
const LOAD_OPTIONS = { bundleObjects: 'eager' } as const;

// --- Deferred bundle-object check (perf-deep-check.ts) ---
/**
 * open() checks only the base64 of bundle objects (R14), so no property blob is decoded while a
 * catalog loads; the R15 pass runs afterwards in short slices (BundleObjectChecker) and the summary
 * says `bundleObjects: 'checking'` until it is done.
 */
const OPEN_LOAD_OPTIONS = { bundleObjects: 'lazy' } as const;
// --- End of deferred bundle-object check ---

/** Files read ahead of the one being parsed. */
const READ_AHEAD = 8;

/** Longest stretch of loading without yielding to the event loop (ms). */
const YIELD_EVERY_MS = 30;

/** Progress is reported at most this often (ms); the final state is always reported. */
const PROGRESS_INTERVAL = 50;

/** Problems lists kept for deltas (an edit, its undo, a quick redo). */
const RECENT_GENERATIONS = 4;

export class CatalogService {
  private snapshot: Snapshot | undefined;
  private generation = 0;
  private controller: AbortController | undefined;
  /** The catalog as opened: what getImpact compares against (paths block below). */
  private baseline: { model: Model; loads: Map<string, FileLoad> } | undefined;
  // --- Deferred bundle-object check ---
  private readonly checker = new BundleObjectChecker();
  private checkWaiters: ((s: CatalogSummary | null) => void)[] = [];
  // --- End of deferred bundle-object check ---
  // --- Scale (issue 5): incremental re-validation, summary counts once per generation ---
  /**
   * Every validation goes through one IncrementalValidator: after an edit only the packages whose
   * blobs changed are converted and validated again (the same result as validateCatalog).
   */
  private readonly validator = new IncrementalValidator();
  private readonly counts = new WeakMap<Snapshot, { channels: number; bundles: number }>();
  /** Source ranges found per file (see build: locateRef). */
  private readonly located = new WeakMap<LoadedFile, Map<string, SourceRange | null>>();
  /** The problems lists of the last few generations, so the UI can be sent only what changed. */
  private readonly recentDiagnostics = new Map<number, DiagnosticView[]>();
  /**
   * For each edited file, its YAML documents' parses from the last load: the next keystroke re-parses
   * only the document it changed (one document of a 3,000-bundle file, not 1.7 MB of YAML).
   */
  private yamlDocs = new Map<string, Map<string, YamlDocParse>>();
  /** Problems that stay across an edit keep their view object and id (diagnostic-views.ts). */
  private readonly diagnosticViews = new DiagnosticViews();

  private rememberDiagnostics(generation: number, list: DiagnosticView[]): void {
    this.recentDiagnostics.set(generation, list);
    for (const g of this.recentDiagnostics.keys())
      if (g <= generation - RECENT_GENERATIONS) this.recentDiagnostics.delete(g);
  }
  // --- End of scale ---

  /**
   * Loads and validates a catalog, replacing the current one when it succeeds. An open already in
   * progress is cancelled first. Rejects with CancelledError (name 'AbortError') when cancelled,
   * and the previous catalog stays current.
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
      report({ phase: 'listing' }, true);
      const listed = await source.list();
      check();
      const sizes = new Map(listed.map((f: SourceFile) => [f.path, f.size ?? 0]));
      // .indexignore files are read first (an unreadable one contributes no patterns, as in opm).
      const ignoreTexts = new Map<string, string>();
      for (const f of listed) {
        if (f.path !== '.indexignore' && !f.path.endsWith('/.indexignore')) continue;
        try {
          ignoreTexts.set(f.path, decodeText(await source.read(f.path)));
        } catch {
          // Skipped, like opm.
        }
      }
      check();
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
          const load = loadFile(path, r.data, OPEN_LOAD_OPTIONS);
          this.checker.markPending(load);
          loads.set(path, load);
          bytesRead += r.data.byteLength;
        } else {
          // Unreadable files are reported (opm's R2, with the OS error text); the rest still loads.
          loads.set(path, unreadableFile(path, r.error ?? 'read error'));
        }
        filesRead++;
      }
      report(
        { phase: 'validating', filesRead, filesTotal: paths.length, bytesRead, bytesTotal, currentFile: '' },
        true,
      );
      check();
      const snapshot = this.build({
        source,
        kind: opts.kind,
        readOnly: opts.readOnly || !source.write,
        loads,
        ignored: [...ignored],
        bytes: bytesRead,
        started,
      });
      check();
      this.snapshot = snapshot;
      this.yamlDocs = new Map();
      this.baseline = { model: snapshot.validation.model, loads: snapshot.loads };
      this.startBundleObjectCheck();
      report(
        { phase: 'done', filesRead, filesTotal: paths.length, bytesRead, bytesTotal, currentFile: '' },
        true,
      );
      return this.summary(snapshot);
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }

  /** Stops the open in progress, if any. */
  cancel(): void {
    this.controller?.abort();
  }

  // --- Deferred bundle-object check ---------------------------------------------------------------

  /**
   * Resolves with the summary once the deferred bundle-object check of the current catalog is done
   * (at once when nothing is pending; null when no catalog is open). When it found problems the
   * catalog was re-validated: a new generation, with opm's exact verdict.
   */
  whenBundleObjectsChecked(): Promise<CatalogSummary | null> {
    const s = this.snapshot;
    if (!s) return Promise.resolve(null);
    if (!this.checker.isPending(s.loads.values())) return Promise.resolve(this.summary(s));
    return new Promise((resolve) => this.checkWaiters.push(resolve));
  }

  private startBundleObjectCheck(): void {
    void this.checker
      .check({ loads: () => this.snapshot?.loads })
      .then(({ stopped, reloaded }) => {
        const cur = this.snapshot;
        if (stopped || !cur) return;
        const loads = new Map(cur.loads);
        let changed = false;
        for (const [path, { from, to }] of reloaded) {
          if (loads.get(path) !== from) continue;
          loads.set(path, to);
          changed = true;
        }
        if (changed) {
          const started = now();
          const durationMs = cur.durationMs;
          this.snapshot = { ...this.build({ ...cur, loads, started }), durationMs };
        }
        const summary = this.summary(this.snapshot!);
        const waiters = this.checkWaiters;
        this.checkWaiters = [];
        for (const w of waiters) w(summary);
      })
      .catch(() => {
        // A failure here must not take the worker down; the summary keeps saying 'checking'.
      });
  }

  // --- End of deferred bundle-object check ---------------------------------------------------------

  /**
   * Replaces one file's text (an edit), re-parsing only that file and re-validating the catalog.
   * A path the catalog did not have is added. Nothing is written to the source.
   */
  updateFile(path: string, text: string): CatalogSummary {
    const cur = this.require();
    const started = now();
    const loads = new Map(cur.loads);
    loads.set(path, this.loadEdited(path, text));
    const sorted = new Map([...loads].sort(([a], [b]) => compareWalkOrder(a, b)));
    const bytes = [...sorted.values()].reduce((n, l) => n + l.file.bytes, 0);
    this.snapshot = this.build({ ...cur, loads: sorted, bytes, started });
    return this.summary(this.snapshot);
  }

  /** An edited file's load, re-using the parses of its unchanged YAML documents. */
  private loadEdited(path: string, text: string): FileLoad {
    const record = new Map<string, YamlDocParse>();
    const load = loadFile(path, text, {
      ...LOAD_OPTIONS,
      yamlDocs: { reuse: this.yamlDocs.get(path), record },
    });
    this.yamlDocs.set(path, record);
    return load;
  }

  /**
   * Parses a file's YAML documents ahead of its first edit (the editor opened it): then the first
   * keystroke, too, re-parses only the document it changed.
   */
  prepareEdit(path: string): void {
    const load = this.snapshot?.loads.get(path);
    if (!load || load.file.format !== 'yaml' || this.yamlDocs.has(path)) return;
    const record = new Map<string, YamlDocParse>();
    loadFile(path, load.file.text, { ...LOAD_OPTIONS, yamlDocs: { record } });
    this.yamlDocs.set(path, record);
  }

  // --- Editing support (edit-session.ts) -------------------------------------------------------

  /**
   * Replaces several files at once (an action or an undo step touching more than one file), with a
   * single re-validation. `text: null` removes a file from the catalog (undoing a file creation).
   */
  updateFiles(files: readonly { path: string; text: string | null }[]): CatalogSummary {
    const cur = this.require();
    const started = now();
    const loads = new Map(cur.loads);
    for (const f of files) {
      if (f.text === null) {
        loads.delete(f.path);
        this.yamlDocs.delete(f.path);
      } else loads.set(f.path, this.loadEdited(f.path, f.text));
    }
    const sorted = new Map([...loads].sort(([a], [b]) => compareWalkOrder(a, b)));
    const bytes = [...sorted.values()].reduce((n, l) => n + l.file.bytes, 0);
    this.snapshot = this.build({ ...cur, loads: sorted, bytes, started });
    return this.summary(this.snapshot);
  }

  /** What the edit actions run on: every file's current text, the declcfg and the model. */
  editContext(): { files: Map<string, string>; dc: LoadResult['dc']; model: Model } {
    const s = this.require();
    const files = new Map<string, string>();
    for (const [path, l] of s.loads) files.set(path, l.file.text);
    return { files, dc: s.load.dc, model: s.validation.model };
  }

  /** The catalog's files in walk order, with their format and how many blobs they hold. */
  listFiles(): { path: string; format: 'json' | 'yaml' | 'empty'; bytes: number; blobs: number }[] {
    return [...this.require().loads.values()].map((l) => ({
      path: l.file.path,
      format: l.file.format,
      bytes: l.file.bytes,
      blobs: l.file.blobs,
    }));
  }

  /** Resolves a field reference of the current generation to a range (undefined when it cannot). */
  locateRef(ref: LocRef): SourceRange | undefined {
    return this.require().locate(ref);
  }

  // --- End of editing support -----------------------------------------------------------------

  // --- Paths, impact and export (paths-queries.ts, impact.ts, paths-export.ts) ----------------
  // Loaded on first use (dynamic import), so they cost nothing in the worker's initial chunk.

  /** The upgrade path to the channel head under OLM v0 and v1, with the reason for every hop. */
  async getUpgradePath(q: PathQuery): Promise<PathAnswer | QueryError> {
    const { upgradePathAnswer } = await import('./paths-queries');
    return upgradePathAnswer(this.require().validation.model, q);
  }

  /** Every entry of the channel whose users end up at `target` (v0 and v1). */
  async getWhoReaches(pkg: string, channel: string, target: string): Promise<WhoReachesAnswer | QueryError> {
    const { whoReachesAnswer } = await import('./paths-queries');
    return whoReachesAnswer(this.require().validation.model, pkg, channel, target);
  }

  /** Rows = bundles, columns = channels: where a user on that bundle lands after switching channel. */
  async getSwitchMatrix(pkg: string, semantics: Semantics): Promise<SwitchMatrixView | QueryError> {
    const { switchMatrix } = await import('./paths-queries');
    return switchMatrix(this.require().validation.model, pkg, semantics);
  }

  /**
   * Which installed versions get a different next hop, or lose (or gain) their path to the head,
   * compared with the baseline: the catalog as loaded by open(), whatever edits came since.
   */
  async getImpact(): Promise<ImpactView> {
    const { computeImpact } = await import('./impact');
    const s = this.require();
    const base = this.baseline ?? { model: s.validation.model, loads: s.loads };
    return computeImpact(base, { model: s.validation.model, loads: s.loads });
  }

  /** Makes the current catalog the impact baseline (for example after the edits were saved). */
  resetBaseline(): void {
    const s = this.require();
    this.baseline = { model: s.validation.model, loads: s.loads };
  }

  /** `opm alpha render-graph` of the current catalog, byte for byte; split by package past Mermaid's limit. */
  async exportMermaid(opts: MermaidExportOptions = {}): Promise<MermaidExport> {
    const { mermaidExport } = await import('./paths-export');
    return mermaidExport(this.require().load, opts);
  }

  // --- End of paths, impact and export ---------------------------------------------------------

  getSummary(): CatalogSummary | null {
    return this.snapshot ? this.summary(this.snapshot) : null;
  }

  getPackageList(): PackageListItem[] {
    const s = this.require();
    return packageList(s.validation.model, s.index);
  }

  getPackage(name: string): PackageView | null {
    const s = this.require();
    const pkg = s.validation.model.packages.get(name);
    return pkg ? packageView(pkg, s.index, s.locate) : null;
  }

  getChannel(pkgName: string, channel: string): ChannelView | null {
    const s = this.require();
    const key = `${pkgName}\u0000${channel}`;
    let view = s.channels.get(key);
    if (view === undefined) {
      const pkg = s.validation.model.packages.get(pkgName);
      const ch = pkg?.channels.get(channel);
      view = pkg && ch ? channelView(pkg, ch, s.locate) : null;
      s.channels.set(key, view);
    }
    return view;
  }

  getChannelGraph(pkg: string, channel: string): ChannelGraph | null {
    return this.getChannel(pkg, channel)?.graph ?? null;
  }

  getPackageGraph(pkgName: string): PackageGraph | null {
    const pkg = this.require().validation.model.packages.get(pkgName);
    return pkg ? buildPackageGraph(pkg) : null;
  }

  getBundle(pkgName: string, name: string): BundleView | null {
    const s = this.require();
    const pkg = s.validation.model.packages.get(pkgName);
    if (!pkg) return null;
    return (
      bundleView(pkg, name, {
        locate: s.locate,
        diagnostics: s.diagnostics,
        // Only `properties` is read from the bundle.
        objects: (b) => decodeBundleObjects({ properties: b.properties } as DeclBundle),
      }) ?? null
    );
  }

  getDiagnostics(): DiagnosticView[] {
    return this.require().diagnostics;
  }

  // --- Problems in slices (src/app/state/perf-diagnostics.ts) ---
  /**
   * Problems [start, end) of the current generation. The UI fetches 10,000 problems a slice at a
   * time: one message that big keeps its thread busy for over 100 ms just to receive it.
   */
  getDiagnosticsSlice(
    start: number,
    end: number,
  ): { generation: number; total: number; items: DiagnosticView[] } {
    const s = this.require();
    return { generation: s.generation, total: s.diagnostics.length, items: s.diagnostics.slice(start, end) };
  }
  /**
   * What changed in the problems list since generation `base` (which the UI holds), as splices of
   * the old list. Null when `base` is no longer known or the change carries more than `limit`
   * findings (the UI then fetches the list in slices).
   */
  async getDiagnosticsDelta(base: number, limit: number): Promise<DiagnosticsDelta | null> {
    // Only edits need it: loaded on first use, like the edit session.
    const { diffDiagnostics } = await import('./diagnostics-delta');
    const s = this.require();
    const old = this.recentDiagnostics.get(base);
    if (!old) return null;
    const splices = diffDiagnostics(old, s.diagnostics, limit);
    if (!splices) return null;
    return { generation: s.generation, base, total: s.diagnostics.length, splices };
  }
  // --- End of problems in slices ---

  /** The current text of a catalog file (as loaded or as last updated). */
  getFile(path: string): FileView | null {
    const load = this.require().loads.get(path);
    if (!load) return null;
    return { path, text: load.file.text, format: load.file.format === 'json' ? 'json' : 'yaml' };
  }

  /** The model, for tests and in-worker callers (not serialisable). */
  get model(): Model | undefined {
    return this.snapshot?.validation.model;
  }

  private require(): Snapshot {
    if (!this.snapshot) throw new Error('No catalog is open');
    return this.snapshot;
  }

  private build(input: {
    source: CatalogSource;
    kind: CatalogSummary['kind'];
    readOnly: boolean;
    loads: Map<string, FileLoad>;
    ignored: string[];
    bytes: number;
    started: number;
  }): Snapshot {
    const load = mergeFileLoads([...input.loads.values()], input.ignored);
    const validation = this.validator.validate(load);
    const locateRef: Locate = (ref: LocRef): SourceRange | undefined => {
      // An unchanged file keeps its LoadedFile object across generations, and with it the ranges
      // already found in it: after an edit only the edited file's findings are located again.
      const file = load.files.get(ref.origin.file);
      const memo = file ? (this.located.get(file) ?? new Map<string, SourceRange | null>()) : undefined;
      if (file && memo && !this.located.has(file)) this.located.set(file, memo);
      const key = `${ref.origin.start}\u0000${ref.path.join('\u0001')}`;
      const known = memo?.get(key);
      if (known !== undefined) return known ?? undefined;
      let range: SourceRange | undefined;
      try {
        range = locate(load.files, ref);
      } catch {
        range = undefined;
      }
      memo?.set(key, range ?? null);
      return range;
    };
    const diagnostics = this.diagnosticViews.build(
      validation.diagnostics as Diagnostic[],
      validation.model,
      locateRef,
    );
    const generation = ++this.generation;
    this.rememberDiagnostics(generation, diagnostics);
    return {
      generation,
      source: input.source,
      kind: input.kind,
      readOnly: input.readOnly,
      loads: input.loads,
      ignored: input.ignored,
      bytes: input.bytes,
      load,
      validation,
      diagnostics,
      index: new DiagnosticIndex(diagnostics),
      locate: locateRef,
      durationMs: now() - input.started,
      channels: new Map(),
    };
  }

  private summary(s: Snapshot): CatalogSummary {
    const model = s.validation.model;
    // Counted once per generation: the summary is asked for often (edits, the deferred check).
    let counts = this.counts.get(s);
    if (!counts) {
      let channels = 0;
      let bundles = 0;
      for (const p of model.packages.values()) {
        channels += p.channels.size;
        const names = new Set<string>();
        for (const ch of p.channels.values()) for (const b of ch.bundles.keys()) names.add(b);
        bundles += names.size;
      }
      counts = { channels, bundles };
      this.counts.set(s, counts);
    }
    const { channels } = counts;
    const fileProblems: FileProblem[] = s.load.errors.map((e) => ({
      file: e.file,
      message: e.message,
      location: e.location,
    }));
    return {
      name: s.source.name,
      kind: s.kind,
      readOnly: s.readOnly,
      generation: s.generation,
      files: s.loads.size,
      ignoredFiles: s.ignored.length,
      bytes: s.bytes,
      packages: model.packages.size,
      channels,
      bundles: counts.bundles,
      passed: s.validation.passed,
      opmMessage: s.validation.opmMessage,
      errors: s.diagnostics.filter((d) => d.severity === 'error').length,
      warnings: s.diagnostics.filter((d) => d.severity === 'warning').length,
      fileProblems,
      durationMs: s.durationMs,
      bundleObjects: this.checker.isPending(s.loads.values()) ? 'checking' : 'checked',
    };
  }
}

function decodeText(data: Uint8Array): string {
  return new TextDecoder('utf-8').decode(data);
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

function progressReporter(onProgress: ((p: LoadProgress) => void) | undefined) {
  let last = -Infinity;
  let state: LoadProgress = {
    phase: 'listing',
    filesRead: 0,
    filesTotal: 0,
    bytesRead: 0,
    bytesTotal: 0,
    currentFile: '',
  };
  return (patch: Partial<LoadProgress>, force = false): void => {
    state = { ...state, ...patch };
    if (!onProgress) return;
    const t = now();
    if (!force && t - last < PROGRESS_INTERVAL) return;
    last = t;
    onProgress(state);
  };
}
