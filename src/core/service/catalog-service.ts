/**
 * The catalog service: everything the UI asks of a catalog, as plain data. It runs in the catalog
 * Web Worker (src/worker/catalog.worker.ts wraps it with comlink) and, being DOM-free, in Node for
 * tests. It holds any number of open catalogs (a CatalogSession each, keyed by an id) and one of
 * them is current: the methods it has from CatalogApi act on that one; `session(id)` is any open
 * catalog, with the same methods. Each catalog's state lives in its session; all the service
 * owns is which sessions there are, which is current, and the generation counter they share (so a
 * generation number — what the UI keys its caches on — always names one catalog).
 */
import type { CatalogSource } from '../source/types';
import { CatalogApi } from './catalog-api';
import { CatalogSession, DEFAULT_CATALOG_ID } from './catalog-session';
import type { OpenOptions as SessionOpenOptions } from './session-loading';
import type { CatalogSummary } from './views';

export { CancelledError } from './session-loading';
export { CatalogApi } from './catalog-api';
export { CatalogSession } from './catalog-session';

export { DEFAULT_CATALOG_ID };

export interface OpenOptions extends SessionOpenOptions {
  /** Which catalog to open it as; another open of the same id replaces it. Default: DEFAULT_CATALOG_ID. */
  id?: string;
  /** Make it the current catalog once it is open (default true, as an open always did). */
  select?: boolean;
}

export class CatalogService extends CatalogApi {
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
      if (ticket > this.selectedRequest && this.sessions.get(id) === session) {
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

  /** The open catalog `id`, with the same methods as the service (undefined when it is not open). */
  session(id: string): CatalogSession | undefined {
    const s = this.sessions.get(id);
    return s?.isOpen ? s : undefined;
  }

  /** The ids of the open catalogs, in the order they were first opened. */
  ids(): string[] {
    return [...this.sessions.keys()].filter((id) => this.session(id));
  }

  /** The id of the current catalog (undefined when none is). */
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

  protected catalog(): CatalogSession | undefined {
    return this.currentId === undefined ? undefined : this.sessions.get(this.currentId);
  }
}
