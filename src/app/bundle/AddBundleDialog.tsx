/**
 * "Add bundle": a bundle folder dropped on (or picked for) the open catalog. Shows what the folder
 * is and its findings, the olm.bundle it renders to, and the proposed channel entries — editable
 * channel and replaces, each with why — the channel's graph with the new node, and what opm would say after (a second head, no channel)
 * before anything is written. Apply runs the addBundle action: one undo step. A lazy chunk.
 */
import { useEffect, useState } from 'react';
import type { SourceSpec } from '../../browser/source-spec';
import type { NewBundleEntry } from '../../core/edit/actions/add-bundle';
import type { BundleInspection, EditResult } from '../../protocol/catalog-protocol';
import { Modal } from '../commands/Modal';
import { performAction, previewAction } from '../editor/edit-client';
import { closeDialog, dialogDone } from '../ui/ui-store';
import { inspectBundle } from './bundle-client';
import { PreviewGraphs } from './PreviewGraphs';
import { TableHead } from '../ui/TableHead';

interface Row extends NewBundleEntry {
  why: string[];
}

/** `image`: the bundle image it was pulled from (Add bundle by image reference), filled in. */
export default function AddBundleDialog({ spec, image: pulled }: { spec: SourceSpec; image?: string }) {
  const [inspection, setInspection] = useState<BundleInspection>();
  const [failure, setFailure] = useState<string>();
  const [image, setImage] = useState(pulled ?? '');
  const [rows, setRows] = useState<Row[]>([]);
  const [preview, setPreview] = useState<EditResult>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    inspectBundle(spec, pulled ?? '').then(
      (r) => {
        setInspection(r);
        setRows(
          (r.proposal?.entries ?? []).map((e) => ({
            channel: e.channel,
            replaces: e.replaces,
            skips: e.skips,
            skipRange: e.skipRange,
            why: e.why,
          })),
        );
      },
      (e: unknown) => setFailure(e instanceof Error ? e.message : String(e)),
    );
  }, [spec, pulled]);

  const blob = inspection?.blob;
  const entries = rows.map(({ why: _why, ...e }) => e);
  // A package the catalog lacks is created with the bundle; its default channel was proposed.
  const newPackage = inspection?.proposal?.newPackage;
  const extra = newPackage ? { defaultChannel: newPackage.defaultChannel } : {};
  const argsKey = JSON.stringify([entries, image, !!blob]);
  useEffect(() => {
    if (!blob) return;
    let stale = false;
    const t = setTimeout(() => {
      void previewAction('addBundle', { blob: { ...blob, image }, entries, ...extra }).then(
        (p) => !stale && setPreview(p),
      );
    }, 150);
    return () => {
      stale = true;
      clearTimeout(t);
    };
    // argsKey stands for entries, image and blob.
  }, [argsKey]);

  const setRow = (i: number, patch: Partial<Row>) =>
    setRows((cur) => cur.map((r, k) => (k === i ? { ...r, ...patch } : r)));

  const apply = async () => {
    setBusy(true);
    try {
      // Rendered again with the image given: it is also one of the bundle's relatedImages.
      const final = await inspectBundle(spec, image.trim());
      const r = await performAction('addBundle', { blob: final.blob, entries, ...extra });
      if (r.error) setPreview(r);
      else dialogDone({ kind: 'ok', text: `Added ${String(final.blob?.name)}. Undo with Ctrl+Z.` });
    } finally {
      setBusy(false);
    }
  };

  const name = typeof blob?.name === 'string' ? blob.name : inspection?.name;
  const warned = (preview?.warnings.length ?? 0) > 0;
  return (
    <Modal
      title={`Add bundle ${name ?? ''}`.trim()}
      onClose={closeDialog}
      wide
      className="add-bundle-dialog"
      footer={
        <>
          <button type="button" onClick={closeDialog}>
            Cancel
          </button>
          <button
            type="button"
            className={warned ? 'warn' : 'primary'}
            disabled={busy || !blob || !preview || !!preview.error || preview.changes.length === 0}
            onClick={() => void apply()}
          >
            {warned ? 'Apply anyway' : 'Apply'}
          </button>
        </>
      }
    >
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
      {!inspection && !failure && <p className="muted small">Reading the folder…</p>}
      {inspection && (
        <>
          <p>
            <strong>{inspection.name}</strong>: {inspection.format} ({inspection.reason})
          </p>
          <section aria-label="Findings">
            <h3 className="small">
              Findings: {inspection.findings.length === 0 ? 'none' : inspection.findings.length}
              {inspection.passed ? '' : ' — the bundle does not pass validate-bundle'}
            </h3>
            <ul className="small">
              {inspection.findings.map((f, i) => (
                <li key={i}>
                  {f.severity} [{f.rule}] {f.message}
                  {f.file ? ` — ${f.file}${f.line ? `:${f.line}` : ''}` : ''}
                </li>
              ))}
            </ul>
          </section>
          {inspection.error && (
            <p className="error-text" role="alert">
              {inspection.error}
            </p>
          )}
          {inspection.proposal?.notes.map((n) => (
            <p key={n} className="muted small">
              {n}
            </p>
          ))}
          {blob && (
            <>
              <label className="action-field">
                <span>Bundle image (what the catalog pulls; a template lists it; required)</span>
                {/* Focus starts where the dialog needs an answer first, not on Cancel. */}
                <input
                  autoFocus
                  required
                  aria-invalid={image.trim() === ''}
                  value={image}
                  placeholder="e.g. quay.io/acme/op-bundle:v1.3.0"
                  onChange={(e) => setImage(e.target.value)}
                />
              </label>
              <table className="entries-table" aria-label="Proposed entries">
                <TableHead columns={['Channel', 'Replaces', 'Skips', 'skipRange', 'Why']} />
                <tbody>
                  {rows.map((r, i) => (
                    <tr key={i}>
                      <td>
                        <input
                          aria-label={`Channel of entry ${i + 1}`}
                          value={r.channel}
                          onChange={(e) => setRow(i, { channel: e.target.value })}
                        />
                      </td>
                      <td>
                        <input
                          aria-label={`Replaces of entry ${i + 1}`}
                          value={r.replaces ?? ''}
                          onChange={(e) => setRow(i, { replaces: e.target.value })}
                        />
                      </td>
                      <td className="small">{(r.skips ?? []).join(', ')}</td>
                      <td className="small">{r.skipRange}</td>
                      <td className="small muted">{r.why.join('; ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <PreviewGraphs blob={blob} entries={entries} />
            </>
          )}
          <section className="action-preview" aria-label="What this will do" aria-live="polite">
            {!blob ? null : !preview ? (
              <p className="muted small">Checking…</p>
            ) : preview.error ? (
              <p className="error-text" role="alert">
                {preview.error}
              </p>
            ) : (
              <>
                <p className="small">Changes {preview.changes.map((c) => c.path).join(', ')} in one step.</p>
                {preview.warnings.map((w) => (
                  <p key={w} className="warn-text small">
                    {w}
                  </p>
                ))}
              </>
            )}
          </section>
        </>
      )}
    </Modal>
  );
}
