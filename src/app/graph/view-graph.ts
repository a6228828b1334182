import type { ChannelGraph, GraphEdge, GraphNode, PackageGraphInput } from './types';
import { isChannelGraph } from './types';
import { compareDisplayVersions } from './version-order';

/**
 * The view's own graph model: what the input says, normalised (package view merged, duplicate edges
 * folded), before collapsing and layout. Plain data so every step is unit-testable without a DOM.
 */

export type ViewNodeKind = 'bundle' | 'ghost' | 'collapsed';

export interface ViewNode {
  id: string;
  name: string;
  version?: string;
  kind: ViewNodeKind;
  head: boolean;
  skipped: boolean;
  stranded: boolean;
  inChain: boolean;
  deprecated?: string;
  /** Package view: the channels that list this bundle. */
  channels?: string[];
  /** Collapsed nodes: the hidden bundles, oldest → newest. */
  members?: string[];
  /** Upgrade rank used to break ties deterministically (lower = older). */
  rank: number;
}

/** An edge as drawn: the core's edge, with what folding and the package view add. */
export interface ViewEdge extends GraphEdge {
  /** Package view: the channels that carry this edge. */
  channels?: string[];
  /** How many input edges this one stands for (folded skipRange fan-in, collapsed runs). */
  count: number;
}

/** The drawn form of a core edge (only the edge's own fields: package edges also carry their channel). */
function viewEdge(e: GraphEdge, count: number): ViewEdge {
  return { id: e.id, from: e.from, to: e.to, kind: e.kind, label: e.label, v0Ignored: e.v0Ignored, count };
}

export interface ViewGraph {
  package: string;
  /** Undefined in the package view. */
  channel?: string;
  isDefault: boolean;
  defaultChannel?: string;
  nodes: ViewNode[];
  edges: ViewEdge[];
}

/**
 * Normalise either input shape. Nodes come out in rank order (oldest first). skipRange fan-in above
 * `maxSkipRangeFanIn` is folded while converting (see foldSkipRangeFanIn), so a channel whose
 * ranges produce millions of edges never materialises them again.
 */
export function toViewGraph(
  input: ChannelGraph | PackageGraphInput,
  maxSkipRangeFanIn = Infinity,
): ViewGraph {
  const ranks = rankNodes(input);
  const node = (n: GraphNode): ViewNode => ({
    id: n.id,
    name: n.name,
    version: n.version,
    kind: n.ghost ? 'ghost' : 'bundle',
    head: n.head,
    skipped: n.skipped,
    stranded: n.stranded,
    inChain: n.inChain,
    deprecated: n.deprecated,
    rank: ranks.get(n.id) ?? 0,
  });
  if (isChannelGraph(input)) {
    const nodes = input.nodes.map(node);
    const folded = foldPlan(input.edges, ranks, maxSkipRangeFanIn, () => '');
    const edges: ViewEdge[] = [];
    for (const e of input.edges) {
      const count = folded(e);
      if (count === 0) continue;
      edges.push(viewEdge(e, count));
    }
    return {
      package: input.package,
      channel: input.channel,
      isDefault: input.isDefault,
      nodes: nodes.sort(byRank),
      edges: dropDangling(nodes, edges),
    };
  }
  const nodes = input.nodes.map((n) => ({ ...node(n), channels: [...n.channels] }));
  // Fold per channel first, then draw one edge per (from, to, kind, label): a bundle pair linked the
  // same way in three channels is drawn once and names its channels.
  const folded = foldPlan(input.edges, ranks, maxSkipRangeFanIn, (e) => e.channel);
  const merged = new Map<string, ViewEdge>();
  for (const e of input.edges) {
    const count = folded(e);
    if (count === 0) continue;
    const key = `${e.from}\u0000${e.to}\u0000${e.kind}\u0000${e.label ?? ''}`;
    const seen = merged.get(key);
    if (seen) {
      if (!seen.channels!.includes(e.channel)) seen.channels!.push(e.channel);
      if (seen.v0Ignored === undefined && e.v0Ignored !== undefined) seen.v0Ignored = e.v0Ignored;
      seen.count = Math.max(seen.count, count);
    } else {
      merged.set(key, { ...viewEdge(e, count), channels: [e.channel] });
    }
  }
  return {
    package: input.package ?? '',
    isDefault: false,
    defaultChannel: input.defaultChannel,
    nodes: nodes.sort(byRank),
    edges: dropDangling(nodes, [...merged.values()]),
  };
}

