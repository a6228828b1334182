import type { ViewGraph, ViewNode } from './view-graph';

/**
 * Deterministic left-to-right layered layout, linear in nodes + edges (dagre takes seconds at a few
 * thousand nodes; ELK is too heavy for the initial path).
 *
 * Columns: longest path over `replaces` and `skips` edges in a topological order (cycles, which only
 * invalid catalogs have, are broken at the oldest-ranked node), so every such edge points right.
 * skipRange edges add a constraint only when they agree with that order. Sources (ghosts, tails)
 * are then pulled right to sit just before their first successor.
 * Lanes: the replaces chain from the head runs along y = 0; other bundles stack below it, ghosts
 * (not in the catalog) above it; within a column by the mean lane of their already placed
 * predecessors (fewer crossings), then rank.
 */

export interface LayoutOptions {
  columnWidth: number;
  laneHeight: number;
}

export const defaultLayoutOptions: LayoutOptions = { columnWidth: 240, laneHeight: 84 };

export interface Layout {
  positions: Map<string, { x: number; y: number }>;
  column: Map<string, number>;
  lane: Map<string, number>;
  columns: number;
}

export function layoutGraph(g: ViewGraph, opts: LayoutOptions = defaultLayoutOptions): Layout {
  const n = g.nodes.length;
  const index = new Map<string, number>();
  g.nodes.forEach((node, i) => index.set(node.id, i));

  // Adjacency over node indices for the ordering edges (replaces, skips).
  const out: number[][] = Array.from({ length: n }, () => []);
  const indeg = new Int32Array(n);
  for (const e of g.edges) {
    if (e.kind === 'skipRange') continue;
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a === undefined || b === undefined || a === b) continue;
    out[a]!.push(b);
    indeg[b]!++;
  }

  // Kahn's algorithm; nodes are already in rank order, so seeding in index order is deterministic.
  const topo = new Int32Array(n);
  const pos = new Int32Array(n).fill(-1);
  const remaining = Int32Array.from(indeg);
  const queue: number[] = [];
  const queued = new Uint8Array(n);
  const enqueue = (v: number): void => {
    queued[v] = 1;
    queue.push(v);
  };
  for (let i = 0; i < n; i++) if (remaining[i] === 0) enqueue(i);
  let head = 0;
  let placed = 0;
  let scan = 0;
  while (placed < n) {
    if (head === queue.length) {
      // Cycle: release the lowest-ranked node still waiting.
      while (queued[scan]) scan++;
      enqueue(scan);
    }
    const v = queue[head++]!;
    pos[v] = placed;
    topo[placed++] = v;
    for (const w of out[v]!) {
      if (--remaining[w]! === 0 && !queued[w]) enqueue(w);
    }
  }

  // Layering edges: the ordering edges that point forward in `topo`, plus agreeing skipRange edges.
  const succ: number[][] = Array.from({ length: n }, () => []);
  const hasPred = new Uint8Array(n);
  for (const e of g.edges) {
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a === undefined || b === undefined || a === b) continue;
    if (pos[a]! < pos[b]!) {
      succ[a]!.push(b);
      hasPred[b] = 1;
    }
  }
  const col = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const v = topo[k]!;
    for (const w of succ[v]!) if (col[w]! < col[v]! + 1) col[w] = col[v]! + 1;
  }
  for (let v = 0; v < n; v++) {
    if (hasPred[v] || succ[v]!.length === 0) continue;
    let min = Infinity;
    for (const w of succ[v]!) min = Math.min(min, col[w]!);
    col[v] = min - 1;
  }

  // Lanes, column by column.
  const preds: number[][] = Array.from({ length: n }, () => []);
  for (let v = 0; v < n; v++) for (const w of succ[v]!) preds[w]!.push(v);
  let columns = 0;
  for (let v = 0; v < n; v++) columns = Math.max(columns, col[v]! + 1);
  const byColumn: number[][] = Array.from({ length: columns }, () => []);
  for (let v = 0; v < n; v++) byColumn[col[v]!]!.push(v);

  const lane = new Float64Array(n);
  const laneSet = new Uint8Array(n);
  // Without any chain (no single head), every bundle is treated as "chain" so the graph starts at y = 0.
  const anyChain = g.nodes.some((node) => node.inChain && node.kind !== 'ghost');
  const group = (node: ViewNode): number => (node.kind === 'ghost' ? -1 : node.inChain || !anyChain ? 0 : 1);
  for (const members of byColumn) {
    const key = new Map<number, number>();
    for (const v of members) {
      let sum = 0;
      let count = 0;
      for (const p of preds[v]!) {
        if (!laneSet[p]) continue;
        sum += lane[p]!;
        count++;
      }
      key.set(v, count ? sum / count : 0);
    }
    members.sort((a, b) => {
      const ga = group(g.nodes[a]!);
      const gb = group(g.nodes[b]!);
      if (ga !== gb) return ga - gb;
      // Ghosts stack upwards: the one nearest the chain comes last in this list.
      const d = ga < 0 ? key.get(b)! - key.get(a)! : key.get(a)! - key.get(b)!;
      return d || a - b;
    });
    const ghosts = members.filter((v) => group(g.nodes[v]!) < 0);
    const rest = members.filter((v) => group(g.nodes[v]!) >= 0);
    // The chain lane is 0 even when a column has no chain node, so the chain stays a straight line.
    const chainHere = rest.length > 0 && group(g.nodes[rest[0]!]!) === 0;
    rest.forEach((v, i) => {
      lane[v] = chainHere ? i : i + 1;
      laneSet[v] = 1;
    });
    ghosts.forEach((v, i) => {
      lane[v] = -(ghosts.length - i);
      laneSet[v] = 1;
    });
  }

  const positions = new Map<string, { x: number; y: number }>();
  const column = new Map<string, number>();
  const laneOut = new Map<string, number>();
  for (let v = 0; v < n; v++) {
    const id = g.nodes[v]!.id;
    positions.set(id, { x: col[v]! * opts.columnWidth, y: lane[v]! * opts.laneHeight });
    column.set(id, col[v]!);
    laneOut.set(id, lane[v]!);
  }
  return { positions, column, lane: laneOut, columns };
}
