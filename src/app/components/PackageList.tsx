import { useDeferredValue, useMemo, useRef, useState } from 'react';
import type { PackageListItem } from '../../core/service/views';
import { usePackageList } from '../state/queries';
import { navigate, useView } from '../state/url';
import { CountBadges, plural } from '../ui/Badges';
import { listboxKey } from './listbox-keys';
import { VirtualList } from './VirtualList';

const ROW = 52;

/** Case-insensitive substring match on the name; `default:` or channel names are not searched. */
export function filterPackages(items: readonly PackageListItem[], query: string): PackageListItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return items as PackageListItem[];
  return items.filter((p) => p.name.toLowerCase().includes(q));
}

export function PackageList() {
  const { data: packages = [], isPending } = usePackageList();
  const view = useView();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => filterPackages(packages, deferred), [packages, deferred]);
  const selectedIndex = shown.findIndex((p) => p.name === view.pkg);
  const listRef = useRef<HTMLDivElement>(null);

  const select = (p: PackageListItem, replace = false) =>
    navigate({ pkg: p.name, ch: p.defaultChannel || undefined }, { replace });

  return (
    <nav className="packages" aria-label="Packages">
      <div className="pane-head">
        <h2>Packages</h2>
        <span className="muted" aria-live="polite">
          {query ? `${shown.length} of ${packages.length}` : plural(packages.length, 'package')}
        </span>
      </div>
      <input
        className="filter"
        type="search"
        placeholder="Filter packages"
        aria-label="Filter packages"
        aria-controls="package-listbox"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && shown.length) {
            e.preventDefault();
            listRef.current?.focus();
            if (selectedIndex < 0 && shown[0]) select(shown[0], true);
          } else if (e.key === 'Enter' && shown[0]) {
            select(shown[0]);
          }
        }}
      />
      {isPending && !packages.length ? (
        <p className="muted pad">Loading…</p>
      ) : shown.length === 0 ? (
        <p className="muted pad">
          {packages.length ? 'No package matches the filter.' : 'This catalog has no packages.'}
        </p>
      ) : null}
      <VirtualList
        ref={listRef}
        id="package-listbox"
        className="listbox package-listbox"
        role="listbox"
        aria-label="Packages"
        tabIndex={0}
        aria-activedescendant={selectedIndex >= 0 ? `pkg-opt-${selectedIndex}` : undefined}
        count={shown.length}
        rowHeight={ROW}
        scrollToIndex={selectedIndex}
        onKeyDown={(e) => {
          const page = Math.max(1, Math.floor(e.currentTarget.clientHeight / ROW) - 1);
          const next = listboxKey(e, selectedIndex, shown.length, page);
          if (next !== undefined) {
            e.preventDefault();
            const p = shown[next];
            if (p) select(p, true);
          }
        }}
        renderRow={(i, style) => {
          const p = shown[i]!;
          const selected = i === selectedIndex;
          return (
            <div
              key={p.name}
              id={`pkg-opt-${i}`}
              role="option"
              aria-selected={selected}
              className={`package-row${selected ? ' selected' : ''}`}
              style={style}
              onClick={() => {
                select(p);
                listRef.current?.focus();
              }}
              title={p.name}
            >
              <div className="row-line">
                <span className={`pkg-name${p.deprecated ? ' deprecated' : ''}`}>{p.name}</span>
                <CountBadges errors={p.errors} warnings={p.warnings} />
              </div>
              <div className="row-line muted small">
                <span>
                  {p.defaultChannel ? (
                    <>
                      <span className="visually-hidden">default channel </span>
                      {p.defaultChannel}
                    </>
                  ) : (
                    'no default channel'
                  )}
                </span>
                <span>
                  {plural(p.channels, 'channel')} · {plural(p.bundles, 'bundle')}
                </span>
              </div>
            </div>
          );
        }}
      />
    </nav>
  );
}
