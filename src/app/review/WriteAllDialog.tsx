import { useEffect, useState } from 'react';
import { describeWriteError } from '../../browser/write-errors';
import type {
  CatalogWriteCheck,
  CatalogWriteReport,
  ConflictChoice,
  WriteConflict,
} from '../../protocol/catalog-protocol';
import { FooterClose, Modal } from '../commands/Modal';
import { checkWriteAll, writeAllEdits } from '../editor/edit-client';
import { requestWriteAccess } from '../state/open-folder';
import { useRepository } from '../repository/repository-client';
import { useSummary } from '../state/store';
import { plural } from '../ui/Badges';
import { closeDialog, openDialog, showNotice } from '../ui/ui-store';
import {
  catalogTitle,
  ConflictDiff,
  ConflictFooter,
  ConflictRow,
  WriteOutcome,
  type Choice,
} from './write-parts';
import './review.css';

/** A conflict with the catalog it is in. */
type Conflict = WriteConflict & { catalog: string };

type Step =
  /** Waiting for the browser's answer to the write-permission request. */
  | { kind: 'access' }
  | { kind: 'denied' }
  | { kind: 'checking' }
  /** Catalogs that do not pass opm validate: written only once confirmed. */
  | { kind: 'gate'; checks: CatalogWriteCheck[] }
  | { kind: 'conflicts'; checks: CatalogWriteCheck[] }
  | { kind: 'writing' }
  | { kind: 'done'; reports: CatalogWriteReport[] }
  | { kind: 'failed'; error: string };

const key = (c: Conflict) => `${c.catalog}\n${c.path}`;
const conflictsOf = (checks: readonly CatalogWriteCheck[]): Conflict[] =>
  checks.flatMap((c) => c.conflicts.map((x) => ({ ...x, catalog: c.catalog })));

/**
 * "Write N catalogs": every catalog's pending edits written at once — a repository's other versions
 * edited with "Also apply to" as well as the one on screen — as VS Code's "Save All" does. The same
 * steps as writing one catalog (WriteDialog): write access, then the check of every catalog's files
 * against the disk, the validation gate for a catalog that does not pass, a choice for each file
 * changed on disk since it was read (overwrite, keep the disk's, or skip it: it stays pending), the
 * write, and per catalog what was and was not written.
 */
