import { collapsedId } from './collapsed-id';
import type { ViewEdge, ViewGraph, ViewNode } from './view-graph';

/**
 * Graceful degradation for very long channels: a linear run of unremarkable bundles joined by
 * `replaces` (each replaced by exactly one, each replacing exactly one) is drawn as "+N" nodes.
 * The run's first and last bundles stay visible as context; the interior is cut into chunks of at
 * most `chunkSize`, each its own expandable node, so expanding one never brings back thousands.
 * Chunk ids depend only on the run, so expanding one chunk leaves the others' ids unchanged.
 */

export interface CollapseOptions {
  /** Only interiors with at least this many bundles collapse. */
  minRun: number;
  chunkSize: number;
  /** Ids that must stay visible (highlighted nodes): they break runs. */
  keep?: ReadonlySet<string>;
  /** Chunk ids the user expanded. */
  expanded?: ReadonlySet<string>;
}

export { collapsedId };

export function collapseLinearRuns(g: ViewGraph, opts: CollapseOptions): ViewGraph {
  const keep = opts.keep ?? new Set<string>();
  const expanded = opts.expanded ?? new Set<string>();
  const chunkSize = Math.max(1, opts.chunkSize);
  const minRun = Math.max(1, opts.minRun);

  const inRep = new Map<string, string[]>();
  const outRep = new Map<string, string[]>();
  for (const e of g.edges) {
    if (e.kind !== 'replaces' || e.from === e.to) continue;
    push(outRep, e.from, e.to);
    push(inRep, e.to, e.from);
  }
  const plain = (n: ViewNode | undefined): n is ViewNode =>
    !!n &&
    n.kind === 'bundle' &&
    !n.head &&
    !n.skipped &&
    !n.stranded &&
    n.deprecated === undefined &&
    !keep.has(n.id) &&
    (inRep.get(n.id)?.length ?? 0) <= 1 &&
    (outRep.get(n.id)?.length ?? 0) <= 1;

  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const next = (id: string): string | undefined => {
    const out = outRep.get(id);
    if (out?.length !== 1) return undefined;
    const to = out[0]!;
    return plain(byId.get(to)) && inRep.get(to)?.length === 1 ? to : undefined;
  };
  const hasPrev = new Set<string>();
  for (const n of g.nodes) {
    if (!plain(n)) continue;
    const nx = next(n.id);
    if (nx !== undefined) hasPrev.add(nx);
  }

  // member id → chunk node it is hidden in
  const hiddenIn = new Map<string, ViewNode>();
  const chunks: ViewNode[] = [];
  for (const start of g.nodes) {
    if (!plain(start) || hasPrev.has(start.id)) continue;
    const run: ViewNode[] = [start];
    const seen = new Set([start.id]);
    for (let id = next(start.id); id !== undefined && !seen.has(id); id = next(id)) {
      seen.add(id);
      run.push(byId.get(id)!);
    }
    const interior = run.slice(1, -1);
    if (interior.length < minRun) continue;
    for (let i = 0; i < interior.length; i += chunkSize) {
      const members = interior.slice(i, i + chunkSize);
      const id = collapsedId(members[0]!.id);
      if (expanded.has(id)) continue;
      const chunk: ViewNode = {
        id,
        name: `+${members.length}`,
        version: members[0]!.version,
        kind: 'collapsed',
        head: false,
        skipped: false,
        stranded: false,
        inChain: members.every((m) => m.inChain),
        members: members.map((m) => m.id),
        rank: members[0]!.rank,
      };
      const last = members[members.length - 1]!;
      if (last.version !== undefined && last.version !== chunk.version) {
        chunk.version = `${chunk.version ?? '?'} … ${last.version}`;
      }
      chunks.push(chunk);
      for (const m of members) hiddenIn.set(m.id, chunk);
    }
  }
  if (chunks.length === 0) return g;

  const nodes = g.nodes.filter((n) => !hiddenIn.has(n.id)).concat(chunks);
  nodes.sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Re-point edges at the chunks; drop edges inside one chunk; fold duplicates.
  const edges = new Map<string, ViewEdge>();
  for (const e of g.edges) {
    const from = hiddenIn.get(e.from)?.id ?? e.from;
    const to = hiddenIn.get(e.to)?.id ?? e.to;
    if (from === to && from !== e.from) continue;
    if (from === e.from && to === e.to) {
      edges.set(`=${e.id}`, e);
      continue;
    }
    const key = `${from}\u0000${to}\u0000${e.kind}\u0000${e.label ?? ''}`;
    const seen = edges.get(key);
    if (seen) {
      seen.count += e.count;
      if (seen.v0Ignored === undefined) seen.v0Ignored = e.v0Ignored;
    } else {
      edges.set(key, { ...e, id: `${e.id}@${from}>${to}`, from, to, count: e.count });
    }
  }
  return { ...g, nodes, edges: [...edges.values()] };
}

function push(m: Map<string, string[]>, k: string, v: string): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** The chunk a bundle is hidden in, if any (used to expand the chunk when the bundle is selected). */
export function findHidingChunk(g: ViewGraph, id: string): ViewNode | undefined {
  return g.nodes.find((n) => n.kind === 'collapsed' && n.members!.includes(id));
}
