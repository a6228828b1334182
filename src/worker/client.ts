/**
 * The UI side of the catalog worker. One worker per page, created lazily. Progress callbacks are
 * passed through Comlink.proxy (functions cannot be structured-cloned).
 */
import * as Comlink from 'comlink';
import type { SourceSpec } from '../browser/source-spec';
import type { LoadProgress } from '../core/service/views';
import type { CatalogWorkerApi } from './catalog.worker';

export type CatalogClient = Comlink.Remote<CatalogWorkerApi>;

let client: CatalogClient | undefined;

export function catalogClient(): CatalogClient {
  if (!client) {
    const worker = new Worker(new URL('./catalog.worker.ts', import.meta.url), {
      type: 'module',
      name: 'catalog',
    });
    client = Comlink.wrap<CatalogWorkerApi>(worker);
  }
  return client;
}

export function openInWorker(spec: SourceSpec, onProgress: (p: LoadProgress) => void) {
  return catalogClient().open(spec, Comlink.proxy(onProgress));
}

/** Comlink re-throws worker errors as plain Errors; a cancelled load keeps its name. */
export function isAbort(e: unknown): boolean {
  return e instanceof Error && (e.name === 'AbortError' || /aborted|cancelled/i.test(e.message));
}
