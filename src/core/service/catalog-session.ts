/**
 * One open catalog: its current generation and every feature's state for it — loading and the
 * deferred check, editing, views, the problems list, queries — each in its own module. Nothing
 * here is shared with another catalog (a service may hold several sessions, one per catalog),
 * except the generation counter a service hands its sessions so that a generation names a catalog.
 * What the UI asks of it is CatalogApi (catalog-api.ts), acting on this catalog.
 */
import type { CatalogSource } from '../source/types';
import { CatalogApi } from './catalog-api';
import { CatalogDiagnostics } from './session-diagnostics';
import { CatalogEditing } from './session-editing';
import { CatalogLoading, type OpenOptions } from './session-loading';
import { CatalogQueries } from './session-queries';
import { generationCounter, SnapshotBuilder, type Snapshot } from './session-snapshot';
import { CatalogViews } from './session-views';
import type { CatalogSummary } from './views';

/** The catalog an open without an id goes to (the one catalog of a folder that is not a repository). */
export const DEFAULT_CATALOG_ID = 'default';

export class CatalogSession extends CatalogApi {
  private snapshot: Snapshot | undefined;
  readonly loading: CatalogLoading;
  readonly editing: CatalogEditing;
  readonly views = new CatalogViews();
  readonly diagnostics = new CatalogDiagnostics();
  readonly queries = new CatalogQueries();

  constructor(
    readonly id: string,
    nextGeneration: () => number = generationCounter(),
  ) {
    super();
    const builder = new SnapshotBuilder(nextGeneration);
    const build = builder.build.bind(builder);
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

  /** The current generation, if a catalog is open. */
  get current(): Snapshot | undefined {
    return this.snapshot;
  }

  /** The current generation; throws when no catalog is open. */
  require(): Snapshot {
    if (!this.snapshot) throw new Error('No catalog is open');
    return this.snapshot;
  }

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

  /** Makes `s` the current generation (an open, an edit, the deferred check's re-validation). */
  commit(s: Snapshot): void {
    this.snapshot = s;
    this.diagnostics.remember(s);
  }

  protected catalog(): CatalogSession {
    return this;
  }

  summary(s: Snapshot): CatalogSummary {
    const summary = this.views.summary(s, this.loading.isChecking(s.loads.values()));
    // One of several catalogs (a repository): the UI offers the others and keys its state on it.
    if (this.id !== DEFAULT_CATALOG_ID) summary.catalog = this.id;
    return summary;
  }
}
