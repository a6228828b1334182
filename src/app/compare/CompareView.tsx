import { useMemo, useState } from 'react';
import type {
  CompareAgainst,
  CompareResult,
  CompareTargets,
  DiffImpactItem,
  PackageDiff,
} from '../../protocol/catalog-protocol';
import { Modal } from '../commands/Modal';
import { closeCompare } from './compare-store';
import { runCompare, useCompareTargets } from './compare-client';
import { OverlayGraph, OverlayLegend } from './OverlayGraph';
import './compare.css';

/**
 * The Compare view: the open catalog (pending edits included) against another catalog of the
 * repository or a Git revision of the folder. Impact first, then per package what changed, the
 * channel's graph overlay and its changed entries; "Copy Markdown" gives the PR comment.
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

function Picker({
  targets,
  onCompare,
  busy,
}: {
  targets: CompareTargets;
  onCompare(a: CompareAgainst): void;
  busy: boolean;
}) {
  const first = targets.revisions?.[0]
    ? `rev:${targets.revisions[0].ref}`
    : targets.catalogs[0]
      ? `catalog:${targets.catalogs[0].id}`
      : '';
  const [choice, setChoice] = useState(first);
  const [typed, setTyped] = useState('');
  const nothing = !targets.revisions && targets.catalogs.length === 0;
  if (nothing) {
    return (
      <p className="muted">
        Nothing to compare with: this folder has no Git repository (<code>.git</code>) and is not a repository
        of catalogs. The CLI compares any two folders or zips: <code>fbc-studio diff OLD NEW</code>.
      </p>
    );
  }
  const submit = () => {
    // The button stays enabled while comparing (a disabled button drops focus to <body>, where
    // Escape no longer reaches the dialog); a second submit waits for the first.
    if (busy) return;
    if (typed.trim()) onCompare({ kind: 'revision', ref: typed.trim() });
    else if (choice.startsWith('rev:')) onCompare({ kind: 'revision', ref: choice.slice(4) });
    else if (choice.startsWith('catalog:')) onCompare({ kind: 'catalog', id: choice.slice(8) });
  };
  return (
    <form
      className="compare-picker"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label>
        Compare {targets.current || 'this catalog'} with{' '}
        <select value={choice} onChange={(e) => setChoice(e.target.value)} aria-label="Compare with">
          {targets.revisions && (
            <optgroup label={`Git revisions${targets.branch ? ` (on ${targets.branch})` : ''}`}>
              {targets.revisions.map((r) => (
                <option key={`${r.kind}:${r.ref}`} value={`rev:${r.ref}`}>
                  {r.kind === 'head'
                    ? `HEAD — ${r.label}`
                    : r.kind === 'commit'
                      ? r.label
                      : `${r.kind} ${r.label}`}
                </option>
              ))}
            </optgroup>
          )}
          {targets.catalogs.length > 0 && (
            <optgroup label="Catalogs of this repository">
              {targets.catalogs.map((c) => (
                <option key={c.id} value={`catalog:${c.id}`}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
      {targets.revisions && (
        <label>
          or revision{' '}
          <input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="HEAD~2, a tag, a commit id"
          />
        </label>
      )}
      <button type="submit" className="primary" aria-disabled={busy}>
        {busy ? 'Comparing…' : 'Compare'}
      </button>
    </form>
  );
}

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
          {overlay && <OverlayGraph overlay={overlay} />}
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

function Result({ result }: { result: CompareResult }) {
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
        {changed.length === 0 ? 'no differences' : `${changed.length} package(s) differ`}
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
      {changed.map((p) => (
        <PackageSection key={p.name} p={p} result={result} />
      ))}
    </div>
  );
}

export default function CompareView() {
  const targets = useCompareTargets();
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<CompareResult | { error: string }>();
  // Each run is drawn afresh: a package's picked channel belongs to the run that offered it.
  const [run, setRun] = useState(0);
  const compare = useMemo(
    () => async (a: CompareAgainst) => {
      setBusy(true);
      try {
        setReply(await runCompare(a));
        setRun((n) => n + 1);
      } catch (e) {
        setReply({ error: (e as Error).message });
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return (
    <Modal title="Compare" onClose={closeCompare} wide className="compare-modal">
      {targets.data ? (
        <Picker targets={targets.data} onCompare={(a) => void compare(a)} busy={busy} />
      ) : (
        <p className="muted">Looking for catalogs and Git revisions…</p>
      )}
      {reply && 'error' in reply && (
        <p className="banner banner-error" role="alert">
          {reply.error}
        </p>
      )}
      {reply && 'diff' in reply && <Result key={run} result={reply} />}
    </Modal>
  );
}
