import { Fragment, memo, useEffect, useMemo, useRef, useState } from 'react';
import type { EntryRow } from '../../core/service/views';
import type { ChannelGraph } from '../graph/types';
import {
  defaultSort,
  entryRows,
  nextSort,
  sortRows,
  type EntryTableRow,
  type SortKey,
  type SortState,
} from './rows';
import './entries.css';

export interface EntriesTableProps {
  graph: ChannelGraph;
  selected?: string;
  onSelect(id: string): void;
  /** Optional: the service's entry rows (exact replaces/skips/skipRange); otherwise read from the graph. */
  entries?: readonly EntryRow[];
  /** Columns hidden by the view filters (edge kinds the graph hides: src/app/filters). */
  hideColumns?: readonly SortKey[];
}

const columns: { key: SortKey; label: string }[] = [
  { key: 'bundle', label: 'Bundle' },
  { key: 'version', label: 'Version' },
  { key: 'replaces', label: 'Replaces' },
  { key: 'skips', label: 'Skips' },
  { key: 'skipRange', label: 'Skip range' },
  { key: 'head', label: 'Head' },
  { key: 'deprecated', label: 'Deprecated' },
];

/**
 * The channel's entries as a real, sortable table. Rows use a roving tabindex (one tab stop for the
 * whole body; arrows, Home and End move, Enter or Space selects), so a 5,000-row channel does not
 * add 5,000 tab stops.
 */
export function EntriesTable({ graph, selected, onSelect, entries, hideColumns }: EntriesTableProps) {
  const shownColumns = hideColumns?.length ? columns.filter((c) => !hideColumns.includes(c.key)) : columns;
  const hidden = useMemo(() => new Set(hideColumns ?? []), [hideColumns]);
  const [sort, setSort] = useState<SortState>(defaultSort);
  const rows = useMemo(() => sortRows(entryRows(graph, entries), sort), [graph, entries, sort]);
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());
  const [focusId, setFocusId] = useState<string | undefined>(undefined);
  const tabStop = rows.some((r) => r.id === selected)
    ? selected
    : rows.some((r) => r.id === focusId)
      ? focusId
      : rows[0]?.id;

  useEffect(() => {
    if (!selected) return;
    const el = rowRefs.current.get(selected);
    if (el) scrollRowIntoView(el);
  }, [selected, rows]);

  // Rows are memoised (a 5,000-entry channel re-renders only the rows whose state changed), so
  // they get one stable actions object that reads the latest props through a ref.
  const latest = useRef({ rows, onSelect });
  latest.current = { rows, onSelect };
  const actions = useMemo<RowActions>(
    () => ({
      select: (id) => latest.current.onSelect(id),
      focused: (id) => setFocusId(id),
      register: (id, el) => {
        if (el) rowRefs.current.set(id, el);
        else rowRefs.current.delete(id);
      },
      move: (from, to) => {
        const all = latest.current.rows;
        const row = all[Math.max(0, Math.min(all.length - 1, to))];
        if (!row || to === from) return;
        setFocusId(row.id);
        const el = rowRefs.current.get(row.id);
        el?.focus({ preventScroll: true });
        if (el) scrollRowIntoView(el);
      },
      last: () => latest.current.rows.length - 1,
    }),
    [],
  );

  return (
    <div className="fbc-entries">
      <table className="fbc-entries-table">
        <caption>Entries</caption>
        <thead>
          <tr>
            {shownColumns.map((c) => (
              <th key={c.key} scope="col" aria-sort={sort.key === c.key ? sort.dir : undefined}>
                <button type="button" onClick={() => setSort((s) => nextSort(s, c.key))}>
                  {c.label}
                  <span className="fbc-sort-mark" aria-hidden="true">
                    {sort.key === c.key ? (sort.dir === 'ascending' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <EntryRowView
              key={r.id}
              row={r}
              index={i}
              selected={r.id === selected}
              tabStop={r.id === tabStop}
              actions={actions}
              hidden={hidden.size ? hidden : undefined}
            />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="fbc-entries-empty">This channel has no entries.</p>}
    </div>
  );
}

export default EntriesTable;

interface RowActions {
  select(id: string): void;
  focused(id: string): void;
  register(id: string, el: HTMLTableRowElement | null): void;
  move(from: number, to: number): void;
  last(): number;
}

const EntryRowView = memo(function EntryRowView({
  row: r,
  index: i,
  selected,
  tabStop,
  actions,
  hidden,
}: {
  row: EntryTableRow;
  index: number;
  selected: boolean;
  tabStop: boolean;
  actions: RowActions;
  hidden?: ReadonlySet<SortKey>;
}) {
  return (
    <tr
      ref={(el) => actions.register(r.id, el)}
      tabIndex={tabStop ? 0 : -1}
      aria-selected={selected}
      className={selected ? 'selected' : undefined}
      data-id={r.id}
      onClick={() => actions.select(r.id)}
      onFocus={() => actions.focused(r.id)}
      onKeyDown={(e) => {
        const to =
          e.key === 'ArrowDown'
            ? i + 1
            : e.key === 'ArrowUp'
              ? i - 1
              : e.key === 'Home'
                ? 0
                : e.key === 'End'
                  ? actions.last()
                  : undefined;
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          actions.select(r.id);
        } else if (to !== undefined) {
          e.preventDefault();
          actions.move(i, to);
        }
      }}
    >
      <th scope="row">
        {r.name}
        {r.skipped && (
          <>
            {' '}
            <span className="fbc-tag">skipped</span>
          </>
        )}
        {r.stranded && (
          <>
            {' '}
            <span className="fbc-tag fbc-tag-danger">stranded</span>
          </>
        )}
      </th>
      <td className="fbc-mono">{r.version}</td>
      {!hidden?.has('replaces') && <td className="fbc-mono">{r.replaces}</td>}
      {!hidden?.has('skips') && (
        <td className="fbc-mono fbc-entries-skips">
          {r.skips.map((s, k) => (
            <Fragment key={k}>
              {k > 0 && ', '}
              <span>{s}</span>
            </Fragment>
          ))}
        </td>
      )}
      {!hidden?.has('skipRange') && <td className="fbc-mono">{r.skipRange}</td>}
      <td>{r.head ? <span className="fbc-tag fbc-tag-accent">HEAD</span> : ''}</td>
      <td>
        {r.deprecated !== undefined && (
          <span className="fbc-tag fbc-tag-warning" title={r.deprecated}>
            deprecated
          </span>
        )}
      </td>
    </tr>
  );
});

/**
 * Brings a row into view by scrolling its own table pane only: `scrollIntoView` would also scroll
 * the centre pane around it, taking the package header, the channel tabs and the graph toolbar
 * out of view whenever a row is selected. The sticky header row covers the pane's top.
 */
function scrollRowIntoView(row: HTMLElement): void {
  const box = row.closest('.entries-pane');
  if (!box) return;
  const r = row.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  const top = b.top + (box.querySelector('thead')?.clientHeight ?? 0);
  box.scrollTop += r.top < top ? r.top - top : Math.max(0, r.bottom - b.bottom);
}
