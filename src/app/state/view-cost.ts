/**
 * How big the heaviest view on screen is: the entries of the channel graph. The editor decides from
 * it (and from the worker's re-validation time) whether typing refreshes the views at every
 * keystroke or once typing pauses (edit-client.ts). A graph's layout and draw grow with its entries:
 * a 40-entry channel of a 200 MB index updates in a few ms and can follow every keystroke; 1,000
 * entries take 0.3–0.6 s to lay out and draw (npm run bench:graph) and must not.
 */
let graphEntries = 0;

export function noteGraphEntries(n: number): void {
  graphEntries = n;
}

/** 0 when no graph is on screen. */
export function graphEntriesShown(): number {
  return graphEntries;
}

/** Slowest re-validation (worker ms) and largest graph (entries) whose views follow every keystroke. */
export const FOLLOW_TYPING = { workerMs: 120, graphEntries: 400 };

/** Whether the views wait for a pause in typing rather than follow every keystroke. */
export function viewsWaitForPause(workerMs: number, entries: number): boolean {
  return workerMs > FOLLOW_TYPING.workerMs || entries > FOLLOW_TYPING.graphEntries;
}
