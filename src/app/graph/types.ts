import type { ChannelGraph, PackageGraph } from '../../core/graph/channel-graph';

export type { ChannelGraph, EdgeKind, GraphEdge, GraphNode } from '../../core/graph/channel-graph';

/**
 * What `buildPackageGraph(pkg)` returns (every channel of a package at once, one node per bundle),
 * plus optional extras the view shows when the caller has them.
 */
export type PackageGraphInput = PackageGraph & {
  package?: string;
  defaultChannel?: string;
};

export function isChannelGraph(g: ChannelGraph | PackageGraphInput): g is ChannelGraph {
  return 'channel' in g && Array.isArray((g as ChannelGraph).order);
}
