import { useEffect, useState } from 'react';
import { describeWriteError } from '../../browser/write-errors';
import type { WriteConflict } from '../../browser/write-folder';
import { FooterClose, Modal } from '../commands/Modal';
import { plural } from '../ui/Badges';
import { checkWrite, takeDiskVersion, writeEdits, zipCatalog } from '../editor/edit-client';
import { closeDialog, dialogDone, openDialog, showNotice } from '../ui/ui-store';
import { requestWriteAccess } from '../state/open-folder';
import { useSummary } from '../state/store';
import { ValidationStatus } from './ValidationStatus';
import { ConflictDiff, ConflictFooter, ConflictRow, WriteOutcome, type Choice } from './write-parts';

type Step =
  /** Waiting for the browser's answer to the write-permission request. */
  | { kind: 'access' }
  | { kind: 'denied' }
  | { kind: 'gate' }
  | { kind: 'scope' }
  | { kind: 'checking' }
  | { kind: 'conflicts'; conflicts: WriteConflict[] }
  | { kind: 'writing' }
  | { kind: 'done'; written: string[]; failed: { path: string; error: string }[]; conflicts: string[] };

/** The report of a write that failed as a whole (`what`: all files, the zip), nothing written. */
const failedWhole = (what: string, e: unknown): Step => ({
  kind: 'done',
  written: [],
  failed: [{ path: what, error: describeWriteError(e) }],
  conflicts: [],
});

/**
 * Writing back: for a folder, write access first (asked for by the click that opened the dialog;
 * refused, nothing is written and the edits stay), then the validation gate (an invalid catalog
 * needs an explicit confirmation), then — for a folder — a conflict check against the disk (each
 * conflict shown disk versus edited, with an explicit choice), then the write and a report of what
 * was and was not written. For the zip, the choice of the whole catalog or only the changed files.
 */
