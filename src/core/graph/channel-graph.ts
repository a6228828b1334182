import { analyzeChannel } from '../model/channel-head';
import type { ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import { compareVersions, formatVersion, parseVersion, type Version } from '../semver';
import { SkipRanges } from './skip-range';

/**
 * The upgrade graph of one channel, as plain data (it crosses the worker boundary): nodes for the
 * entries plus "ghost" nodes for replaces/skips targets that are not entries, and edges from the
 * older bundle to the newer one, as `opm alpha render-graph` draws them.
 */

export type EdgeKind = 'replaces' | 'skips' | 'skipRange';

export interface GraphNode {
  id: string;
  name: string;
  version?: string;
  /** An edge target that is not an entry of this channel. */
  ghost: boolean;
  head: boolean;
  /** Named in some entry's skips. */
  skipped: boolean;
  stranded: boolean;
  /** On the replaces chain from the head (from each head when there are several). */
  inChain: boolean;
  /** Deprecation message. */
  deprecated?: string;
  /** Hops from the nearest head, following edges from newer to older; for layout. */
  depth: number;
}

export interface GraphEdge {
  id: string;
  /** The older bundle (where the upgrade starts). */
  from: string;
  /** The newer entry. */
  to: string;
  kind: EdgeKind;
  /** skipRange text. */
  label?: string;
  /** Why OLM v0 ignores this edge, when render-graph --draw-v0-semantics paints it red. */
  v0Ignored?: string;
}

export interface ChannelGraph {
  package: string;
  channel: string;
  isDefault: boolean;
  nodes: GraphNode[];
  edges: GraphEdge[];
  heads: string[];
  /** Entries in upgrade order, oldest → head, for left-to-right layout. */
  order: string[];
}

export interface PackageGraphNode extends GraphNode {
  /** Channels listing this bundle as an entry, in the package's channel order. */
  channels: string[];
}

export interface PackageGraphEdge extends GraphEdge {
  channel: string;
}

export interface PackageGraph {
  nodes: PackageGraphNode[];
  edges: PackageGraphEdge[];
}

let zeroVersion: Version | undefined;
/** render-graph counts a name with no bundle as 0.0.0 (Go's zero Version). */
function versionOrZero(v: Version | undefined): Version {
  return v ?? (zeroVersion ??= parseVersion('0.0.0'));
}

/** The bundle of that name in any channel of the package (for ghosts: version and deprecation). */
function findBundle(pkg: ModelPackage, name: string): ModelBundle | undefined {
  for (const ch of pkg.channels.values()) {
    const b = ch.bundles.get(name);
    if (b) return b;
  }
  return undefined;
}

/** Names on the replaces walk from `head`, stopping as opm's walk does (skipped, repeated, missing). */
function replacesWalk(ch: ModelChannel, head: string, skipped: Set<string>): string[] {
  const seen = new Set([head]);
  let cur = ch.bundles.get(head);
  while (cur && !skipped.has(cur.replaces) && !seen.has(cur.replaces)) {
    seen.add(cur.replaces);
    cur = ch.bundles.get(cur.replaces);
  }
  return [...seen];
}

/**
 * Marks the edges `opm alpha render-graph --draw-v0-semantics` paints red (write.go): entries are
 * visited highest version first; a skip edge is red when its source was already skipped by an entry
 * visited earlier, and a replaces or skipRange edge is red when its target was.
 */
function markV0Ignored(ch: ModelChannel, edgesByEntry: Map<string, GraphEdge[]>): void {
  const entries = [...ch.bundles.values()];
  // A stable sort, highest version first (opm's sort.Slice is unstable for equal versions).
  const sorted = entries
    .map((b, i) => ({ b, i }))
    .sort((x, y) => compareVersions(versionOrZero(y.b.version), versionOrZero(x.b.version)) || x.i - y.i)
    .map((x) => x.b);
  const skippedBy = new Map<string, string>();
  for (const b of sorted) {
    for (const e of edgesByEntry.get(b.name) ?? []) {
      if (e.kind === 'skips') {
        const first = skippedBy.get(e.from);
        if (first !== undefined) {
          e.v0Ignored = `${first} also skips ${e.from} and has a higher version, so OLM v0 prefers it`;
        } else skippedBy.set(e.from, b.name);
      } else {
        const by = skippedBy.get(b.name);
        if (by !== undefined) e.v0Ignored = `${b.name} is skipped by ${by}, so OLM v0 never upgrades to it`;
      }
    }
  }
}

export function buildChannelGraph(pkg: ModelPackage, channel: ModelChannel): ChannelGraph {
  // opm's head, chain, skipped and stranded (fbc-rules §4), shared with validation.
  const topo = analyzeChannel(channel);
  const ranges = new SkipRanges();
  const entries = [...channel.bundles.values()];

  // Edges, per entry in render-graph's order: skips, then skipRange, then replaces.
  const edges: GraphEdge[] = [];
  const edgesByEntry = new Map<string, GraphEdge[]>();
  const ids = new Map<string, number>();
  const ghostNames: string[] = [];
  const addEdge = (from: string, to: string, kind: EdgeKind, label?: string): void => {
    const base = `${kind}:${from}->${to}`;
    const n = (ids.get(base) ?? 0) + 1;
    ids.set(base, n);
    const edge: GraphEdge = { id: n === 1 ? base : `${base}#${n}`, from, to, kind };
    if (label !== undefined) edge.label = label;
    edges.push(edge);
    let list = edgesByEntry.get(to);
    if (!list) edgesByEntry.set(to, (list = []));
    list.push(edge);
    if (!channel.bundles.has(from) && !ghostNames.includes(from)) ghostNames.push(from);
  };
  for (const b of entries) {
    for (const s of b.skips) addEdge(s, b.name, 'skips');
    if (b.skipRange !== '' && ranges.parse(b.skipRange)) {
      for (const e of entries) {
        if (ranges.contains(b.skipRange, versionOrZero(e.version)))
          addEdge(e.name, b.name, 'skipRange', b.skipRange);
      }
    }
    if (b.replaces !== '') addEdge(b.replaces, b.name, 'replaces');
  }
  markV0Ignored(channel, edgesByEntry);

  const inChain = new Set<string>(topo.chain);
  if (topo.heads.length > 1)
    for (const h of topo.heads) for (const n of replacesWalk(channel, h, topo.skipped)) inChain.add(n);
  const heads = new Set(topo.heads);
  const stranded = new Set(topo.stranded);

  // Depth: breadth-first from the heads, from each entry to the bundles it replaces, skips or covers.
  const older = new Map<string, string[]>();
  for (const e of edges) {
    if (e.from === e.to) continue;
    let list = older.get(e.to);
    if (!list) older.set(e.to, (list = []));
    list.push(e.from);
  }
  const allNames = [...channel.bundles.keys(), ...ghostNames];
  const depth = new Map<string, number>();
  const bfs = (seeds: string[]): void => {
    let frontier = seeds.filter((s) => !depth.has(s));
    for (const s of frontier) depth.set(s, 0);
    for (let d = 1; frontier.length > 0; d++) {
      const next: string[] = [];
      for (const n of frontier) {
        for (const o of older.get(n) ?? []) {
          if (depth.has(o)) continue;
          depth.set(o, d);
          next.push(o);
        }
      }
      frontier = next;
    }
  };
  bfs(topo.heads);
  // Entries no head reaches (cycles with no head): each unvisited one starts its own layer 0.
  for (const n of allNames) if (!depth.has(n)) bfs([n]);

  const node = (name: string, b: ModelBundle | undefined, ghost: boolean): GraphNode => {
    const n: GraphNode = {
      id: name,
      name,
      ghost,
      head: heads.has(name),
      skipped: topo.skipped.has(name),
      stranded: stranded.has(name),
      inChain: inChain.has(name),
      depth: depth.get(name) ?? 0,
    };
    if (b?.version) n.version = formatVersion(b.version);
    if (b?.deprecation) n.deprecated = b.deprecation.message;
    return n;
  };
  const nodes = [
    ...entries.map((b) => node(b.name, b, false)),
    ...ghostNames.map((g) => node(g, findBundle(pkg, g), true)),
  ];

  const order = entries
    .map((b, i) => ({ b, i, d: depth.get(b.name) ?? 0 }))
    .sort(
      (x, y) =>
        y.d - x.d || compareVersions(versionOrZero(x.b.version), versionOrZero(y.b.version)) || x.i - y.i,
    )
    .map((x) => x.b.name);

  return {
    package: pkg.name,
    channel: channel.name,
    isDefault: pkg.defaultChannel === channel.name,
    nodes,
    edges,
    heads: topo.heads,
    order,
  };
}

/**
 * Every channel of the package in one graph: one node per bundle name (flags OR-ed over the
 * channels, depth the smallest), and every channel's edges tagged with their channel.
 */
export function buildPackageGraph(pkg: ModelPackage): PackageGraph {
  const nodes = new Map<string, PackageGraphNode>();
  const edges: PackageGraphEdge[] = [];
  const channels = [...pkg.channels.values()];
  for (const ch of channels) {
    const g = buildChannelGraph(pkg, ch);
    for (const n of g.nodes) {
      const prev = nodes.get(n.id);
      if (!prev) {
        nodes.set(n.id, { ...n, channels: n.ghost ? [] : [ch.name] });
        continue;
      }
      if (!n.ghost) prev.channels.push(ch.name);
      prev.ghost &&= n.ghost;
      prev.head ||= n.head;
      prev.skipped ||= n.skipped;
      prev.stranded ||= n.stranded;
      prev.inChain ||= n.inChain;
      prev.depth = Math.min(prev.depth, n.depth);
      if (prev.version === undefined && n.version !== undefined) prev.version = n.version;
      if (prev.deprecated === undefined && n.deprecated !== undefined) prev.deprecated = n.deprecated;
    }
    for (const e of g.edges) edges.push({ ...e, id: `${ch.name}/${e.id}`, channel: ch.name });
  }
  return { nodes: [...nodes.values()], edges };
}
