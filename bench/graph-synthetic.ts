import { Range, SemVer } from 'semver';
import type { ChannelGraph, GraphEdge, GraphNode, PackageGraphInput } from '../src/app/graph/types';

/**
 * Synthetic channels shaped like real ones: a long replaces chain; every 25th release is "bad" (the
 * next one replaces its predecessor and skips it, so it hangs off the chain as a skipped branch);
 * every 40th entry also skips a bundle that is not in the catalog (a ghost); every 50th carries a
 * skipRange over the previous five versions; a few are deprecated. Flags (head, skipped, inChain,
 * stranded) follow opm's chain walk (fbc-rules §4). Used by the benchmark, the harness and tests.
 */

export const syntheticVersion = (i: number): string =>
  `${1 + Math.floor(i / 400)}.${Math.floor(i / 20) % 20}.${i % 20}`;
export const syntheticName = (pkg: string, i: number): string => `${pkg}.v${syntheticVersion(i)}`;

export interface Entry {
  name: string;
  replaces: string;
  skips: string[];
  skipRange: string;
  version: string;
  deprecated?: string;
}

export function syntheticEntries(n: number, pkg = 'acme-operator'): Entry[] {
  const entries: Entry[] = [];
  for (let i = 0; i < n; i++) {
    const e: Entry = {
      name: syntheticName(pkg, i),
      version: syntheticVersion(i),
      replaces: i === 0 ? `${pkg}.v0.9.0` : syntheticName(pkg, i - 1),
      skips: [],
      skipRange: '',
    };
    const prev = entries[i - 1];
    if (i >= 2 && (i - 1) % 25 === 0 && prev) {
      // entries[i-1] is bad: replace what it replaced, skip it.
      e.replaces = prev.replaces;
      e.skips.push(prev.name);
    }
    if (i % 40 === 39) e.skips.push(`${pkg}.v0.0.${i}`);
    if (i % 50 === 49 && i >= 5) e.skipRange = `>=${syntheticVersion(i - 5)} <${syntheticVersion(i)}`;
    if (i % 97 === 96) e.deprecated = `${e.name} has a known data-loss bug; use a newer version.`;
    entries.push(e);
  }
  return entries;
}

/** A ChannelGraph with opm's head / chain / skipped / stranded semantics. */
export function channelGraphFromEntries(
  pkg: string,
  channel: string,
  entries: Entry[],
  isDefault = true,
): ChannelGraph {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const incoming = new Map<string, number>();
  const skipped = new Set<string>();
  for (const e of entries) {
    if (e.replaces) incoming.set(e.replaces, (incoming.get(e.replaces) ?? 0) + 1);
    for (const s of e.skips) {
      incoming.set(s, (incoming.get(s) ?? 0) + 1);
      skipped.add(s);
    }
  }
  const heads = entries.filter((e) => !incoming.get(e.name)).map((e) => e.name);
  const chain = new Set<string>();
  if (heads.length === 1) {
    let cur = byName.get(heads[0]!);
    chain.add(heads[0]!);
    while (cur && cur.replaces && !skipped.has(cur.replaces) && !chain.has(cur.replaces)) {
      chain.add(cur.replaces);
      cur = byName.get(cur.replaces);
    }
  }
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const ghost = (name: string) => {
    nodes.push({
      id: name,
      name,
      ghost: true,
      head: false,
      skipped: skipped.has(name),
      stranded: false,
      inChain: false,
      depth: 0,
    });
  };
  entries.forEach((e, i) => {
    nodes.push({
      id: e.name,
      name: e.name,
      version: e.version,
      ghost: false,
      head: heads.length === 1 && heads[0] === e.name,
      skipped: skipped.has(e.name),
      stranded: heads.length === 1 && !chain.has(e.name) && !skipped.has(e.name),
      inChain: chain.has(e.name),
      deprecated: e.deprecated,
      depth: entries.length - 1 - i,
    });
  });
  const ghostIds = new Set<string>();
  for (const e of entries) {
    if (e.replaces) {
      if (!byName.has(e.replaces)) ghostIds.add(e.replaces);
      edges.push({ id: `${e.name}|replaces|${e.replaces}`, from: e.replaces, to: e.name, kind: 'replaces' });
    }
    for (const s of e.skips) {
      if (!byName.has(s)) ghostIds.add(s);
      edges.push({ id: `${e.name}|skips|${s}`, from: s, to: e.name, kind: 'skips' });
    }
  }
  for (const id of ghostIds) ghost(id);
  // skipRange: every entry whose version is in the range (prereleases included, as in blang).
  const parsed = new Map(entries.map((e) => [e.name, new SemVer(e.version)]));
  for (const e of entries) {
    if (!e.skipRange) continue;
    const range = new Range(e.skipRange, { includePrerelease: true });
    for (const other of entries) {
      if (range.test(parsed.get(other.name)!)) {
        edges.push({
          id: `${e.name}|skipRange|${other.name}`,
          from: other.name,
          to: e.name,
          kind: 'skipRange',
          label: e.skipRange,
        });
      }
    }
  }
  // OLM v0 never walks into a skipped bundle: edges that lead to one are ignored (render-graph's red links).
  for (const edge of edges) {
    if (edge.kind !== 'skips' && skipped.has(edge.to)) edge.v0Ignored = 'leads to a skipped bundle';
  }
  const order = entries.map((e) => e.name);
  return { package: pkg, channel, isDefault, nodes, edges, heads, order };
}