export default function WriteDialog({
  target,
  access,
}: {
  target: 'folder' | 'zip';
  /** The answer to the permission request the opening click started (folder only). */
  access?: Promise<boolean>;
}) {
  const summary = useSummary();
  const granted = (): Step => (summary?.passed ? next(target) : { kind: 'gate' });
  const [step, setStep] = useState<Step>(() => (access ? { kind: 'access' } : granted()));
  const [confirmed, setConfirmed] = useState(false);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [scope, setScope] = useState<'all' | 'changed'>('all');
  const [shown, setShown] = useState<string | undefined>();
  const close = closeDialog;

  useEffect(() => {
    let stale = false;
    void access?.then((ok) => !stale && setStep(ok ? granted() : { kind: 'denied' }));
    return () => {
      stale = true;
    };
  }, [access]);

  /** Asks for write access again and starts over: only from a click (the prompt needs it). */
  function writeAgain() {
    setStep({ kind: 'access' });
    setChoices({});
    void requestWriteAccess().then((ok) => setStep(ok ? granted() : { kind: 'denied' }));
  }

  useEffect(() => {
    if (step.kind !== 'checking') return;
    let stale = false;
    void checkWrite().then(
      (r) => {
        if (stale) return;
        if (r.files.length === 0) setStep({ kind: 'done', written: [], failed: [], conflicts: [] });
        else if (r.conflicts.length > 0) {
          setShown(r.conflicts[0]?.path);
          setStep({ kind: 'conflicts', conflicts: r.conflicts });
        } else void write([]);
      },
      (e: unknown) => !stale && setStep(failedWhole('(all files)', e)),
    );
    return () => {
      stale = true;
    };
  }, [step.kind]);

  async function write(overwrite: string[]) {
    setStep({ kind: 'writing' });
    try {
      const r = await writeEdits(overwrite);
      setStep({
        kind: 'done',
        written: r.written.map((w) => w.path),
        failed: r.failed,
        conflicts: r.conflicts.map((c) => c.path),
      });
      // The draft follows: what was written is no longer unsaved work (a write leaves the revision as it was).
      void import('../drafts/draft-save').then((m) => m.save());
      if (r.failed.length === 0 && r.conflicts.length === 0)
        showNotice({
          kind: 'ok',
          text: `Wrote ${plural(r.written.length, 'file')} to ${summary?.name ?? 'the folder'}.`,
        });
    } catch (e) {
      setStep(failedWhole('(all files)', e));
    }
  }

  async function resolveConflicts(conflicts: WriteConflict[]) {
    for (const c of conflicts) {
      if (choices[c.path] === 'disk') await takeDiskVersion(c.path, c.disk);
    }
    await write(conflicts.filter((c) => choices[c.path] === 'overwrite').map((c) => c.path));
  }

  async function download() {
    setStep({ kind: 'writing' });
    let zipped: Awaited<ReturnType<typeof zipCatalog>>;
    try {
      zipped = await zipCatalog(scope);
    } catch (e) {
      // Refused (an edit would need bytes that are not known): say why, write nothing.
      setStep(failedWhole('(zip)', e));
      return;
    }
    const { data, files } = zipped;
    const name = (summary?.kind === 'demo' ? 'demo-catalog' : (summary?.name ?? 'catalog')).replace(
      /[^\w.-]+/g,
      '-',
    );
    const url = URL.createObjectURL(new Blob([data as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name}${scope === 'changed' ? '-changes' : ''}.zip`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    dialogDone({ kind: 'ok', text: `Downloaded ${a.download} (${plural(files, 'file')}).` });
  }

  const title = target === 'folder' ? 'Write to folder' : 'Download .zip';
  const folder = summary?.name ?? 'the folder';
  let body;
  let footer;
  if (step.kind === 'access') {
    body = <p className="muted">Asking for permission to write to {folder}…</p>;
  } else if (step.kind === 'denied') {
    body = (
      <div role="alert">
        <p>
          <strong>Permission to write to {folder} was not granted; your edits are kept.</strong> Nothing was
          written.
        </p>
        <p>
          Try again and allow editing when the browser asks (if it no longer asks, allow it in this
          site&apos;s settings), or download the changes as a .zip instead.
        </p>
      </div>
    );
    footer = (
      <>
        <FooterClose label="Close" onClose={close} />
        <button type="button" onClick={() => openDialog({ kind: 'write', target: 'zip' })}>
          Download .zip…
        </button>
        {/* The answer the refusal asks for (it arrives after the dialog opened, so set here). */}
        <button type="button" className="primary" autoFocus onClick={writeAgain}>
          Try again
        </button>
      </>
    );
  } else if (step.kind === 'gate') {
    body = (
      <>
        <p>
          <strong>The edited catalog does not pass opm validate.</strong> Writing it now would put an invalid
          catalog in place.
        </p>
        <ValidationStatus limit={8} />
        <label className="confirm">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} /> I
          understand:
          {target === 'folder' ? ' write' : ' export'} the catalog although it is invalid
        </label>
      </>
    );
    footer = (
      <>
        <FooterClose label="Cancel" onClose={close} />
        <button type="button" className="warn" disabled={!confirmed} onClick={() => setStep(next(target))}>
          Continue
        </button>
      </>
    );
  } else if (step.kind === 'scope') {
    body = (
      <fieldset className="field">
        <legend>What to put in the zip</legend>
        <label>
          <input type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} /> The
          whole catalog (every file, edited ones as edited)
        </label>
        <label>
          <input
            type="radio"
            name="scope"
            checked={scope === 'changed'}
            onChange={() => setScope('changed')}
          />{' '}
          Only the changed files
        </label>
      </fieldset>
    );
    footer = (
      <>
        <FooterClose label="Cancel" onClose={close} />
        <button type="button" className="primary" onClick={() => void download()}>
          Download
        </button>
      </>
    );
  } else if (step.kind === 'checking' || step.kind === 'writing') {
    body = <p className="muted">{step.kind === 'checking' ? 'Checking the folder…' : 'Writing…'}</p>;
  } else if (step.kind === 'conflicts') {
    const cur = step.conflicts.find((c) => c.path === shown) ?? step.conflicts[0]!;
    const allChosen = step.conflicts.every((c) => choices[c.path]);
    body = (
      <>
        <p role="alert">
          <strong>{plural(step.conflicts.length, 'file')} changed on disk since it was loaded.</strong>{' '}
          Nothing has been written. Choose, for each, which version to keep.
        </p>
        <ul className="conflict-list">
          {step.conflicts.map((c) => (
            <ConflictRow
              key={c.path}
              id={c.path}
              path={c.path}
              reason={c.reason}
              selected={c.path === cur.path}
              choice={choices[c.path]}
              choices={['overwrite', 'disk']}
              onShow={() => setShown(c.path)}
              onChoose={(choice) => setChoices({ ...choices, [c.path]: choice })}
            />
          ))}
        </ul>
        <ConflictDiff conflict={cur} />
      </>
    );
    footer = (
      <ConflictFooter
        close={close}
        allChosen={allChosen}
        onContinue={() => void resolveConflicts(step.conflicts)}
      />
    );
  } else {
    const ok = step.failed.length === 0 && step.conflicts.length === 0;
    const total = step.written.length + step.failed.length + step.conflicts.length;
    body = (
      <div role={ok ? 'status' : 'alert'}>
        {step.written.length === 0 && ok ? (
          <p>Nothing to write: no file has changed.</p>
        ) : (
          <>
            <p>
              <strong>
                {ok
                  ? 'Done.'
                  : step.written.length === 0
                    ? 'Nothing was written.'
                    : `Not everything was written: ${step.written.length} of ${plural(total, 'file')}.`}
              </strong>
              {!ok &&
                ' Your edits are kept: the files not written still show as changed, and you can write them again.'}
            </p>
            <WriteOutcome written={step.written} failed={step.failed} conflicts={step.conflicts} />
          </>
        )}
      </div>
    );
    footer = (
      <>
        <span className="spacer" />
        {!ok && target === 'folder' && (
          <button type="button" onClick={writeAgain}>
            Write again
          </button>
        )}
        <button type="button" className="primary" onClick={close}>
          Close
        </button>
      </>
    );
  }
  return (
    <Modal
      title={title}
      onClose={close}
      wide={step.kind === 'conflicts'}
      className="write-dialog"
      footer={footer}
    >
      {body}
    </Modal>
  );
}

function next(target: 'folder' | 'zip'): Step {
  return target === 'folder' ? { kind: 'checking' } : { kind: 'scope' };
}
