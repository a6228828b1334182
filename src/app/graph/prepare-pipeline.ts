import type { ElementDefinition } from 'cytoscape';
import type { collapseLinearRuns } from './collapse';
import { buildElements, nodeLabel, nodeWidth, NODE_WIDTH } from './elements';
import { defaultLayoutOptions, layoutGraph, type Layout } from './layout';
import type { ChannelGraph, PackageGraphInput } from './types';
import { toViewGraph, type ViewGraph } from './view-graph';

/**
 * The whole pure pipeline: input → view graph → (fold, collapse) → layout → cytoscape elements.
 * The collapsing code is passed in: only very long channels and the "Collapse runs" toggle need it,
 * so the app loads it then (use-prepared-graph.ts); prepare.ts is the pipeline with it.
 */

export interface PrepareOptions {
  /** Collapse linear replaces runs; 'auto' collapses when the graph has more than `autoCollapseAbove` nodes. */
  collapse: boolean | 'auto';
  autoCollapseAbove: number;
  minRun: number;
  chunkSize: number;
  expanded: ReadonlySet<string>;
  highlight: ReadonlySet<string>;
  v0Semantics: boolean;
  maxSkipRangeFanIn: number;
}

export const defaultPrepareOptions: PrepareOptions = {
  collapse: 'auto',
  autoCollapseAbove: 2000,
  minRun: 8,
  chunkSize: 50,
  expanded: new Set(),
  highlight: new Set(),
  v0Semantics: false,
  maxSkipRangeFanIn: 6,
};

export interface Prepared {
  /** Before collapsing (every bundle). */
  full: ViewGraph;
  /** What is drawn. */
  view: ViewGraph;
  layout: Layout;
  elements: ElementDefinition[];
  collapsed: boolean;
}

/**
 * The pipeline with `collapse` as the collapsing step; null when the graph is to be collapsed and
 * `collapse` is not given (its code is not loaded yet).
 */
export function preparePipeline(
  input: ChannelGraph | PackageGraphInput,
  o: Partial<PrepareOptions>,
  collapse: typeof collapseLinearRuns | undefined,
): Prepared | null {
  const opts = { ...defaultPrepareOptions, ...o };
  const full = toViewGraph(input, opts.maxSkipRangeFanIn);
  const collapsed = opts.collapse === 'auto' ? full.nodes.length > opts.autoCollapseAbove : opts.collapse;
  if (collapsed && !collapse) return null;
  const view =
    collapsed && collapse
      ? collapse(full, {
          minRun: opts.minRun,
          chunkSize: opts.chunkSize,
          keep: opts.highlight,
          expanded: opts.expanded,
        })
      : full;
  // Columns as wide as the widest box, so whole names never overlap their neighbours.
  let widest = NODE_WIDTH;
  for (const n of view.nodes) widest = Math.max(widest, nodeWidth(nodeLabel(n, view.defaultChannel)));
  const layout = layoutGraph(view, {
    ...defaultLayoutOptions,
    columnWidth: Math.max(defaultLayoutOptions.columnWidth, widest + 56),
  });
  const elements = buildElements(view, layout, { v0Semantics: opts.v0Semantics, highlight: opts.highlight });
  return { full, view, layout, elements, collapsed };
}
