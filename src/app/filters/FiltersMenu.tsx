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
  // The two ends never cross: moving one past the other moves both.
  const setMin = (v: number) => update(v, Math.max(v, hi));
  const setMax = (v: number) => update(Math.min(lo, v), v);
  return (
    <fieldset className="viewbar-window">
      <legend>
        Version window of <strong>{channel}</strong>
      </legend>
      <VersionSlider id={ids.min} label="Minimum" versions={versions} index={lo} onIndex={setMin} />
      <VersionSlider id={ids.max} label="Maximum" versions={versions} index={hi} onIndex={setMax} />
      {w && (
        <button type="button" className="link" onClick={() => setWindow(pkg, channel, {})}>
          Show every version of {channel}
        </button>
      )}
    </fieldset>
  );
}

/** One end of the version window: a slider over the versions' indexes, saying the version it is at. */
function VersionSlider(props: {
  id: string;
  label: string;
  versions: readonly string[];
  index: number;
  onIndex(index: number): void;
}) {
  const { id, versions, index } = props;
  return (
    <>
      <label htmlFor={id}>
        {props.label} <output>{versions[index]}</output>
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={versions.length - 1}
        value={index}
        aria-valuetext={versions[index]}
        onChange={(e) => props.onIndex(Number(e.target.value))}
      />
    </>
  );
}