export default function WriteAllDialog({ access }: { access?: Promise<boolean> }) {
  const summary = useSummary();
  // The folder written to is the repository's, not the catalog shown ('repo/v4.20/catalog').
  const folder = useRepository().data?.name ?? summary?.name ?? 'the folder';
  const [step, setStep] = useState<Step>(access ? { kind: 'access' } : { kind: 'checking' });
  const [confirmed, setConfirmed] = useState(false);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [shown, setShown] = useState<string | undefined>();
  const close = closeDialog;

  useEffect(() => {
    let stale = false;
    void access?.then((ok) => !stale && setStep(ok ? { kind: 'checking' } : { kind: 'denied' }));
    return () => {
      stale = true;
    };
  }, [access]);

  // The conflicts open on the first choice to make. Elsewhere, a step's button that was clicked is
  // gone (or disabled) with its step: focus goes to the dialog, never to the page behind, so the
  // keyboard and Escape keep working.
  useEffect(() => {
    const dialog = document.querySelector<HTMLElement>('.write-all-dialog');
    const choice = dialog?.querySelector<HTMLElement>('.conflict-list input:not(:disabled)');
    const active = document.activeElement as HTMLButtonElement | null;
    if (step.kind === 'conflicts' && choice) choice.focus();
    else if (!active || active === document.body || active.disabled) dialog?.focus();
  }, [step.kind]);

  useEffect(() => {
    if (step.kind !== 'checking') return;
    let stale = false;
    void checkWriteAll().then(
      (checks) => {
        if (stale) return;
        setChoices({});
        setConfirmed(false);
        setStep(checks.some((c) => !c.passed) ? { kind: 'gate', checks } : afterGate(checks));
      },
      (e: unknown) => !stale && setStep({ kind: 'failed', error: describeWriteError(e) }),
    );
    return () => {
      stale = true;
    };
  }, [step.kind]);

  /** After the gate: the conflicts to decide, else the write. */
  function afterGate(checks: CatalogWriteCheck[]): Step {
    const conflicts = conflictsOf(checks);
    if (conflicts.length === 0) {
      void write([]);
      return { kind: 'writing' };
    }
    setShown(key(conflicts[0]!));
    return { kind: 'conflicts', checks };
  }

  /** Asks for write access again and starts over: only from a click (the prompt needs it). */
  function writeAgain() {
    setStep({ kind: 'access' });
    void requestWriteAccess().then((ok) => setStep(ok ? { kind: 'checking' } : { kind: 'denied' }));
  }

  async function write(resolved: ConflictChoice[]) {
    setStep({ kind: 'writing' });
    try {
      const r = await writeAllEdits(resolved);
      setStep({ kind: 'done', reports: r.catalogs });
      const files = r.catalogs.reduce((n, c) => n + c.written.length, 0);
      if (r.catalogs.every((c) => c.failed.length === 0 && c.conflicts.length === 0)) {
        showNotice({
          kind: 'ok',
          text: `Wrote ${plural(files, 'file')} in ${plural(r.catalogs.length, 'catalog')} to ${folder}.`,
        });
      }
      // The drafts of what was written are no longer unsaved work.
      void import('../drafts/draft-save').then((m) =>
        m.draftsWritten(
          r.catalogs.filter((c) => c.failed.length + c.conflicts.length === 0).map((c) => c.catalog),
        ),
      );
    } catch (e) {
      setStep({ kind: 'failed', error: describeWriteError(e) });
    }
  }

  function resolve(conflicts: Conflict[]) {
    const out: ConflictChoice[] = [];
    for (const c of conflicts) {
      const choice = choices[key(c)];
      if (choice === 'overwrite') out.push({ catalog: c.catalog, path: c.path, keep: 'mine' });
      else if (choice === 'disk') out.push({ catalog: c.catalog, path: c.path, keep: 'disk', disk: c.disk });
    }
    void write(out);
  }

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
          Try again and allow editing when the browser asks, or write each catalog&apos;s edits from Review.
        </p>
      </div>
    );
    footer = (
      <>
        <FooterClose label="Close" onClose={close} />
        <button type="button" className="primary" autoFocus onClick={writeAgain}>
          Try again
        </button>
      </>
    );
  } else if (step.kind === 'checking' || step.kind === 'writing') {
    body = <p className="muted">{step.kind === 'checking' ? 'Checking the folder…' : 'Writing…'}</p>;
  } else if (step.kind === 'gate') {
    const failing = step.checks.filter((c) => !c.passed);
    body = (
      <>
        <p>
          <strong>
            {failing.length === 1
              ? 'One of the edited catalogs does not pass opm validate.'
              : `${failing.length} of the edited catalogs do not pass opm validate.`}
          </strong>{' '}
          Writing now would put an invalid catalog in place.
        </p>
        <ul className="small">
          {failing.map((c) => (
            <li key={c.catalog}>
              {catalogTitle(c)}: {plural(c.errors, 'error')}
            </li>
          ))}
        </ul>
        <label className="confirm">
          <input
            type="checkbox"
            autoFocus
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
          />{' '}
          I understand: write {failing.length === 1 ? 'it' : 'them'} although invalid
        </label>
      </>
    );
    footer = (
      <>
        <FooterClose label="Cancel" onClose={close} />
        <button
          type="button"
          className="warn"
          disabled={!confirmed}
          onClick={() => setStep(afterGate(step.checks))}
        >
          Continue
        </button>
      </>
    );
  } else if (step.kind === 'conflicts') {
    const conflicts = conflictsOf(step.checks);
    const cur = conflicts.find((c) => key(c) === shown) ?? conflicts[0]!;
    const allChosen = conflicts.every((c) => choices[key(c)]);
    const inCatalogs = step.checks.filter((c) => c.conflicts.length > 0);
    body = (
      <>
        <p role="alert">
          <strong>
            {plural(conflicts.length, 'file')} changed on disk since{' '}
            {conflicts.length === 1 ? 'it was' : 'they were'} read.
          </strong>{' '}
          Nothing has been written. Choose, for each, which version to keep, or skip it: the other files are
          written, and a file skipped stays pending.
        </p>
        {inCatalogs.map((c) => (
          <section key={c.catalog} aria-label={`Changed on disk in ${catalogTitle(c)}`}>
            <h3 className="write-all-catalog">{catalogTitle(c)}</h3>
            <ul className="conflict-list">
              {c.conflicts.map((x) => {
                const k = key({ ...x, catalog: c.catalog });
                return (
                  <ConflictRow
                    key={k}
                    id={k}
                    path={x.path}
                    reason={x.reason}
                    selected={k === key(cur)}
                    choice={choices[k]}
                    choices={['overwrite', 'disk', 'skip']}
                    onShow={() => setShown(k)}
                    onChoose={(choice) => setChoices({ ...choices, [k]: choice })}
                  />
                );
              })}
            </ul>
          </section>
        ))}
        <ConflictDiff conflict={cur} />
      </>
    );
    footer = <ConflictFooter close={close} allChosen={allChosen} onContinue={() => resolve(conflicts)} />;
  } else if (step.kind === 'failed') {
    body = (
      <div role="alert">
        <p>
          <strong>Nothing was written.</strong> {step.error}. Your edits are kept.
        </p>
      </div>
    );
    footer = <Finish ok={false} onAgain={writeAgain} />;
  } else {
    const { reports } = step;
    const count = (f: (r: CatalogWriteReport) => number) => reports.reduce((n, r) => n + f(r), 0);
    const written = count((r) => r.written.length);
    const total = count((r) => r.written.length + r.failed.length + r.conflicts.length);
    const ok = written === total;
    body = (
      <div role={ok ? 'status' : 'alert'}>
        {total === 0 ? (
          <p>Nothing to write: no file has changed.</p>
        ) : (
          <>
            <p>
              <strong>
                {ok
                  ? `Done: ${plural(written, 'file')} written in ${plural(reports.length, 'catalog')}.`
                  : written === 0
                    ? 'Nothing was written.'
                    : `Not everything was written: ${written} of ${plural(total, 'file')}.`}
              </strong>
              {!ok &&
                ' Your edits are kept: the files not written still show as pending in their catalog, and you can write them again.'}
            </p>
            {reports.map((r) => (
              <section
                key={r.catalog}
                className="write-all-report"
                aria-label={`Written in ${catalogTitle(r)}`}
              >
                <h3 className="write-all-catalog">{catalogTitle(r)}</h3>
                <WriteOutcome written={r.written} failed={r.failed} conflicts={r.conflicts} Heading="h4" />
              </section>
            ))}
          </>
        )}
      </div>
    );
    footer = <Finish ok={ok} onAgain={writeAgain} />;
  }
  return (
    <Modal
      title="Write every catalog"
      onClose={close}
      wide={step.kind === 'conflicts'}
      className="write-dialog write-all-dialog"
      footer={footer}
    >
      {body}
    </Modal>
  );
}

/** The last step's buttons: Close, and after a failure, write again or go back to Review. */
function Finish({ ok, onAgain }: { ok: boolean; onAgain(): void }) {
  return (
    <>
      <span className="spacer" />
      {!ok && (
        <>
          <button type="button" onClick={() => openDialog({ kind: 'review' })}>
            Review
          </button>
          <button type="button" onClick={onAgain}>
            Write again
          </button>
        </>
      )}
      {/* Focus lands here once the report is up: the step that had it (Continue) is gone. */}
      <button type="button" className="primary" autoFocus onClick={closeDialog}>
        Close
      </button>
    </>
  );
}
