import type { EntryRow } from '../../core/service/views';
import type { ChannelGraph } from '../graph/types';
import { compareDisplayVersions } from '../graph/version-order';

/** Rows of the Entries table and their sorting: pure, unit-tested. */

/** A channel entry as the service lists it (EntryRow), as the table shows and sorts it. */
export interface EntryTableRow extends Pick<
  EntryRow,
  'name' | 'version' | 'replaces' | 'skips' | 'skipRange' | 'head' | 'skipped' | 'stranded'
> {
  id: string;
  deprecated?: string;
  /** Position in upgrade order (oldest = 0); the final tie-breaker. */
  rank: number;
}

export type SortKey = 'bundle' | 'version' | 'replaces' | 'skips' | 'skipRange' | 'head' | 'deprecated';
export type SortDir = 'ascending' | 'descending';
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

export const defaultSort: SortState = { key: 'version', dir: 'descending' };

/** Columns whose first click sorts descending (newest / flagged rows first). */
export const descendingFirst: ReadonlySet<SortKey> = new Set(['version', 'head', 'deprecated']);

/**
 * One row per channel entry (ghost nodes are not entries). replaces/skips/skipRange come from
 * `entries` when given (the service's EntryRow list, exact even for a skipRange that matches
 * nothing); otherwise they are read back from the graph's edges.
 */
export function entryRows(graph: ChannelGraph, entries?: readonly EntryRow[]): EntryTableRow[] {
  const rank = new Map<string, number>();
  graph.order.forEach((id, i) => rank.set(id, i));
  const byEntry = entries ? new Map(entries.map((e) => [e.name, e])) : undefined;
  const replaces = new Map<string, string>();
  const skips = new Map<string, string[]>();
  const ranges = new Map<string, string>();
  if (!byEntry) {
    for (const e of graph.edges) {
      if (e.kind === 'replaces') replaces.set(e.to, e.from);
      else if (e.kind === 'skips') {
        const list = skips.get(e.to);
        if (list) list.push(e.from);
        else skips.set(e.to, [e.from]);
      } else if (e.label !== undefined) ranges.set(e.to, e.label);
    }
  }
  const rows: EntryTableRow[] = [];
  for (const n of graph.nodes) {
    if (n.ghost) continue;
    const entry = byEntry?.get(n.id);
    rows.push({
      id: n.id,
      name: n.name,
      version: n.version ?? entry?.version ?? '',
      replaces: entry ? entry.replaces : (replaces.get(n.id) ?? ''),
      skips: entry ? [...entry.skips] : (skips.get(n.id) ?? []),
      skipRange: entry ? entry.skipRange : (ranges.get(n.id) ?? ''),
      head: n.head,
      deprecated: n.deprecated,
      skipped: n.skipped,
      stranded: n.stranded,
      rank: rank.get(n.id) ?? graph.order.length + rows.length,
    });
  }
  return rows;
}

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function compareBy(key: SortKey, a: EntryTableRow, b: EntryTableRow): number {
  switch (key) {
    case 'bundle':
      return text(a.name, b.name);
    case 'version':
      return compareDisplayVersions(a.version, b.version);
    case 'replaces':
      return text(a.replaces, b.replaces);
    case 'skips':
      return a.skips.length - b.skips.length || text(a.skips.join(','), b.skips.join(','));
    case 'skipRange':
      return text(a.skipRange, b.skipRange);
    case 'head':
      return Number(a.head) - Number(b.head);
    case 'deprecated':
      return Number(a.deprecated !== undefined) - Number(b.deprecated !== undefined);
  }
}

/**
 * Stable, total order: the chosen column, then upgrade order in the same direction (so equal keys
 * still read oldest→newest or newest→oldest), then name.
 */
export function sortRows(rows: readonly EntryTableRow[], sort: SortState): EntryTableRow[] {
  const sign = sort.dir === 'ascending' ? 1 : -1;
  return [...rows].sort(
    (a, b) => sign * (compareBy(sort.key, a, b) || a.rank - b.rank) || text(a.name, b.name),
  );
}

/** Clicking a header: same column flips the direction; a new column starts in its natural direction. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, dir: current.dir === 'ascending' ? 'descending' : 'ascending' };
  return { key, dir: descendingFirst.has(key) ? 'descending' : 'ascending' };
}