export function syntheticChannel(n: number, pkg = 'acme-operator', channel = 'stable'): ChannelGraph {
  return channelGraphFromEntries(pkg, channel, syntheticEntries(n, pkg));
}

/** A package view: `stable` (all entries) and `fast` (the newest half plus two prereleases). */
export function syntheticPackage(n: number, pkg = 'acme-operator'): PackageGraphInput {
  const all = syntheticEntries(n, pkg);
  const stable = channelGraphFromEntries(pkg, 'stable', all);
  const fastEntries = all.slice(Math.floor(n / 2)).map((e) => ({ ...e, skips: [...e.skips] }));
  fastEntries[0] = { ...fastEntries[0]!, replaces: '' };
  const fast = channelGraphFromEntries(pkg, 'fast', fastEntries, false);
  const nodes = new Map<string, GraphNode & { channels: string[] }>();
  const edges: (GraphEdge & { channel: string })[] = [];
  for (const g of [stable, fast]) {
    for (const node of g.nodes) {
      const seen = nodes.get(node.id);
      if (seen) {
        seen.channels.push(g.channel);
        seen.head ||= node.head;
        seen.inChain ||= node.inChain;
      } else nodes.set(node.id, { ...node, channels: [g.channel] });
    }
    for (const e of g.edges) edges.push({ ...e, id: `${g.channel}:${e.id}`, channel: g.channel });
  }
  return { nodes: [...nodes.values()], edges, package: pkg, defaultChannel: 'stable' };
}

/** A small channel showing every state: head, deprecated, skipped, stranded, ghosts, skipRange, v0-ignored edges. */
export function demoChannel(): ChannelGraph {
  const e = (name: string, version: string, replaces = '', skips: string[] = [], skipRange = ''): Entry => ({
    name,
    version,
    replaces,
    skips,
    skipRange,
  });
  const entries: Entry[] = [
    e('etcdoperator.v0.9.0', '0.9.0', 'etcdoperator.v0.6.1'),
    e('etcdoperator.v0.9.1', '0.9.1', 'etcdoperator.v0.9.0'),
    e('etcdoperator.v0.9.2', '0.9.2', 'etcdoperator.v0.9.1', ['etcdoperator.v0.9.1-rc.1']),
    {
      ...e('etcdoperator.v0.9.3', '0.9.3', 'etcdoperator.v0.9.2'),
      deprecated: 'v0.9.3 loses data on restore; upgrade.',
    },
    e('etcdoperator.v0.9.4-bad', '0.9.4-bad', 'etcdoperator.v0.9.3'),
    e(
      'etcdoperator.v0.9.4',
      '0.9.4',
      'etcdoperator.v0.9.3',
      ['etcdoperator.v0.9.4-bad', 'etcdoperator.v0.9.1'],
      '>=0.9.0 <0.9.4',
    ),
  ];
  return channelGraphFromEntries('etcd', 'stable', entries);
}
