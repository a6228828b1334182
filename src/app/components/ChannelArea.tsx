import { Suspense, useRef } from 'react';
import { Splitter } from '../layout/Splitter';
import { EntriesTable } from '../entries/EntriesTable';
import { useChannel, usePackageGraph } from '../state/queries';
import { showWholePackage, useApp } from '../state/store';
import { navigate, useView } from '../state/url';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { useGraphEditing } from '../commands/use-graph-editing';
import { ChannelGraphView } from '../ui/lazy-parts';
// --- Paths, filters, export (src/app/paths, src/app/filters, src/app/export) ---
import { setGraphHandle } from '../export/graph-handle';
import { useGraphFilters } from '../filters/use-filters';
import { ViewBar } from '../filters/ViewBar';
// --- End of paths ---

/** The selected channel: its upgrade graph (or the whole package's) above its entries table. */
export function ChannelArea({ pkg, channel }: { pkg: string; channel: string }) {
  const view = useView();
  const theme = useApp((s) => s.theme);
  const wholePackage = useApp((s) => s.wholePackage);
  const { data, isPending, error } = useChannel(pkg, channel);
  const pkgGraph = usePackageGraph(wholePackage ? pkg : undefined);
  const editing = useGraphEditing(pkg, channel); // editing: graph context menus and drawn edges
  const entriesRef = useRef<HTMLElement>(null);
  const onSelect = (id: string | undefined) => {
    if (id !== view.bundle) navigate({ pkg, ch: channel, bundle: id });
  };
  // Paths & filters: the filtered graph and table, v0 semantics, the path highlight.
  const shown = useGraphFilters(
    pkg,
    channel,
    data?.graph,
    data?.entries,
    wholePackage ? pkgGraph.data : undefined,
  );

  if (error) return <p className="error-text pad">Could not build this channel: {String(error)}</p>;
  if (isPending) return <p className="muted pad">Loading channel…</p>;
  if (!data)
    return (
      <p className="muted pad">
        Channel “{channel}” is not in package {pkg}.
      </p>
    );

  const graph = wholePackage && pkgGraph.data ? pkgGraph.data : data.graph;
  return (
    <div className="channel-area">
      <section className="graph-pane" aria-label={`Upgrade graph of channel ${channel}`}>
        <ErrorBoundary what="the graph">
          <Suspense fallback={<p className="muted pad">Loading graph…</p>}>
            <ChannelGraphView
              graph={shown.graph ?? graph}
              v0Semantics={shown.v0Semantics}
              highlight={shown.highlight}
              path={shown.path}
              presentation={shown.presenting}
              onCy={setGraphHandle}
              toolbarStart={<ViewBar pkg={pkg} channel={channel} graph={data.graph} />}
              selected={view.bundle}
              onSelect={onSelect}
              theme={theme}
              packageView={wholePackage}
              onPackageViewChange={showWholePackage}
              editing={editing}
              identity={`${pkg}\u0000${channel}\u0000${wholePackage ? 'package' : 'channel'}`}
            />
          </Suspense>
        </ErrorBoundary>
      </section>
      <Splitter
        name="entries-height"
        label="Resize the Entries table"
        panel={() => entriesRef.current}
        min={80}
        max={0.7}
      />
      <section
        ref={entriesRef}
        id="channel-entries"
        tabIndex={-1}
        className="entries-pane"
        aria-label={`Entries of channel ${channel}`}
      >
        <ErrorBoundary what="the entries table">
          <EntriesTable
            graph={shown.tableGraph ?? data.graph}
            entries={shown.entries ?? data.entries}
            hideColumns={shown.hideColumns}
            selected={view.bundle}
            onSelect={onSelect}
          />
        </ErrorBoundary>
      </section>
    </div>
  );
}
