/**
 * What the UI asks of one catalog, written once: CatalogService answers it for its current catalog,
 * and each CatalogSession (`service.session(id)`) for itself. Holds no state of its own — each method reads the
 * catalog's session (catalog-session.ts) and hands the work to that feature's module.
 */
import type { PackageGraph } from '../graph/channel-graph';
import type { LocRef, SourceRange } from '../location';
import type { Model } from '../model/types';
import type { CatalogSession } from './catalog-session';
import type { Snapshot } from './session-snapshot';
import { bundleView, fileView, packageGraph, packageList, packageView } from './build-views';
import type { DiagnosticsDelta } from './diagnostics-delta';
import type * as Paths from './paths-views';
import type { EditContext } from './session-editing';
import { exportMermaid } from './session-export';
import { listFiles, type CatalogFileEntry } from './session-files';
import type {
  BundleView,
  CatalogSummary,
  ChannelView,
  DiagnosticView,
  FileView,
  PackageListItem,
  PackageView,
} from './views';

export abstract class CatalogApi {
  /** The catalog the methods act on (undefined when there is none). */
  protected abstract catalog(): CatalogSession | undefined;

  /** The catalog, open; throws when there is none. */
  private use(): CatalogSession {
    const c = this.catalog();
    if (!c?.isOpen) throw new Error('No catalog is open');
    return c;
  }

  /**
   * A question about the catalog, by the queries module (session-queries.ts), which loads its code
   * first and then reads the generation current by then.
   */
  private ask<T>(f: (queries: CatalogSession['queries'], now: () => Snapshot) => T): T {
    const c = this.use();
    return f(c.queries, () => c.require());
  }

  /** A view of the current generation (build-views.ts). */
  private view<A extends unknown[], T>(f: (s: Snapshot, ...a: A) => T, ...a: A): T {
    return f(this.use().require(), ...a);
  }

  // Loading (session-loading.ts)

  /**
   * Resolves with the summary once the deferred bundle-object check is done (at once when nothing
   * is pending; null when no catalog is open). When it found problems the catalog was re-validated:
   * a new generation, with opm's exact verdict.
   */
  whenBundleObjectsChecked(): Promise<CatalogSummary | null> {
    return this.catalog()?.loading.whenBundleObjectsChecked() ?? Promise.resolve(null);
  }

  // Editing (session-editing.ts) and write-back support (session-files.ts)

  /**
   * Replaces one file's text (an edit), re-parsing only that file and re-validating the catalog.
   * A path the catalog did not have is added. Nothing is written to the source.
   */
  updateFile(path: string, text: string): CatalogSummary {
    return this.updateFiles([{ path, text }]);
  }

  /**
   * Replaces several files at once (an action or an undo step touching more than one file), with a
   * single re-validation. `text: null` removes a file from the catalog (undoing a file creation).
   */
  updateFiles(files: readonly { path: string; text: string | null }[]): CatalogSummary {
    const c = this.use();
    const next = c.editing.update(c.require(), files);
    c.commit(next);
    return c.summary(next);
  }

  /**
   * Parses a file's YAML documents ahead of its first edit (the editor opened it): then the first
   * keystroke, too, re-parses only the document it changed.
   */
  prepareEdit(path: string): void {
    const c = this.catalog();
    c?.editing.prepareEdit(c.current, path);
  }

  /** What the edit actions run on: every file's current text, the declcfg and the model. */
  editContext(): EditContext {
    const c = this.use();
    return c.editing.editContext(c.require());
  }

  /** Resolves a field reference of the current generation to a range (undefined when it cannot). */
  locateRef(ref: LocRef): SourceRange | undefined {
    return this.use().require().locate(ref);
  }

  /** The catalog's files in walk order, with their format and how many blobs they hold. */
  listFiles(): CatalogFileEntry[] {
    return this.view(listFiles);
  }

  // Queries (session-queries.ts) and export (session-export.ts); their code loads on first use.

