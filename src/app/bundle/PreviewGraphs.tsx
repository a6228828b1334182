/**
 * The add-bundle dialog's "graph with the new node before anything is written": each channel the
 * new bundle would join, as the channel view will draw it after Apply, the new node selected and
 * highlighted and its replaces edge drawn as the upgrade path; the new edges listed in words too
 * (the canvas is not read by screen readers). Part of the dialog's lazy chunk; the graph component
 * is the app's own (its own lazy chunk, already loaded when a channel is shown).
 */
import { Suspense, useEffect, useState } from 'react';
import type { NewBundleEntry } from '../../core/edit/actions/add-bundle';
import type { PreviewGraph } from '../../protocol/catalog-protocol';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { ChannelGraphView } from '../ui/lazy-parts';
import { useApp } from '../state/store';
import { previewBundleGraphs } from './bundle-client';
import './add-bundle.css';

const ignore = () => {};

function sentence(p: PreviewGraph): string {
  const { heads } = p.graph;
  const head = heads.includes(p.added)
    ? heads.length === 1
      ? 'the head of the channel'
      : `one of ${heads.length} heads (${heads.join(', ')})`
    : `not the head (${heads.join(', ') || 'none'})`;
  return `${p.added} would be ${head}${p.newChannel ? ', in a new channel' : ''}.`;
}

export function PreviewGraphs({
  blob,
  entries,
}: {
  blob: Record<string, unknown>;
  entries: NewBundleEntry[];
}) {
  const theme = useApp((s) => s.theme);
  const [graphs, setGraphs] = useState<PreviewGraph[]>();
  const [failure, setFailure] = useState<string>();
  const [shown, setShown] = useState(0);
  const key = JSON.stringify([blob.name, blob.package, entries]);
  useEffect(() => {
    let stale = false;
    // The same pause as the action's preview: typing a channel name does not redraw per key.
    const t = setTimeout(() => {
      previewBundleGraphs(blob, entries).then(
        (g) => {
          if (stale) return;
          setGraphs(g);
          setFailure(undefined);
        },
        (e: unknown) => !stale && setFailure(e instanceof Error ? e.message : String(e)),
      );
    }, 150);
    return () => {
      stale = true;
      clearTimeout(t);
    };
    // key stands for blob and entries.
  }, [key]);

  if (failure) return <p className="muted small">No graph preview: {failure}</p>;
  if (!graphs) return <p className="muted small">Drawing the graph…</p>;
  if (graphs.length === 0) return null;
  const p = graphs[Math.min(shown, graphs.length - 1)] as PreviewGraph;
  const replaces = p.graph.edges.find((e) => e.to === p.added && e.kind === 'replaces');
  const added = p.graph.edges.filter((e) => p.addedEdges.includes(e.id));
  return (
    <section className="add-bundle-graph" aria-label="Graph after adding">
      <h3 className="small">
        Graph after adding (not written yet)
        {graphs.length > 1 &&
          graphs.map((g, i) => (
            <button
              key={g.graph.channel}
              type="button"
              className="small"
              aria-pressed={g === p}
              onClick={() => setShown(i)}
            >
              {g.graph.channel}
            </button>
          ))}
      </h3>
      <p className="small">{sentence(p)}</p>
      <div className="add-bundle-graph-canvas">
        <ErrorBoundary what="the graph preview">
          <Suspense fallback={<p className="muted small">Loading graph…</p>}>
            <ChannelGraphView
              graph={p.graph}
              highlight={[p.added]}
              selected={p.added}
              path={replaces ? [replaces.from, p.added] : undefined}
              onSelect={ignore}
              theme={theme}
              identity={`preview\u0000${p.graph.package}\u0000${p.graph.channel}`}
            />
          </Suspense>
        </ErrorBoundary>
      </div>
      <ul className="small" aria-label="New edges">
        {added.length === 0 && p.graph.nodes.length > 1 && (
          <li className="warn-text">No edge leads to {p.added}: nothing upgrades to it.</li>
        )}
        {added.map((e) => (
          <li key={e.id}>
            {e.from} → {e.to} ({e.kind}
            {e.label ? ` ${e.label}` : ''})
          </li>
        ))}
      </ul>
    </section>
  );
}
