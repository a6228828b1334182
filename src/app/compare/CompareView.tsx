import { useState } from 'react';
import type { CompareResult, DiffImpactItem, PackageDiff } from '../../protocol/catalog-protocol';
import { Modal } from '../commands/Modal';
import { useSummary } from '../state/store';
import { closeCompare, compareDone, useCompare } from './compare-store';
import { runCompare, useCompareTargets } from './compare-client';
import { ComparePicker, type Picked } from './ComparePicker';
import { OverlayGraph, OverlayLegend } from './OverlayGraph';
import './compare.css';

/**
 * The Compare view: the open catalog (pending edits included) against another catalog of the
 * repository, a Git revision of the folder, or any folder or zip; either side may be the older one
 * (Swap sides). Impact first, then per package what changed, the channel's graph overlay (exported
 * as an image for a slide) and its changed entries; "Copy Markdown" gives the PR comment. The last
 * result stays after closing (compare-store.ts), so reopening shows it.
 */

const IMPACT_TITLE: Record<DiffImpactItem['kind'], string> = {
  'no-path': 'Loses the path to the head',
  'next-hop': 'Next hop changes',
  'lands-deprecated': 'Lands on a deprecated bundle',
  removed: 'Removed (pruned)',
  retag: 'Re-tag',
  'channel-removed': 'Channel removed',
  'default-channel-gone': 'Default channel gone',
  'package-removed': 'Package removed',
};

const moved = (m: { old: string | null; new: string | null }) =>
  `${m.old ?? '(none)'} → ${m.new ?? '(none)'}`;