  /** The upgrade path to the channel head under OLM v0 and v1, with the reason for every hop. */
  async getUpgradePath(q: Paths.PathQuery): Promise<Paths.PathAnswer | Paths.QueryError> {
    return this.ask((queries, now) => queries.upgradePath(now, q));
  }

  /** Every entry of the channel whose users end up at `target` (v0 and v1). */
  async getWhoReaches(
    pkg: string,
    channel: string,
    target: string,
  ): Promise<Paths.WhoReachesAnswer | Paths.QueryError> {
    return this.ask((queries, now) => queries.whoReaches(now, pkg, channel, target));
  }

  /** Rows = bundles, columns = channels: where a user on that bundle lands after switching channel. */
  async getSwitchMatrix(
    pkg: string,
    semantics: Paths.Semantics,
  ): Promise<Paths.SwitchMatrixView | Paths.QueryError> {
    return this.ask((queries, now) => queries.switchMatrix(now, pkg, semantics));
  }

  /**
   * Which installed versions get a different next hop, or lose (or gain) their path to the head,
   * compared with the baseline: the catalog as opened, whatever edits came since.
   */
  async getImpact(): Promise<Paths.ImpactView> {
    return this.ask((queries, now) => queries.impact(now));
  }

  /** Makes the current catalog the impact baseline (for example after the edits were saved). */
  resetBaseline(): void {
    const c = this.use();
    c.queries.resetBaseline(c.require());
  }

  /** `opm alpha render-graph` of the catalog, byte for byte; split by package past Mermaid's limit. */
  async exportMermaid(opts: Paths.MermaidExportOptions = {}): Promise<Paths.MermaidExport> {
    const c = this.use();
    return exportMermaid(() => c.require(), opts);
  }

  // Views (session-views.ts, session-diagnostics.ts)

  getSummary(): CatalogSummary | null {
    const s = this.catalog()?.current;
    return s ? this.use().summary(s) : null;
  }

  getPackageList(): PackageListItem[] {
    return this.view(packageList);
  }

  getPackage(name: string): PackageView | null {
    return this.view(packageView, name);
  }

  /** Kept per generation by the session's views (session-views.ts). */
  getChannel(pkg: string, channel: string): ChannelView | null {
    const c = this.use();
    return c.views.channel(c.require(), pkg, channel);
  }

  getPackageGraph(pkg: string): PackageGraph | null {
    return this.view(packageGraph, pkg);
  }

  getBundle(pkg: string, name: string): BundleView | null {
    return this.view(bundleView, pkg, name);
  }

  /** The current text of a catalog file (as loaded or as last updated). */
  getFile(path: string): FileView | null {
    return this.view(fileView, path);
  }

  getDiagnostics(): DiagnosticView[] {
    const c = this.use();
    return c.diagnostics.all(c.require());
  }

  /**
   * Problems [start, end) of the current generation, or fewer (a slice is capped by weight: the UI
   * asks on from where it ended). The UI fetches 10,000 problems a slice at a time: one message
   * that big keeps its thread busy for over 100 ms just to receive it.
   */
  getDiagnosticsSlice(
    start: number,
    end: number,
  ): { generation: number; total: number; items: DiagnosticView[] } {
    const c = this.use();
    return c.diagnostics.slice(c.require(), start, end);
  }

  /**
   * The whole message of problem `id` of the current generation (its view carries it capped, with
   * `messageLength`: the Problems panel's "show all"). Null when the problem is gone.
   */
  getDiagnosticMessage(id: number): string | null {
    const c = this.use();
    return c.diagnostics.fullMessage(c.require(), id);
  }

  /**
   * What changed in the problems list since generation `base` (which the UI holds), as splices of
   * the old list. Null when `base` is no longer known or the change carries more than `limit`
   * findings (the UI then fetches the list in slices).
   */
  async getDiagnosticsDelta(base: number, limit: number): Promise<DiagnosticsDelta | null> {
    const c = this.use();
    return c.diagnostics.delta(() => c.require(), base, limit);
  }

  /** The model, for tests and in-worker callers (not serialisable). */
  get model(): Model | undefined {
    return this.catalog()?.current?.validation.model;
  }
}
