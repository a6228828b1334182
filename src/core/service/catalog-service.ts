/**
 * The catalog service: everything the UI asks of a catalog, as plain data. It runs in the catalog
 * Web Worker (src/worker/catalog.worker.ts wraps it with comlink) and, being DOM-free, in Node for
 * tests. It holds any number of open catalogs (CatalogSession, keyed by an id) and one of them is
 * current: the methods without an id act on it. Each catalog's state lives in its session; all the
 * service owns is which sessions there are, which is current, and the generation counter they share
 * (so a generation number — what the UI keys its caches on — always names one catalog).
 */
import type { ChannelGraph, PackageGraph } from '../graph/channel-graph';
import type { LocRef, SourceRange } from '../location';
import type { Model } from '../model/types';
import type { CatalogSource } from '../source/types';
import { CatalogSession } from './catalog-session';
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
import type { EditContext } from './session-editing';
import type { CatalogFileEntry } from './session-files';
import type { OpenOptions as SessionOpenOptions } from './session-loading';
import type {
  BundleView,
  CatalogSummary,
  ChannelView,
  DiagnosticView,
  FileView,
  PackageListItem,
  PackageView,
} from './views';

export { CancelledError } from './session-loading';
export { CatalogSession } from './catalog-session';

/** The catalog an open without an id goes to (the one catalog of today's app). */
export const DEFAULT_CATALOG_ID = 'default';

export interface OpenOptions extends SessionOpenOptions {
  /** Which catalog to open it as; another open of the same id replaces it. Default: DEFAULT_CATALOG_ID. */
  id?: string;
  /** Make it the current catalog once it is open (default true, as an open always did). */
  select?: boolean;
}

export class CatalogService {
  private readonly sessions = new Map<string, CatalogSession>();
  private currentId: string | undefined;
  private generation = 0;
  private readonly nextGeneration = () => ++this.generation;
  /** Opens and select() calls in the order asked: the latest one asked for decides what is current. */
  private selectRequests = 0;
  private selectedRequest = 0;

  /**
   * Loads and validates a catalog, replacing the one of the same id when it succeeds (and making it
   * current unless `select: false`). An open of that id already in progress is cancelled first.
   * Rejects with CancelledError (name 'AbortError') when cancelled; the previous catalog stays.
   */
  async open(source: CatalogSource, opts: OpenOptions): Promise<CatalogSummary> {
    const { id = DEFAULT_CATALOG_ID, select = true, ...sessionOpts } = opts;
    const ticket = select ? ++this.selectRequests : 0;
    let session = this.sessions.get(id);
    if (!session) {
      session = new CatalogSession(id, this.nextGeneration);
      this.sessions.set(id, session);
    }
    try {
      const summary = await session.open(source, sessionOpts);
      if (select && ticket > this.selectedRequest && this.sessions.get(id) === session) {
        this.currentId = id;
        this.selectedRequest = ticket;
      }
      return summary;
    } finally {
      // A first open that failed leaves no catalog behind.
      if (!session.isOpen && !session.isLoading && this.sessions.get(id) === session)
        this.sessions.delete(id);
    }
  }

  /** Stops the open in progress of catalog `id`, or of every catalog when no id is given. */
  cancel(id?: string): void {
    if (id === undefined) for (const s of this.sessions.values()) s.cancel();
    else this.sessions.get(id)?.cancel();
  }

  /** The open catalog `id` (undefined when there is none). */
  session(id: string): CatalogSession | undefined {
    const s = this.sessions.get(id);
    return s?.isOpen ? s : undefined;
  }

  /** The ids of the open catalogs, in the order they were first opened. */
  ids(): string[] {
    return [...this.sessions.values()].filter((s) => s.isOpen).map((s) => s.id);
  }

  /** The id of the current catalog (undefined when none is open). */
  get currentCatalogId(): string | undefined {
    return this.currentId;
  }

  /** Makes open catalog `id` the current one. */
  select(id: string): void {
    if (!this.session(id)) throw new Error(`No catalog "${id}" is open`);
    this.currentId = id;
    this.selectedRequest = ++this.selectRequests;
  }

  /** Closes catalog `id` (stopping its open or check); when it was current, no catalog is current. */
  close(id: string): void {
    const s = this.sessions.get(id);
    if (!s) return;
    this.sessions.delete(id);
    s.close();
    if (this.currentId === id) this.currentId = undefined;
  }

  // Today's methods: they act on the current catalog.

