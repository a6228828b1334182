import { useEffect, useId, useMemo, useState } from 'react';
import {
  actionTitle,
  missingFields,
  type Choice,
  type EditResult,
  type FieldSpec,
} from '../../core/edit/action';
import { actionChoices, performAcross, performAction, previewAction } from '../editor/edit-client';
import { useSummary } from '../state/store';
import { ApplyToVersions, CheckboxList, acrossNotice } from './ApplyToVersions';
import { closeDialog, dialogDone, type ActionRequest } from '../ui/ui-store';
import { useActionSpecs } from './action-specs';
import { FooterClose, Modal } from './Modal';

const NONE = '\u0000none';

/**
 * The picker for one action: each argument offers only the choices that make sense given the
 * others (the action's `choices()`), and what the action would do — its warnings first — is shown
 * before anything changes.
 */
export default function ActionDialog({ request }: { request: ActionRequest }) {
  const a = useActionSpecs()?.find((s) => s.name === request.action);
  const [args, setArgs] = useState<Record<string, unknown>>(() => ({ ...request.args }));
  const [choices, setChoices] = useState<Record<string, Choice[] | undefined>>({});
  const [preview, setPreview] = useState<EditResult | undefined>();
  const [busy, setBusy] = useState(false);
  // In a repository: the other OpenShift versions' catalogs to apply the same action to.
  const current = useSummary()?.catalog;
  const [alsoIn, setAlsoIn] = useState<string[]>([]);
  const id = useId();
  const argsKey = JSON.stringify(args);
  const missing = useMemo(() => (a ? missingFields(a, args) : []), [a, args]);

  useEffect(() => {
    let stale = false;
    void actionChoices(request.action, args).then((c) => {
      if (stale) return;
      setChoices(c as Record<string, Choice[] | undefined>);
      // Preselect the recommended value (e.g. the channel's head as the replaces target).
      const patch: Record<string, unknown> = {};
      for (const [arg, list] of Object.entries(c as Record<string, Choice[] | undefined>)) {
        const rec = list?.find((x) => x.recommended);
        if (rec && args[arg] === undefined) patch[arg] = rec.value;
      }
      if (Object.keys(patch).length) setArgs((cur) => ({ ...cur, ...patch }));
    });
    return () => {
      stale = true;
    };
    // argsKey stands for args.
  }, [request.action, argsKey]);

  useEffect(() => {
    if (missing.length > 0) {
      setPreview(undefined);
      return;
    }
    let stale = false;
    const t = setTimeout(() => {
      void previewAction(request.action, args).then((p) => !stale && setPreview(p));
    }, 120);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [request.action, argsKey, missing.length]);

  if (!a) return null;
  const close = closeDialog;
  const apply = async () => {
    setBusy(true);
    try {
      if (alsoIn.length > 0 && current) {
        const { result, across } = await performAcross(request.action, args, [current, ...alsoIn]);
        if (result.error) setPreview(result);
        else dialogDone(acrossNotice(actionTitle(a.label), across));
        return;
      }
      const r = await performAction(request.action, args);
      if (r.error) setPreview(r);
      else {
        dialogDone({ kind: 'ok', text: `${actionTitle(a.label)}: done. Undo with Ctrl+Z.` });
      }
    } finally {
      setBusy(false);
    }
  };
  const warned = (preview?.warnings.length ?? 0) > 0;
  const context = [args.package, args.channel && `channel ${String(args.channel)}`, args.bundle]
    .filter(Boolean)
    .join(' › ');

  return (
    <Modal
      title={actionTitle(a.label)}
      onClose={close}
      className="action-dialog"
      footer={
        <>
          <FooterClose label="Cancel" onClose={close} />
          <button
            type="submit"
            form={`${id}-form`}
            className={warned ? 'warn' : 'primary'}
            disabled={
              busy || missing.length > 0 || !preview || !!preview.error || preview.changes.length === 0
            }
          >
            {warned ? 'Apply anyway' : 'Apply'}
          </button>
        </>
      }
    >
      {context && <p className="muted small">{context}</p>}
      <form
        id={`${id}-form`}
        className="action-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (missing.length === 0 && preview && !preview.error) void apply();
        }}
      >
        {a.fields
          .filter((f) => !f.when || f.when.in.includes(String(args[f.when.arg] ?? '')))
          .map((f) => (
            <Field
              key={f.arg}
              id={`${id}-${f.arg}`}
              field={f}
              value={args[f.arg]}
              choices={choices[f.arg]}
              onChange={(v) => setArgs((cur) => ({ ...cur, [f.arg]: v }))}
            />
          ))}
        {current && <ApplyToVersions current={current} selected={alsoIn} onChange={setAlsoIn} />}
      </form>
      <section className="action-preview" aria-label="What this will do" aria-live="polite">
        {missing.length > 0 ? (
          <p className="muted small">Choose {missing.map((f) => f.label.toLowerCase()).join(', ')}.</p>
        ) : !preview ? (
          <p className="muted small">Checking…</p>
        ) : preview.error ? (
          <p className="error-text" role="alert">
            {preview.error}
          </p>
        ) : (
          <>
            {warned && (
              <div className="warning-box" role="alert">
                <strong>Before you apply:</strong>
                <ul>
                  {preview.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </div>
            )}
            <p className="muted small">
              Changes {preview.changes.map((c) => c.path).join(', ') || 'nothing'}
              {preview.changes.some((c) => c.before === null) && ' (new file)'}. Undo with Ctrl+Z.
            </p>
          </>
        )}
      </section>
    </Modal>
  );
}

function Field(props: {
  id: string;
  field: FieldSpec;
  value: unknown;
  choices: Choice[] | undefined;
  onChange(v: unknown): void;
}) {
  const { id, field: f, value, choices = [] } = props;
  if (f.type === 'multi') {
    return (
      <CheckboxList
        legend={f.label}
        choices={choices}
        selected={Array.isArray(value) ? (value as string[]) : []}
        onChange={props.onChange}
      />
    );
  }
  if (f.type === 'choice') {
    const str = value === null ? NONE : value === undefined ? '' : String(value);
    const list = [...choices];
    if (str && str !== NONE && !list.some((c) => c.value === str)) list.unshift({ value: str, label: str });
    return (
      <div className="field">
        <label htmlFor={id}>{f.label}</label>
        <select
          id={id}
          value={str}
          onChange={(e) => props.onChange(e.target.value === NONE ? null : e.target.value || undefined)}
        >
          {!f.none && <option value="">{list.length ? 'Choose…' : 'Nothing to choose'}</option>}
          {f.none && <option value="">{list.length ? '(automatic)' : '(nothing to choose)'}</option>}
          {f.none && <option value={NONE}>{f.none}</option>}
          {list.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
              {c.detail ? ` — ${c.detail}` : ''}
              {c.recommended ? ' (recommended)' : ''}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{f.label}</label>
      <input
        id={id}
        type="text"
        value={value === undefined || value === null ? '' : String(value)}
        placeholder={f.placeholder}
        list={f.type === 'combo' && choices.length ? `${id}-list` : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {f.type === 'combo' && choices.length > 0 && (
        <datalist id={`${id}-list`}>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.detail ? `${c.label} — ${c.detail}` : c.label}
            </option>
          ))}
        </datalist>
      )}
    </div>
  );
}
