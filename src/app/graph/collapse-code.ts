/**
 * The collapsing code (collapse.ts), loaded when a graph is first to be collapsed: a channel of more
 * than 2,000 nodes, or the "Collapse runs" toggle. Most channels never need it.
 */
type CollapseModule = typeof import('./collapse');

let loaded: CollapseModule | undefined;
let loading: Promise<CollapseModule> | undefined;

/** The module once loaded, else undefined. */
export const collapseCode = (): CollapseModule | undefined => loaded;

/** Loads it (once); the same promise each time, so React's `use` can wait on it. */
export function loadCollapse(): Promise<CollapseModule> {
  loading ??= import('./collapse').then((m) => (loaded = m));
  return loading;
}
