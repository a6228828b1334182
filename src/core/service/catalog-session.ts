/**
 * One open catalog: its current generation and every feature's state for it — loading and the
 * deferred check, editing, views, the problems list, queries — each in its own module. Nothing
 * here is shared with another catalog (the service may hold several sessions, one per catalog),
 * except the generation counter a service hands its sessions so that a generation names a catalog.
 */
import type { ChannelGraph, PackageGraph } from '../graph/channel-graph';
import type { LocRef, SourceRange } from '../location';
import type { Model } from '../model/types';
import type { CatalogSource } from '../source/types';
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
import { CatalogDiagnostics } from './session-diagnostics';
import { CatalogEditing, type EditContext } from './session-editing';
import { exportMermaid } from './session-export';
import { listFiles, type CatalogFileEntry } from './session-files';
import { CatalogLoading, type OpenOptions } from './session-loading';
import { CatalogQueries } from './session-queries';
import { generationCounter, SnapshotBuilder, type Snapshot } from './session-snapshot';
import { CatalogViews } from './session-views';
import type {
  BundleView,
  CatalogSummary,
  ChannelView,
  DiagnosticView,
  FileView,
  PackageListItem,
  PackageView,
} from './views';

export class CatalogSession {
  private snapshot: Snapshot | undefined;
  private readonly builder: SnapshotBuilder;
  private readonly loading: CatalogLoading;
  private readonly editing: CatalogEditing;
  private readonly views = new CatalogViews();
  private readonly diagnostics = new CatalogDiagnostics();
  private readonly queries = new CatalogQueries();
  private readonly current = (): Snapshot => this.require();

  constructor(
    readonly id: string,
    nextGeneration: () => number = generationCounter(),
  ) {
    this.builder = new SnapshotBuilder(nextGeneration);
    const build = this.builder.build.bind(this.builder);
    this.editing = new CatalogEditing(build);
    this.loading = new CatalogLoading({
      current: () => this.snapshot,
      build,
      commit: (s, opened) => {
        this.commit(s);
        if (!opened) return;
        this.editing.reset();
        this.queries.resetBaseline(s);
      },
      summary: (s) => this.summary(s),
    });
  }

  /** True once a catalog was opened (and until it is closed). */
  get isOpen(): boolean {
    return this.snapshot !== undefined;
  }

  /** True while an open is in progress. */
  get isLoading(): boolean {
    return this.loading.busy;
  }

  // Loading (session-loading.ts)

  /** Loads and validates `source` as this catalog; the previous generation stays when it fails. */
  open(source: CatalogSource, opts: OpenOptions): Promise<CatalogSummary> {
    return this.loading.open(source, opts);
  }

  cancel(): void {
    this.loading.cancel();
  }

  /** Stops loading and checking, and forgets the catalog. */
  close(): void {
    this.loading.close();
    this.snapshot = undefined;
    this.editing.reset();
  }

  whenBundleObjectsChecked(): Promise<CatalogSummary | null> {
    return this.loading.whenBundleObjectsChecked();
  }

  // Editing (session-editing.ts) and write-back support (session-files.ts)

  updateFile(path: string, text: string): CatalogSummary {
    return this.updateFiles([{ path, text }]);
  }

  updateFiles(files: readonly { path: string; text: string | null }[]): CatalogSummary {
    const next = this.editing.update(this.require(), files);
    this.commit(next);
    return this.summary(next);
  }

  prepareEdit(path: string): void {
    this.editing.prepareEdit(this.snapshot, path);
  }

  editContext(): EditContext {
    return this.editing.editContext(this.require());
  }

  locateRef(ref: LocRef): SourceRange | undefined {
    return this.editing.locateRef(this.require(), ref);
  }

  listFiles(): CatalogFileEntry[] {
    return listFiles(this.require());
  }

  // Views (session-views.ts, session-diagnostics.ts)

  getSummary(): CatalogSummary | null {
    return this.snapshot ? this.summary(this.snapshot) : null;
  }

  getPackageList(): PackageListItem[] {
    return this.views.packageList(this.require());
  }

  getPackage(name: string): PackageView | null {
    return this.views.package(this.require(), name);
  }

  getChannel(pkg: string, channel: string): ChannelView | null {
    return this.views.channel(this.require(), pkg, channel);
  }

  getChannelGraph(pkg: string, channel: string): ChannelGraph | null {
    return this.views.channelGraph(this.require(), pkg, channel);
  }

  getPackageGraph(pkg: string): PackageGraph | null {
    return this.views.packageGraph(this.require(), pkg);
  }

  getBundle(pkg: string, name: string): BundleView | null {
    return this.views.bundle(this.require(), pkg, name);
  }

  getFile(path: string): FileView | null {
    return this.views.file(this.require(), path);
  }

  getDiagnostics(): DiagnosticView[] {
    return this.diagnostics.all(this.require());
  }

  getDiagnosticsSlice(
    start: number,
    end: number,
  ): { generation: number; total: number; items: DiagnosticView[] } {
    return this.diagnostics.slice(this.require(), start, end);
  }

  getDiagnosticsDelta(base: number, limit: number): Promise<DiagnosticsDelta | null> {
    return this.diagnostics.delta(this.current, base, limit);
  }

  // Queries (session-queries.ts) and export (session-export.ts)

  getUpgradePath(q: PathQuery): Promise<PathAnswer | QueryError> {
    return this.queries.upgradePath(this.current, q);
  }

  getWhoReaches(pkg: string, channel: string, target: string): Promise<WhoReachesAnswer | QueryError> {
    return this.queries.whoReaches(this.current, pkg, channel, target);
  }

  getSwitchMatrix(pkg: string, semantics: Semantics): Promise<SwitchMatrixView | QueryError> {
    return this.queries.switchMatrix(this.current, pkg, semantics);
  }

  getImpact(): Promise<ImpactView> {
    return this.queries.impact(this.current);
  }

  resetBaseline(): void {
    this.queries.resetBaseline(this.require());
  }

  exportMermaid(opts: MermaidExportOptions = {}): Promise<MermaidExport> {
    return exportMermaid(this.current, opts);
  }

  /** The model, for tests and in-worker callers (not serialisable). */
  get model(): Model | undefined {
    return this.snapshot?.validation.model;
  }

  private commit(s: Snapshot): void {
    this.snapshot = s;
    this.diagnostics.remember(s);
  }

  private summary(s: Snapshot): CatalogSummary {
    return this.views.summary(s, this.loading.isChecking(s.loads.values()));
  }

  private require(): Snapshot {
    if (!this.snapshot) throw new Error('No catalog is open');
    return this.snapshot;
  }
}
