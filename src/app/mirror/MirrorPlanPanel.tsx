/**
 * "Mirror plan": an ImageSetConfiguration typed beside the open catalog, planned as oc-mirror v2
 * would filter it (src/core/mirror, in the worker, as the user types): what each package keeps, the
 * bundles kept highlighted on the channel graphs (ui-store.ts `mirrorKept`), oc-mirror's stop message,
 * `opm validate` of the filtered catalog and our findings, whether the versions running on the
 * clusters reach the kept heads (the CLI's `--from`), and the smallest change to the ISC with a
 * one-click apply. Docked beside the graph like the OLM v1 preview, so the graph stays in view.
 * The ISC and the rows are kept across reloads (browser/isc-draft.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { loadIscDraft, saveIscDraft } from '../../browser/isc-draft';
import { downloadText } from '../export/download';
import { useApp, useGeneration } from '../state/store';
import { DockedPanel } from '../ui/DockedPanel';
import { mirrorPlanned } from '../ui/ui-store';
import { IscEditor } from './IscEditor';
import { applySuggestion, planMirror, type MirrorPlanView } from './mirror-client';
import { PlanResult } from './PlanResult';
import './mirror.css';

export const EXAMPLE_ISC = `kind: ImageSetConfiguration
apiVersion: mirror.openshift.io/v2alpha1
mirror:
  operators:
    - catalog: registry.example.com/my-catalog:latest
      packages: []
`;

/** Planning waits for a pause in typing; the worker plans the latest text only. */
const PLAN_DELAY_MS = 250;
const SAVE_DELAY_MS = 400;

export default function MirrorPlanPanel() {
  const theme = useApp((s) => s.theme);
  const generation = useGeneration();
  const [draft, setDraft] = useState<{ text: string; from: string[]; operator: number }>();
  const [view, setView] = useState<MirrorPlanView>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const afterEditor = useRef<HTMLButtonElement>(null);
  const asked = useRef(0);

  useEffect(() => {
    let live = true;
    void loadIscDraft().then((d) => {
      if (live) setDraft(d ?? { text: EXAMPLE_ISC, from: [], operator: 0 });
    });
    return () => {
      live = false;
      asked.current++; // an answer still on its way marks nothing once the view is closed
      mirrorPlanned(null);
    };
  }, []);

  // Plan as the user types (debounced); an answer to an older text is dropped.
  useEffect(() => {
    if (!draft || generation === undefined) return;
    const mine = ++asked.current;
    const t = setTimeout(() => {
      setBusy(true);
      planMirror({ isc: draft.text, from: draft.from, operator: draft.operator })
        .then((v) => {
          if (mine !== asked.current) return;
          setView(v);
          setFailure(undefined);
          mirrorPlanned(v.kept);
        })
        .catch((e: unknown) => {
          if (mine === asked.current) setFailure(e instanceof Error ? e.message : String(e));
        })
        .finally(() => {
          if (mine === asked.current) setBusy(false);
        });
    }, PLAN_DELAY_MS);
    return () => clearTimeout(t);
  }, [draft, generation]);

  // Keep what was typed (after a pause, like the catalog drafts).
  useEffect(() => {
    if (!draft) return;
    const t = setTimeout(() => void saveIscDraft(draft), SAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [draft]);

  const update = (patch: Partial<NonNullable<typeof draft>>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  async function apply(patch: string) {
    if (!draft) return;
    const r = await applySuggestion(draft.text, patch);
    if ('error' in r) setFailure(`The suggestion could not be applied: ${r.error}`);
    else update({ text: r.text });
  }

  return (
    <DockedPanel
      title="Mirror plan"
      className="mirror-panel"
      actions={
        <>
          <span className="muted small" role="status">
            {busy ? 'Planning…' : ''}
          </span>
          <button
            type="button"
            className="subtle"
            disabled={!draft}
            onClick={() => draft && downloadText(draft.text, 'imageset-config.yaml', 'application/yaml')}
          >
            Export .yaml
          </button>
        </>
      }
    >
      <p className="muted small">
        What oc-mirror v2 keeps of this catalog for an ImageSetConfiguration, as you type.
      </p>
      <h3 className="mirror-label">ImageSetConfiguration (YAML)</h3>
      {draft ? (
        <IscEditor
          value={draft.text}
          onChange={(text) => update({ text })}
          theme={theme}
          leave={() => afterEditor.current?.focus()}
        />
      ) : (
        <p className="muted small">Loading…</p>
      )}
      {view && view.catalogs.length > 1 && draft && (
        <label className="mirror-row">
          The open catalog is{' '}
          <select value={view.operator} onChange={(e) => update({ operator: Number(e.target.value) })}>
            {view.catalogs.map((c, i) => (
              <option key={`${c}\u0000${i}`} value={i}>
                {c || '(no catalog)'}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="mirror-from">
        <legend>Versions running on the clusters (package@version)</legend>
        {(draft?.from ?? []).map((row, i) => (
          <div className="mirror-row" key={i}>
            <input
              value={row}
              aria-label={`Running version ${i + 1} (package@version)`}
              placeholder="my-operator@1.2.0"
              onChange={(e) => update({ from: draft!.from.map((r, k) => (k === i ? e.target.value : r)) })}
            />
            <button
              type="button"
              className="subtle"
              aria-label={`Remove running version ${i + 1}`}
              onClick={() => update({ from: draft!.from.filter((_, k) => k !== i) })}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          ref={afterEditor}
          type="button"
          className="subtle"
          disabled={!draft}
          onClick={() => update({ from: [...(draft?.from ?? []), ''] })}
        >
          Add a running version
        </button>
      </fieldset>
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
      {view && <PlanResult view={view} onApply={(p) => void apply(p)} />}
    </DockedPanel>
  );
}
