import { useEffect, useState } from 'react';
import type { ImpactView } from '../../core/service/paths-views';
// Its rows are also shown in Review, which may open before the paths panel.
import './paths.css';

const IMPACT_DELAY_MS = 400;

const KIND_TEXT = {
  'next-hop': 'next hop',
  'loses-head': 'loses the head',
  'gains-head': 'reaches the head',
};

/**
 * While edits are pending: which installed versions would get a different next hop, or lose (or
 * gain) their path to the channel head, compared with the catalog as loaded. Computed by the
 * worker (CatalogService.getImpact), so it follows any edit, whichever UI made it.
 */
export default function ImpactPanel({
  generation,
  load,
  onSelect,
}: {
  /** Asked again whenever the catalog generation changes. */
  generation: number;
  load(): Promise<ImpactView>;
  onSelect(pkg: string, channel: string, bundle?: string): void;
}) {
  const [data, setData] = useState<ImpactView>();
  useEffect(() => {
    let live = true;
    // Asked once typing pauses: while edits stream in, the worker's re-validation comes first.
    const timer = setTimeout(() => void load().then((v) => live && setData(v)), IMPACT_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [generation, load]);
  if (!data?.pending) return null;
  const losing = data.rows.filter((r) => r.kinds.includes('loses-head')).length;
  return (
    <section className="impact-panel" aria-label="Impact of pending edits" data-testid="impact">
      <h3>
        Impact of pending edits
        {losing > 0 && <span className="tag tag-error">{losing} lose the head</span>}
      </h3>
      <p className="muted small">
        Compared with the catalog as loaded: {data.changedFiles.length} file
        {data.changedFiles.length === 1 ? '' : 's'} changed, {data.changedChannels.length} channel
        {data.changedChannels.length === 1 ? '' : 's'} with different upgrade edges.
      </p>
      <ImpactRows data={data} onSelect={onSelect} />
    </section>
  );
}

/** Who is affected, a row per installed version and semantics (also in Review, per catalog). */
export function ImpactRows({
  data,
  onSelect,
}: {
  data: ImpactView;
  onSelect(pkg: string, channel: string, bundle?: string): void;
}) {
  return data.rows.length === 0 ? (
    <p className="small">No installed version gets a different next hop or loses its path to the head.</p>
  ) : (
    <ul className="impact-rows">
      {data.rows.map((r) => (
        <li key={`${r.package}/${r.channel}/${r.bundle}/${r.semantics.join()}`}>
          <button
            type="button"
            className="impact-row"
            onClick={() => onSelect(r.package, r.channel, r.removed ? undefined : r.bundle)}
          >
            <span className="impact-tags">
              {r.semantics.map((s) => (
                <span key={s} className="tag">
                  OLM {s}
                </span>
              ))}
              {r.kinds.map((k) => (
                <span key={k} className={`tag${k === 'loses-head' ? ' tag-error' : ''}`}>
                  {KIND_TEXT[k]}
                </span>
              ))}
              <span className="muted small">
                {r.package} / {r.channel}
              </span>
            </span>
            <span className="small">{r.sentence}.</span>
          </button>
        </li>
      ))}
      {data.omitted > 0 && <li className="muted small">…and {data.omitted} more.</li>}
    </ul>
  );
}
