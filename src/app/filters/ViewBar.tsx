import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { Semantics } from '../../core/service/paths-views';
import { graphHandle } from '../export/graph-handle';
import type { ChannelGraph } from '../graph/types';
import { exportMermaid, fetchSwitchMatrix, usePackageGraph } from '../state/queries';
import { useApp, useGeneration } from '../state/store';
import { filtersActive } from './active';
import { useDismiss } from '../ui/use-dismiss';
import { WhileLoading } from '../ui/lazy-parts';
import { startPresenting, toggleV0Semantics, useViewOptions } from './store';
import './filters.css';

// Loaded on first use, to keep the initial JS small: the filter menu and status, the export code
// (PNG/SVG/Mermaid) and the channel-switch matrix.
const FiltersMenu = lazy(() => import('./FiltersMenu'));
const FilterStatus = lazy(() => import('./FilterStatus'));
const ExportMenu = lazy(() => import('../export/ExportMenu'));
const SwitchMatrix = lazy(() => import('../paths/SwitchMatrix'));

// What the lazy parts need from the shell, passed in (so their chunks import nothing of it).
const loadMatrix = (pkg: string) => (s: Semantics) => fetchSwitchMatrix(pkg, s);
const pickCell = (pkg: string) => (bundle: string, channel: string) =>
  void import('../paths/ask').then((m) => m.askPath({ package: pkg, channel, bundle }));

/**
 * The view options at the start of the graph toolbar: the OLM v0 semantics switch, the filters (version window per channel,
 * edge kinds), the channel-switch matrix, presentation mode and the Export graph menu.
 */
export function ViewBar({ pkg, channel, graph }: { pkg: string; channel: string; graph: ChannelGraph }) {
  const { v0Semantics, edgeKinds, windows } = useViewOptions();
  const active = filtersActive({ edgeKinds, windows }, pkg);
  const theme = useApp((s) => s.theme);
  const pkgGraph = usePackageGraph(active ? pkg : undefined);
  const generation = useGeneration();
  // A new function per package and catalog generation: the matrix asks again after an edit.
  const matrix = useMemo(() => ({ load: loadMatrix(pkg), pick: pickCell(pkg) }), [pkg, generation]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [matrixOpen, setMatrixOpen] = useState(false);
  const filtersRef = useRef<HTMLDetailsElement>(null);
  const exportRef = useRef<HTMLDetailsElement>(null);
  useDismiss(filtersRef);
  useDismiss(exportRef);

  return (
    <>
      <div className="viewbar" role="group" aria-label="View options">
        <button
          type="button"
          role="switch"
          aria-checked={v0Semantics}
          className="viewbar-switch"
          title="Skipped bundles outlined in red; edges OLM v0 ignores drawn red and dashed (render-graph --draw-v0-semantics)"
          onClick={toggleV0Semantics}
        >
          <span className="viewbar-knob" aria-hidden="true" />
          OLM v0 semantics
        </button>
        <details
          className="viewbar-menu"
          ref={filtersRef}
          onToggle={(e) => setFiltersOpen(e.currentTarget.open)}
        >
          <summary aria-label={active ? 'Filters (on)' : 'Filters'}>
            Filters{active && <span className="viewbar-dot" aria-hidden="true" />}
          </summary>
          {filtersOpen && (
            <div className="viewbar-pop">
              <WhileLoading>
                <FiltersMenu pkg={pkg} channel={channel} graph={graph} />
              </WhileLoading>
            </div>
          )}
        </details>
        <button
          type="button"
          onClick={() => setMatrixOpen(true)}
          title="Where a user lands when switching channel"
        >
          Channel switch…
        </button>
        <button
          type="button"
          onClick={startPresenting}
          title="Large, high contrast, panels hidden; PgDn/PgUp step through channels, Esc leaves"
        >
          Present
        </button>
        <details
          className="viewbar-menu viewbar-export"
          ref={exportRef}
          onToggle={(e) => setExportOpen(e.currentTarget.open)}
        >
          <summary>Export graph</summary>
          {exportOpen && (
            <div className="viewbar-pop viewbar-pop-right">
              <WhileLoading>
                <ExportMenu
                  pkg={pkg}
                  channel={channel}
                  v0={v0Semantics}
                  theme={theme}
                  getCy={graphHandle}
                  exportMermaid={exportMermaid}
                  onDone={() => exportRef.current?.removeAttribute('open')}
                />
              </WhileLoading>
            </div>
          )}
        </details>
      </div>
      {active && (
        <Suspense fallback={null}>
          <FilterStatus
            pkg={pkg}
            graph={pkgGraph.data ?? undefined}
            edgeKinds={edgeKinds}
            windows={windows}
          />
        </Suspense>
      )}
      {matrixOpen && (
        <Suspense fallback={null}>
          <SwitchMatrix
            pkg={pkg}
            initial={v0Semantics ? 'v0' : 'v1'}
            load={matrix.load}
            onPick={matrix.pick}
            onClose={() => setMatrixOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