function ImpactList({ items }: { items: DiffImpactItem[] }) {
  return (
    <section aria-label="Impact" className="compare-impact">
      <h3>Impact ({items.length})</h3>
      {items.length === 0 ? (
        <p className="muted">No installed version loses or changes its upgrade path.</p>
      ) : (
        <ul>
          {items.map((i, n) => (
            <li key={n} className={`impact-${i.kind}`}>
              <strong>{IMPACT_TITLE[i.kind]}</strong>{' '}
              <code>{[i.package, i.channel, i.bundle].filter((x) => x !== null).join(' / ')}</code>{' '}
              <span className="tag">{i.v0 && i.v1 ? 'OLM v0 + v1' : i.v0 ? 'OLM v0' : 'OLM v1'}</span> {i.why}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PackageSection({ p, result }: { p: PackageDiff; result: CompareResult }) {
  const overlays = result.diff.overlays.filter((o) => o.package === p.name);
  const [channel, setChannel] = useState(overlays[0]?.channel ?? '');
  const overlay = overlays.find((o) => o.channel === channel);
  const ch = p.channels.find((c) => c.name === channel);
  return (
    <section className="compare-package" aria-label={`Package ${p.name}`}>
      <h3>
        {p.name} <span className="tag">{p.status}</span>
      </h3>
      <ul className="compare-facts">
        {p.defaultChannel.old !== p.defaultChannel.new && <li>Default channel: {moved(p.defaultChannel)}</li>}
        {p.bundles.added.length > 0 && <li>Bundles added: {p.bundles.added.join(', ')}</li>}
        {p.bundles.removed.length > 0 && <li>Bundles removed: {p.bundles.removed.join(', ')}</li>}
        {p.bundles.changed.map((b) => (
          <li key={b.name} className={b.image ? 'retag' : undefined}>
            {b.image ? <strong>Re-tag: {b.name}</strong> : <>Changed: {b.name}</>}
            {b.image && <> — image {moved(b.image)}</>}
            {b.version && <> — version {moved(b.version)}</>}
            {b.deprecation && (
              <>
                {' '}
                — {b.deprecation.new !== null ? `deprecated: ${b.deprecation.new}` : 'no longer deprecated'}
              </>
            )}
            {b.properties.map((x) => (
              <span key={x.type}>
                {' '}
                — {x.type}: {x.old.join(', ') || '(none)'} → {x.new.join(', ') || '(none)'}
              </span>
            ))}
          </li>
        ))}
      </ul>
      {overlays.length > 0 && (
        <>
          <label>
            Channel{' '}
            <select value={channel} onChange={(e) => setChannel(e.target.value)}>
              {p.channels.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name} ({c.status}
                  {c.head.old !== c.head.new ? `, head ${moved(c.head)}` : ''})
                </option>
              ))}
            </select>
          </label>
          {overlay && (
            <OverlayGraph
              overlay={overlay}
              title={`${p.name} — ${overlay.channel}: ${result.oldLabel} → ${result.newLabel}`}
            />
          )}
          {ch && (
            <table className="compare-entries" aria-label={`Changed entries of ${ch.name}`}>
              <thead>
                <tr>
                  <th scope="col">Entry</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {ch.entries.added.map((n) => (
                  <tr key={`a${n}`} className="row-added">
                    <td>{n}</td>
                    <td>added</td>
                  </tr>
                ))}
                {ch.entries.removed.map((n) => (
                  <tr key={`r${n}`} className="row-removed">
                    <td>{n}</td>
                    <td>removed</td>
                  </tr>
                ))}
                {ch.entries.changed.map((e) => (
                  <tr key={`c${e.name}`} className="row-changed">
                    <td>{e.name}</td>
                    <td>
                      {[
                        e.replaces &&
                          `replaces ${moved({ old: e.replaces.old || null, new: e.replaces.new || null })}`,
                        e.skips &&
                          `skips [${(e.skips.old ?? []).join(', ')}] → [${(e.skips.new ?? []).join(', ')}]`,
                        e.skipRange &&
                          `skipRange ${moved({ old: e.skipRange.old || null, new: e.skipRange.new || null })}`,
                      ]
                        .filter(Boolean)
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

function Result({
  result,
  run,
  onSwap,
  busy,
}: {
  result: CompareResult;
  run: number;
  onSwap(): void;
  busy: boolean;
}) {
  const [copied, setCopied] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.markdown);
      setCopied('Markdown copied');
    } catch {
      setCopied('The clipboard is not available: select the Markdown below and copy it');
    }
  };
  const changed = result.diff.packages;
  return (
    <div className="compare-result">
      <p className="compare-sides">
        <strong>{result.oldLabel}</strong> → <strong>{result.newLabel}</strong>:{' '}
        {changed.length === 0
          ? 'no differences'
          : `${changed.length} ${changed.length === 1 ? 'package differs' : 'packages differ'}`}
        <button
          type="button"
          onClick={() => !busy && onSwap()}
          aria-disabled={busy}
          title="Compare the other way round: the open catalog as the older side"
        >
          Swap sides
        </button>
        <button type="button" onClick={() => void copy()}>
          Copy Markdown
        </button>
        <span role="status" className="muted small">
          {copied}
        </span>
      </p>
      {copied?.startsWith('The clipboard') && (
        <textarea readOnly value={result.markdown} rows={8} aria-label="Markdown" />
      )}
      {result.warnings.map((w) => (
        <p key={w} className="banner" role="note">
          {w}
        </p>
      ))}
      <ImpactList items={result.diff.impact} />
      {changed.length > 0 && <OverlayLegend />}
      {/* Each run is drawn afresh: a package's picked channel belongs to the run that offered it. */}
      <div key={run}>
        {changed.map((p) => (
          <PackageSection key={p.name} p={p} result={result} />
        ))}
      </div>
    </div>
  );
}

export default function CompareView() {
  const targets = useCompareTargets();
  const summary = useSummary();
  const on = `${summary?.name ?? ''}\u0000${summary?.catalog ?? ''}`;
  const stored = useCompare((s) => s.last);
  // A result kept from another catalog is not this one's.
  const last = stored?.on === on ? stored : undefined;
  const [busy, setBusy] = useState(false);
  const compare = async (p: Picked, swapped: boolean) => {
    setBusy(true);
    try {
      const reply = await runCompare(p.against, swapped).catch((e: unknown) => ({
        error: e instanceof Error ? e.message : String(e),
      }));
      compareDone({ on, against: p.against, ...(p.name ? { pickedName: p.name } : {}), swapped, reply });
    } finally {
      setBusy(false);
    }
  };
  const reply = last?.reply;
  return (
    <Modal title="Compare" onClose={closeCompare} wide className="compare-modal">
      {targets.data ? (
        <ComparePicker
          targets={targets.data}
          {...(last ? { initial: last.against } : {})}
          onCompare={(p) => void compare(p, last?.swapped ?? false)}
          busy={busy}
        />
      ) : (
        <p className="muted">Looking for catalogs and Git revisions…</p>
      )}
      {reply && 'error' in reply && (
        <p className="banner banner-error" role="alert">
          {reply.error}
        </p>
      )}
      {last && reply && 'diff' in reply && (
        <Result
          result={reply}
          run={last.run}
          busy={busy}
          onSwap={() =>
            void compare(
              { against: last.against, ...(last.pickedName ? { name: last.pickedName } : {}) },
              !last.swapped,
            )
          }
        />
      )}
    </Modal>
  );
}