  whenBundleObjectsChecked(): Promise<CatalogSummary | null> {
    return this.currentOrNone()?.whenBundleObjectsChecked() ?? Promise.resolve(null);
  }

  /** Replaces one file's text (an edit); a path the catalog did not have is added. Nothing is written. */
  updateFile(path: string, text: string): CatalogSummary {
    return this.current().updateFile(path, text);
  }

  /** Parses a file's YAML documents ahead of its first edit (the editor opened it). */
  prepareEdit(path: string): void {
    this.currentOrNone()?.prepareEdit(path);
  }

  /** Several files at once, one re-validation; `text: null` removes a file (undoing a creation). */
  updateFiles(files: readonly { path: string; text: string | null }[]): CatalogSummary {
    return this.current().updateFiles(files);
  }

  /** What the edit actions run on: every file's current text, the declcfg and the model. */
  editContext(): EditContext {
    return this.current().editContext();
  }

  /** The catalog's files in walk order, with their format and how many blobs they hold. */
  listFiles(): CatalogFileEntry[] {
    return this.current().listFiles();
  }

  /** Resolves a field reference of the current generation to a range (undefined when it cannot). */
  locateRef(ref: LocRef): SourceRange | undefined {
    return this.current().locateRef(ref);
  }

  /** The upgrade path to the channel head under OLM v0 and v1, with the reason for every hop. */
  async getUpgradePath(q: PathQuery): Promise<PathAnswer | QueryError> {
    return this.current().getUpgradePath(q);
  }

  /** Every entry of the channel whose users end up at `target` (v0 and v1). */
  async getWhoReaches(pkg: string, channel: string, target: string): Promise<WhoReachesAnswer | QueryError> {
    return this.current().getWhoReaches(pkg, channel, target);
  }

  /** Rows = bundles, columns = channels: where a user on that bundle lands after switching channel. */
  async getSwitchMatrix(pkg: string, semantics: Semantics): Promise<SwitchMatrixView | QueryError> {
    return this.current().getSwitchMatrix(pkg, semantics);
  }

  /** What pending edits change for installed versions, against the catalog as opened. */
  async getImpact(): Promise<ImpactView> {
    return this.current().getImpact();
  }

  /** Makes the current catalog the impact baseline (for example after the edits were saved). */
  resetBaseline(): void {
    this.current().resetBaseline();
  }

  /** `opm alpha render-graph` of the current catalog, byte for byte; split by package past Mermaid's limit. */
  async exportMermaid(opts: MermaidExportOptions = {}): Promise<MermaidExport> {
    return this.current().exportMermaid(opts);
  }

  getSummary(): CatalogSummary | null {
    return this.currentOrNone()?.getSummary() ?? null;
  }

  getPackageList(): PackageListItem[] {
    return this.current().getPackageList();
  }

  getPackage(name: string): PackageView | null {
    return this.current().getPackage(name);
  }

  getChannel(pkg: string, channel: string): ChannelView | null {
    return this.current().getChannel(pkg, channel);
  }

  getChannelGraph(pkg: string, channel: string): ChannelGraph | null {
    return this.current().getChannelGraph(pkg, channel);
  }

  getPackageGraph(pkg: string): PackageGraph | null {
    return this.current().getPackageGraph(pkg);
  }

  getBundle(pkg: string, name: string): BundleView | null {
    return this.current().getBundle(pkg, name);
  }

  getDiagnostics(): DiagnosticView[] {
    return this.current().getDiagnostics();
  }

  /** Problems [start, end) of the current generation (the UI fetches big lists a slice at a time). */
  getDiagnosticsSlice(
    start: number,
    end: number,
  ): { generation: number; total: number; items: DiagnosticView[] } {
    return this.current().getDiagnosticsSlice(start, end);
  }

  /** What changed in the problems list since generation `base`; null when unknown or too big. */
  async getDiagnosticsDelta(base: number, limit: number): Promise<DiagnosticsDelta | null> {
    return this.current().getDiagnosticsDelta(base, limit);
  }

  /** The current text of a catalog file (as loaded or as last updated). */
  getFile(path: string): FileView | null {
    return this.current().getFile(path);
  }

  /** The model, for tests and in-worker callers (not serialisable). */
  get model(): Model | undefined {
    return this.currentOrNone()?.model;
  }

  private currentOrNone(): CatalogSession | undefined {
    return this.currentId === undefined ? undefined : this.sessions.get(this.currentId);
  }

  private current(): CatalogSession {
    const s = this.currentOrNone();
    if (!s?.isOpen) throw new Error('No catalog is open');
    return s;
  }
}
