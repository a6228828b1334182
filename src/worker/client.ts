/**
 * The one client of the catalog worker: the page's single worker (created on first use) seen
 * through its protocol (src/protocol/catalog-protocol.ts), where every reply is a promise.
 *
 * The rule: components never call the worker directly. Add a request to the protocol, implement
 * it in the worker, and call it through a hook or function of the client modules, one per feature:
 * - src/app/state/queries.ts: the views (react-query hooks) and reads outside React;
 * - src/app/state/perf-diagnostics.ts: the problems list, in slices and as changes;
 * - src/app/opening/open-catalog.ts: opening a catalog, its progress, cancelling;
 * - src/app/editor/files.ts: the catalog's files, as the editor reads them;
 * - src/app/paths/ask.ts: the upgrade-path questions;
 * - src/app/editor/edit-client.ts: the edit session and writing back;
 * - src/app/commands/action-specs.ts: the action registry's specs (menus, palette, shortcuts);
 * - src/app/repository/repository-client.ts: a repository's catalogs, switching, versions matrix;
 * - src/app/compare/compare-client.ts: the Compare view's targets and comparisons.
 * - src/app/bundle/bundle-client.ts: a bundle folder dropped or picked to add to the catalog.
 * - src/app/beside/beside-client.ts: a Crossplane package's or Fleet bundle's findings and graph.
 * - src/app/olmv1/olmv1-client.ts: OLM v1 answers (ClusterExtension preview, a bundle's eligibility).
 * - src/app/mirror/mirror-client.ts: the Mirror plan of an ImageSetConfiguration, its suggestion applied.
 * Only those import `catalogClient` (eslint.config.js enforces it); the lazily loaded ones
 * (files, ask, edit-client, action-specs, repository-client) keep their requests out of the initial JS.
 */
import * as Comlink from 'comlink';
import type { CatalogProtocol, LoadProgress, OpenReply, SourceSpec } from '../protocol/catalog-protocol';

export type CatalogClient = Comlink.Remote<CatalogProtocol>;

let client: CatalogClient | undefined;

/** The raw RPC object. Only the client modules named above may use it. */
export function catalogClient(): CatalogClient {
  if (!client) {
    const worker = new Worker(new URL('./catalog.worker.ts', import.meta.url), {
      type: 'module',
      name: 'catalog',
    });
    client = Comlink.wrap<CatalogProtocol>(worker);
  }
  return client;
}

/** Opens a catalog in the worker; progress callbacks cross as a Comlink proxy (functions cannot be cloned). */
export function openInWorker(spec: SourceSpec, onProgress: (p: LoadProgress) => void): Promise<OpenReply> {
  return catalogClient().open(spec, Comlink.proxy(onProgress));
}

/** Comlink re-throws worker errors as plain Errors; a cancelled load keeps its name. */
export function isAbort(e: unknown): boolean {
  return e instanceof Error && (e.name === 'AbortError' || /aborted|cancelled/i.test(e.message));
}
