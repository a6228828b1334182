import type { Layout } from './layout';
import type { ViewGraph, ViewNode } from './view-graph';

/** Keyboard navigation and search over the drawn graph: pure, so they are unit-tested. */

export type Direction = 'newer' | 'older' | 'up' | 'down';

const kindPreference = { replaces: 0, skips: 1, skipRange: 2 } as const;

/**
 * The node an arrow key moves to. Newer/older follow edges (replaces first, then skips, then
 * skipRange; nearest lane wins); up/down stay in the column.
 */
export function neighbour(g: ViewGraph, layout: Layout, from: string, dir: Direction): string | undefined {
  const here = layout.positions.get(from);
  if (!here) return undefined;
  if (dir === 'newer' || dir === 'older') {
    let best: { id: string; score: number } | undefined;
    for (const e of g.edges) {
      const other =
        dir === 'newer' ? (e.from === from ? e.to : undefined) : e.to === from ? e.from : undefined;
      if (other === undefined || other === from) continue;
      const p = layout.positions.get(other);
      if (!p) continue;
      const score = kindPreference[e.kind] * 1e9 + Math.abs(p.y - here.y) * 1e3 + Math.abs(p.x - here.x);
      if (!best || score < best.score) best = { id: other, score };
    }
    return best?.id;
  }
  const col = layout.column.get(from);
  let best: { id: string; d: number } | undefined;
  for (const [id, c] of layout.column) {
    if (c !== col || id === from) continue;
    const y = layout.positions.get(id)!.y;
    const d = dir === 'down' ? y - here.y : here.y - y;
    if (d > 0 && (!best || d < best.d)) best = { id, d };
  }
  return best?.id;
}

/** Where keyboard navigation starts when nothing is selected: the (rightmost) head, else the newest node. */
export function startNode(g: ViewGraph, layout: Layout): string | undefined {
  let best: ViewNode | undefined;
  let bestX = -Infinity;
  for (const n of g.nodes) {
    const x = layout.positions.get(n.id)?.x ?? 0;
    const better = best === undefined || (n.head && !best.head) || (n.head === best.head && x > bestX);
    if (better) {
      best = n;
      bestX = x;
    }
  }
  return best?.id;
}

/**
 * Bundles matching a "Find bundle" query, best first: exact name, exact version, name prefix,
 * name or version substring (case-insensitive). Ghost nodes are included (they are drawn).
 */
export function findBundles(g: ViewGraph, query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const tiers: string[][] = [[], [], [], []];
  for (const n of g.nodes) {
    if (n.kind === 'collapsed') continue;
    const name = n.name.toLowerCase();
    const version = (n.version ?? '').toLowerCase();
    if (name === q) tiers[0]!.push(n.id);
    else if (version === q || version === q.replace(/^v/, '')) tiers[1]!.push(n.id);
    else if (name.startsWith(q)) tiers[2]!.push(n.id);
    else if (name.includes(q) || version.includes(q)) tiers[3]!.push(n.id);
  }
  return tiers.flat();
}