interface FoldGroup<E> {
  count: number;
  oldest: E;
  oldestRank: number;
}

/**
 * One pass over the edges: group skipRange edges by target and range (and `extra`, e.g. channel).
 * Returns, per edge, how many input edges it stands for: 1 for edges drawn as they are, the group
 * size for the oldest source of a group larger than `max`, 0 for the rest of that group.
 */
function foldPlan<E extends { from: string; to: string; kind: string; label?: string; count?: number }>(
  edges: readonly E[],
  rank: ReadonlyMap<string, number>,
  max: number,
  extra: (e: E) => string,
): (e: E) => number {
  const own = (e: E) => e.count ?? 1;
  if (!Number.isFinite(max)) return own;
  const groups = new Map<string, Map<string, FoldGroup<E>>>();
  for (const e of edges) {
    if (e.kind !== 'skipRange') continue;
    let byLabel = groups.get(e.to);
    if (!byLabel) groups.set(e.to, (byLabel = new Map()));
    const key = extra(e) + '\u0000' + (e.label ?? '');
    const r = rank.get(e.from) ?? 0;
    const g = byLabel.get(key);
    if (!g) byLabel.set(key, { count: own(e), oldest: e, oldestRank: r });
    else {
      g.count += own(e);
      if (r < g.oldestRank) {
        g.oldest = e;
        g.oldestRank = r;
      }
    }
  }
  let anyFolded = false;
  for (const byLabel of groups.values())
    for (const g of byLabel.values()) if (g.count > max) anyFolded = true;
  if (!anyFolded) return own;
  return (e) => {
    if (e.kind !== 'skipRange') return own(e);
    const g = groups.get(e.to)!.get(extra(e) + '\u0000' + (e.label ?? ''))!;
    if (g.count <= max) return own(e);
    return g.oldest === e ? g.count : 0;
  };
}

function byRank(a: ViewNode, b: ViewNode): number {
  return a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function dropDangling(nodes: ViewNode[], edges: ViewEdge[]): ViewEdge[] {
  const ids = new Set(nodes.map((n) => n.id));
  return edges.filter((e) => ids.has(e.from) && ids.has(e.to));
}

/**
 * Ranks: position in `order` (oldest → head) when the input has one; nodes outside it (ghosts, the
 * package view) follow by version, then name. Only used to break ties, so it never contradicts edges.
 */
function rankNodes(input: ChannelGraph | PackageGraphInput): Map<string, number> {
  const ranks = new Map<string, number>();
  const order = isChannelGraph(input) ? input.order : [];
  order.forEach((id, i) => {
    if (!ranks.has(id)) ranks.set(id, i);
  });
  const rest = input.nodes
    .filter((n) => !ranks.has(n.id))
    .sort(
      (a, b) =>
        compareDisplayVersions(a.version, b.version) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
  rest.forEach((n, i) => ranks.set(n.id, order.length + i));
  return ranks;
}

/**
 * skipRange can link every older bundle to every newer one (n² edges on real catalogs whose
 * ranges start at 0.0.0). When a bundle's skipRange matches more than `maxFanIn` bundles, draw one
 * edge from the oldest match instead, labelled with the range and the count.
 */
export function foldSkipRangeFanIn(g: ViewGraph, maxFanIn: number): ViewGraph {
  const rank = new Map(g.nodes.map((n) => [n.id, n.rank]));
  const plan = foldPlan(g.edges, rank, maxFanIn, () => '');
  let changed = false;
  const edges: ViewEdge[] = [];
  for (const e of g.edges) {
    const count = plan(e);
    if (count !== e.count) changed = true;
    if (count > 0) edges.push(count === e.count ? e : { ...e, count });
  }
  return changed ? { ...g, edges } : g;
}
