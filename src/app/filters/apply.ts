import type { EntryRow } from '../../core/service/views';
import type { ChannelGraph, GraphEdge, GraphNode, PackageGraphInput } from '../graph/types';
import { compareDisplayVersions } from '../graph/version-order';
import { filtersActive, type FilterSpec } from './active';
import { windowKey, type VersionWindow } from './store';

/**
 * Version windows and edge-kind filters, applied to the graph data before the view prepares it
 * (pure, unit-tested). Hidden bundles and their edges are removed; a ghost (a replaces/skips target
 * that is not an entry) stays only while an edge to it is left.
 */

export type { FilterSpec };

export function inWindow(version: string | undefined, w: VersionWindow | undefined): boolean {
  if (!w) return true;
  // A bundle without a version cannot be placed in the window: it stays.
  if (version === undefined) return true;
  if (w.min !== undefined && compareDisplayVersions(version, w.min) < 0) return false;
  if (w.max !== undefined && compareDisplayVersions(version, w.max) > 0) return false;
  return true;
}

const allKinds = (spec: FilterSpec): boolean =>
  spec.edgeKinds.replaces && spec.edgeKinds.skips && spec.edgeKinds.skipRange;

export { filtersActive };

function keepEdges<E extends GraphEdge>(
  edges: E[],
  nodes: Set<string>,
  spec: FilterSpec,
  ok?: (e: E) => boolean,
): E[] {
  return edges.filter(
    (e) => spec.edgeKinds[e.kind] && nodes.has(e.from) && nodes.has(e.to) && (!ok || ok(e)),
  );
}

function dropLonelyGhosts<N extends GraphNode>(nodes: N[], edges: GraphEdge[]): N[] {
  const linked = new Set<string>();
  for (const e of edges) {
    linked.add(e.from);
    linked.add(e.to);
  }
  return nodes.filter((n) => !n.ghost || linked.has(n.id));
}

/** One channel's graph with its window and the edge kinds applied. */
export function filterChannelGraph(g: ChannelGraph, spec: FilterSpec): ChannelGraph {
  const w = spec.windows[windowKey(g.package, g.channel)];
  if (!w && allKinds(spec)) return g;
  const kept = g.nodes.filter((n) => inWindow(n.version, w));
  const ids = new Set(kept.map((n) => n.id));
  const edges = keepEdges(g.edges, ids, spec);
  const nodes = dropLonelyGhosts(kept, edges);
  return { ...g, nodes, edges, order: g.order.filter((id) => ids.has(id)) };
}

/** The whole-package graph: each edge under its own channel's window, a bundle kept if any of its channels keeps it. */
export function filterPackageGraph(g: PackageGraphInput, spec: FilterSpec, pkg: string): PackageGraphInput {
  if (!filtersActive(spec, pkg)) return g;
  const win = (ch: string) => spec.windows[windowKey(pkg, ch)];
  const kept = g.nodes.filter((n) =>
    n.channels.length === 0 ? true : n.channels.some((c) => inWindow(n.version, win(c))),
  );
  const ids = new Set(kept.map((n) => n.id));
  const version = new Map(g.nodes.map((n) => [n.id, n.version]));
  const edges = keepEdges(
    g.edges,
    ids,
    spec,
    (e) => inWindow(version.get(e.from), win(e.channel)) && inWindow(version.get(e.to), win(e.channel)),
  );
  return { ...g, nodes: dropLonelyGhosts(kept, edges), edges };
}

export function filterEntries(
  entries: readonly EntryRow[],
  pkg: string,
  channel: string,
  spec: FilterSpec,
): readonly EntryRow[] {
  const w = spec.windows[windowKey(pkg, channel)];
  return w ? entries.filter((e) => inWindow(e.version || undefined, w)) : entries;
}

/** Distinct entry versions of a channel graph, lowest first (the slider's steps). */
export function channelVersions(g: ChannelGraph): string[] {
  const vs = new Set<string>();
  for (const n of g.nodes) if (!n.ghost && n.version !== undefined) vs.add(n.version);
  return [...vs].sort(compareDisplayVersions);
}

export interface ChannelReport {
  channel: string;
  /** Entries the filters hide. */
  hidden: number;
  /** Entries left. */
  visible: number;
  /** Visible entries that reached a head without the filters and no longer do. */
  cutOff: string[];
  /** No visible entry reaches a head any more, though some did without the filters. */
  lostAll: boolean;
  /** Why, in a few words. */
  why?: string;
}

/**
 * Per channel of the package: which bundles the filters cut off from the channel head. A bundle
 * "has a path forward" when edges (of the shown kinds, between shown bundles) lead from it to a
 * head; a head is an entry no replaces or skips edge leaves.
 */
export function windowReport(g: PackageGraphInput, spec: FilterSpec, pkg: string): ChannelReport[] {
  const channels = new Map<string, { entries: GraphNode[]; edges: GraphEdge[] }>();
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  for (const n of g.nodes) {
    for (const c of n.channels) {
      let ch = channels.get(c);
      if (!ch) channels.set(c, (ch = { entries: [], edges: [] }));
      ch.entries.push(n);
    }
  }
  for (const e of g.edges) channels.get(e.channel)?.edges.push(e);
  const out: ChannelReport[] = [];
  for (const [name, ch] of channels) {
    const w = spec.windows[windowKey(pkg, name)];
    const entryIds = new Set(ch.entries.map((n) => n.id));
    const leaves = new Set(ch.edges.filter((e) => e.kind !== 'skipRange').map((e) => e.from));
    const heads = new Set(ch.entries.filter((n) => !leaves.has(n.id)).map((n) => n.id));
    const reach = (edges: GraphEdge[], visible: Set<string>): Set<string> => {
      // Backwards from the visible heads over the given edges.
      const into = new Map<string, string[]>();
      for (const e of edges) {
        if (!visible.has(e.from) || !visible.has(e.to)) continue;
        const list = into.get(e.to);
        if (list) list.push(e.from);
        else into.set(e.to, [e.from]);
      }
      const seen = new Set([...heads].filter((h) => visible.has(h)));
      const stack = [...seen];
      while (stack.length) {
        for (const p of into.get(stack.pop()!) ?? []) {
          if (seen.has(p)) continue;
          seen.add(p);
          stack.push(p);
        }
      }
      return seen;
    };
    const all = new Set([...entryIds, ...g.nodes.filter((n) => n.ghost).map((n) => n.id)]);
    const before = reach(ch.edges, all);
    const visible = new Set([...all].filter((id) => inWindow(byId.get(id)?.version, w)));
    const after = reach(
      ch.edges.filter((e) => spec.edgeKinds[e.kind]),
      visible,
    );
    const shown = ch.entries.filter((n) => visible.has(n.id));
    const cutOff = shown
      .filter((n) => !heads.has(n.id) && before.has(n.id) && !after.has(n.id))
      .map((n) => n.id);
    const couldReach = shown.filter((n) => !heads.has(n.id) && before.has(n.id));
    const lostAll = couldReach.length > 0 && cutOff.length === couldReach.length;
    const report: ChannelReport = {
      channel: name,
      hidden: ch.entries.length - shown.length,
      visible: shown.length,
      cutOff,
      lostAll,
    };
    const headsShown = [...heads].some((h) => visible.has(h));
    if (lostAll)
      report.why = headsShown ? 'no shown edge leads to the head' : 'its head is outside the window';
    out.push(report);
  }
  return out;
}
