/**
 * How big the heaviest view on screen is: the entries of the channel graph. The editor decides from
 * it (and from the worker's re-validation time) whether typing refreshes the views at every
 * keystroke or once typing pauses (show-generation.ts, edit-client.ts). A graph's layout and draw
 * grow with its entries: a 40-entry channel of a 200 MB index updates in a few ms and can follow
 * every keystroke; 1,000 entries take 0.3–0.6 s to lay out and draw (npm run bench:graph) and must
 * not. Apart from show-generation.ts, which loads with editing, because the graph notes it always.
 */
let graphEntries = 0;

export function noteGraphEntries(n: number): void {
  graphEntries = n;
}

/** 0 when no graph is on screen. */
export function graphEntriesShown(): number {
  return graphEntries;
}
