/**
 * What the canvas draws: the graph given by the caller, with long runs collapsed (or not, or some
 * expanded), highlights and OLM v0 semantics applied (prepare-pipeline.ts). This hook holds the
 * user's collapse choices and drops them when another graph is shown; it never touches Cytoscape.
 * The collapsing code loads when a graph is first collapsed: the view waits for it (suspends, as it
 * does for its own code), and the "Collapse runs" toggle keeps the graph shown meanwhile.
 */
import { startTransition, use, useMemo, useState } from 'react';
import { collapseCode, loadCollapse } from './collapse-code';
import { preparePipeline, type Prepared } from './prepare-pipeline';
import type { ChannelGraph, PackageGraphInput } from './types';

export interface PreparedGraphState {
  prepared: Prepared;
  /** Expands one collapsed run (its node id). */
  expand(chunkId: string): void;
  /** The "Collapse runs" toggle: every run collapsed again, or none. */
  toggleCollapse(): void;
}

export function usePreparedGraph(
  graph: ChannelGraph | PackageGraphInput,
  /** A new graph object with the same identity (the catalog was edited) keeps the expanded runs. */
  identity: unknown,
  highlight: string[] | undefined,
  v0Semantics: boolean,
): PreparedGraphState {
  const [collapseMode, setCollapseMode] = useState<'auto' | boolean>('auto');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  // A new graph starts collapsed again.
  const [graphSeen, setGraphSeen] = useState<unknown>(identity);
  if (graphSeen !== identity) {
    setGraphSeen(identity);
    setExpanded(new Set());
  }

  const highlightKey = (highlight ?? []).join('\u0000');
  const highlightSet = useMemo(
    () => new Set(highlightKey ? highlightKey.split('\u0000') : []),
    [highlightKey],
  );
  const collapse = collapseCode()?.collapseLinearRuns;
  const options = { collapse: collapseMode, expanded, highlight: highlightSet, v0Semantics };
  let prepared = useMemo(
    () => preparePipeline(graph, options, collapse),
    [graph, collapseMode, expanded, highlightSet, v0Semantics, collapse],
  );
  if (!prepared) {
    // To be collapsed, and the collapsing code is not in yet: wait for it (suspends this render).
    const m = use(loadCollapse());
    prepared = preparePipeline(graph, options, m.collapseLinearRuns)!;
  }
  const shown = prepared;
  return {
    prepared: shown,
    expand: (chunkId) => setExpanded((prev) => new Set(prev).add(chunkId)),
    toggleCollapse: () =>
      // A transition: while the collapsing code loads (first use), the graph stays as it is.
      startTransition(() => {
        setExpanded(new Set());
        setCollapseMode(!shown.collapsed);
      }),
  };
}
