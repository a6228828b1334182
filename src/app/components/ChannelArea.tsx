import { Suspense } from 'react';
import { EntriesTable } from '../entries/EntriesTable';
import { useChannel, usePackageGraph } from '../state/queries';
import { useApp } from '../state/store';
import { navigate, useView } from '../state/url';
import { ErrorBoundary } from './ErrorBoundary';
import { ChannelGraphView } from './lazy-parts';

/** The selected channel: its upgrade graph (or the whole package's) above its entries table. */
export function ChannelArea({ pkg, channel }: { pkg: string; channel: string }) {
  const view = useView();
  const theme = useApp((s) => s.theme);
  const wholePackage = useApp((s) => s.wholePackage);
  const set = useApp((s) => s.set);
  const { data, isPending, error } = useChannel(pkg, channel);
  const pkgGraph = usePackageGraph(wholePackage ? pkg : undefined);
  const onSelect = (id: string | undefined) => {
    if (id !== view.bundle) navigate({ pkg, ch: channel, bundle: id });
  };

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
              graph={graph}
              selected={view.bundle}
              onSelect={onSelect}
              theme={theme}
              packageView={wholePackage}
              onPackageViewChange={(on) => set({ wholePackage: on })}
            />
          </Suspense>
        </ErrorBoundary>
      </section>
      <section className="entries-pane" aria-label={`Entries of channel ${channel}`}>
        <ErrorBoundary what="the entries table">
          <EntriesTable
            graph={data.graph}
            entries={data.entries}
            selected={view.bundle}
            onSelect={onSelect}
          />
        </ErrorBoundary>
      </section>
    </div>
  );
}
