/**
 * What the canvas draws: the graph given by the caller, with long runs collapsed (or not, or some
 * expanded), highlights and OLM v0 semantics applied (prepare.ts). This hook holds the user's
 * collapse choices and drops them when another graph is shown; it never touches Cytoscape.
 */
import { useMemo, useState } from 'react';
import { prepareGraph, type Prepared } from './prepare';
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
  const prepared = useMemo(
    () => prepareGraph(graph, { collapse: collapseMode, expanded, highlight: highlightSet, v0Semantics }),
    [graph, collapseMode, expanded, highlightSet, v0Semantics],
  );
  return {
    prepared,
    expand: (chunkId) => setExpanded((prev) => new Set(prev).add(chunkId)),
    toggleCollapse: () => {
      setExpanded(new Set());
      setCollapseMode(!prepared.collapsed);
    },
  };
}
