import { useId, useMemo } from 'react';
import type { ChannelGraph, EdgeKind } from '../graph/types';
import { channelVersions } from './apply';
import { clearFilters, setWindow, showEdgeKind, useViewOptions, windowKey } from './store';

const KINDS: EdgeKind[] = ['replaces', 'skips', 'skipRange'];

/** The Filters menu (loaded when first opened): this channel's version window, and the edge kinds. */
export default function FiltersMenu({
  pkg,
  channel,
  graph,
}: {
  pkg: string;
  channel: string;
  graph: ChannelGraph;
}) {
  const { edgeKinds, windows } = useViewOptions();
  const prefix = windowKey(pkg, '');
  const active = !KINDS.every((k) => edgeKinds[k]) || Object.keys(windows).some((k) => k.startsWith(prefix));
  return (
    <>
      <WindowSliders pkg={pkg} channel={channel} graph={graph} />
      <fieldset className="viewbar-kinds">
        <legend>Edge kinds</legend>
        {KINDS.map((k) => (
          <label key={k}>
            <input
              type="checkbox"
              checked={edgeKinds[k]}
              onChange={(e) => showEdgeKind(k, e.target.checked)}
            />
            {k}
          </label>
        ))}
      </fieldset>
      {active && (
        <button type="button" className="link" onClick={() => clearFilters(pkg)}>
          Clear all filters of {pkg}
        </button>
      )}
    </>
  );
}

/** Minimum and maximum version of this channel: two sliders over its entries' versions. */
function WindowSliders({ pkg, channel, graph }: { pkg: string; channel: string; graph: ChannelGraph }) {
  const versions = useMemo(() => channelVersions(graph), [graph]);
  const w = useViewOptions((s) => s.windows[windowKey(pkg, channel)]);
  const ids = { min: useId(), max: useId() };
  if (versions.length < 2)
    return <p className="muted small">Channel {channel} has fewer than two versions.</p>;
  const last = versions.length - 1;
  const lo = w?.min !== undefined ? Math.max(0, versions.indexOf(w.min)) : 0;
  const hi = w?.max !== undefined ? Math.max(0, versions.indexOf(w.max)) : last;
  const update = (a: number, b: number) =>
    setWindow(pkg, channel, {
      min: a > 0 ? versions[a] : undefined,
      max: b < last ? versions[b] : undefined,
    });
  return (
    <fieldset className="viewbar-window">
      <legend>
        Version window of <strong>{channel}</strong>
      </legend>
      <label htmlFor={ids.min}>
        Minimum <output>{versions[lo]}</output>
      </label>
      <input
        id={ids.min}
        type="range"
        min={0}
        max={last}
        value={lo}
        aria-valuetext={versions[lo]}
        onChange={(e) => {
          const v = Number(e.target.value);
          update(v, Math.max(v, hi));
        }}
      />
      <label htmlFor={ids.max}>
        Maximum <output>{versions[hi]}</output>
      </label>
      <input
        id={ids.max}
        type="range"
        min={0}
        max={last}
        value={hi}
        aria-valuetext={versions[hi]}
        onChange={(e) => {
          const v = Number(e.target.value);
          update(Math.min(lo, v), v);
        }}
      />
      {w && (
        <button type="button" className="link" onClick={() => setWindow(pkg, channel, {})}>
          Show every version of {channel}
        </button>
      )}
    </fieldset>
  );
}
