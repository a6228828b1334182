/**
 * Showing a new generation of the catalog (after an edit) in one render. Every worker query is keyed
 * `[kind, generation, ...item]`; switching the summary first would render the whole screen with
 * placeholders, then again as each view arrives (four or five renders, and the graph rebuilt in
 * between). Instead, the views on screen now are fetched for the new generation first — in one go,
 * while the old ones stay visible — and then the summary switches, so React renders once with
 * everything current.
 */
import type { CatalogSummary } from '../../core/service/views';
import { queryClient } from './queries';
import { showSummary, useApp } from './store';

/**
 * Longest wait for the new views. After it the summary switches anyway and each view follows as it
 * arrives (showing its previous data meanwhile): on a channel of thousands of entries the problems
 * list should not wait for the graph.
 */
const PREFETCH_LIMIT_MS = 150;

/** Re-keys the active queries of the shown generation to `generation` and fetches them. */
function prefetchActive(from: number, generation: number): Promise<unknown> {
  const fetches: Promise<unknown>[] = [];
  for (const q of queryClient.getQueryCache().findAll({ type: 'active' })) {
    const key = q.queryKey;
    const queryFn = q.options.queryFn;
    if (key[1] !== from || typeof queryFn !== 'function') continue;
    const next = [key[0], generation, ...key.slice(2)];
    if (queryClient.getQueryData(next) !== undefined) continue;
    // A failed view is not fatal here: its own query retries (and shows the error) after the switch.
    fetches.push(queryClient.prefetchQuery({ queryKey: next, queryFn }).catch(() => undefined));
  }
  return Promise.all(fetches);
}

/**
 * Shows `summary` once the views on screen are ready for its generation. Never goes back: a summary
 * older than the one shown by then is dropped.
 */
export async function showGeneration(summary: CatalogSummary): Promise<void> {
  const shown = useApp.getState().summary;
  if (!shown) showSummary(summary);
  if (!shown || shown.generation === summary.generation) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    prefetchActive(shown.generation, summary.generation),
    new Promise((resolve) => (timer = setTimeout(resolve, PREFETCH_LIMIT_MS))),
  ]);
  clearTimeout(timer);
  const now = useApp.getState().summary;
  if (!now || now.generation <= summary.generation) showSummary(summary);
}

// Typing: whether the views follow every keystroke (edit-client.ts; the graph's size: graph-entries.ts).

/** Slowest re-validation (worker ms) and largest graph (entries) whose views follow every keystroke. */
export const FOLLOW_TYPING = { workerMs: 120, graphEntries: 400 };

/** Whether the views wait for a pause in typing rather than follow every keystroke. */
export function viewsWaitForPause(workerMs: number, entries: number): boolean {
  return workerMs > FOLLOW_TYPING.workerMs || entries > FOLLOW_TYPING.graphEntries;
}
