/**
 * What the two write dialogs (this catalog: WriteDialog; every catalog: WriteAllDialog) show alike:
 * a file changed on disk with the choice of which version to keep, and the account of what was and
 * was not written.
 */

import { FooterClose } from '../commands/Modal';
import { DiffView } from './DiffView';

/** How Review names a catalog: its OpenShift version and folder ('' is the folder opened, one catalog). */
export const catalogTitle = (c: { catalog: string; ocpVersion: string | null }) =>
  c.catalog === '' ? 'This catalog' : `${c.ocpVersion ? `OpenShift ${c.ocpVersion} · ` : ''}${c.catalog}`;

/** What to do with a file changed on disk since it was read. */
export type Choice = 'overwrite' | 'disk' | 'skip';

const CHOICE_TEXT: Record<Choice, string> = {
  overwrite: 'Overwrite the disk with my edits',
  disk: 'Keep the disk version (drop my edits to this file)',
  skip: 'Skip it for now (my edits stay pending)',
};

/** A conflict in the list: its path (showing it side by side when clicked), why, and the choice. */
export function ConflictRow({
  id,
  path,
  reason,
  selected,
  choice,
  choices,
  onShow,
  onChoose,
}: {
  /** Unique among the rows (the radio group's name). */
  id: string;
  path: string;
  reason: string;
  selected: boolean;
  choice: Choice | undefined;
  /** The choices offered, in order. */
  choices: readonly Choice[];
  onShow(): void;
  onChoose(c: Choice): void;
}) {
  // Bytes that are not UTF-8 would change if the edited text were written: never overwritten.
  const unsafe = reason.includes('UTF-8');
  return (
    <li className={selected ? 'selected' : ''}>
      <button type="button" className="link mono" onClick={onShow}>
        {path}
      </button>
      <span className="muted small"> — {reason}</span>
      <div className="conflict-choices" role="radiogroup" aria-label={`Resolve ${path}`}>
        {choices.map((c) => (
          <label key={c}>
            <input
              type="radio"
              name={`c-${id}`}
              checked={choice === c}
              disabled={c === 'overwrite' && unsafe}
              onChange={() => onChoose(c)}
            />{' '}
            {CHOICE_TEXT[c]}
          </label>
        ))}
      </div>
    </li>
  );
}

/** The files written, not written (and why), and not written because they changed on disk meanwhile. */
export function WriteOutcome({
  written,
  failed,
  conflicts,
  Heading = 'h3',
}: {
  written: readonly string[];
  failed: readonly { path: string; error: string }[];
  conflicts: readonly string[];
  Heading?: 'h3' | 'h4';
}) {
  return (
    <>
      {written.length > 0 && (
        <>
          <Heading>Written ({written.length})</Heading>
          <ul className="mono small">
            {written.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <>
          <Heading>Not written ({failed.length})</Heading>
          <ul className="small error-text">
            {failed.map((f) => (
              <li key={f.path}>
                <span className="mono">{f.path}</span> — {f.error}
              </li>
            ))}
          </ul>
        </>
      )}
      {conflicts.length > 0 && (
        <>
          <Heading>Not written: changed on disk meanwhile ({conflicts.length})</Heading>
          <ul className="mono small">
            {conflicts.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The conflict shown side by side: the disk's version against the edited one. */
export function ConflictDiff({
  conflict,
}: {
  conflict: { path: string; disk: string | null; edited: string | null };
}) {
  return (
    <DiffView
      path={conflict.path}
      original={conflict.disk}
      modified={conflict.edited}
      originalLabel={conflict.disk === null ? 'On disk: (deleted)' : 'On disk now'}
      modifiedLabel="Your edited version"
    />
  );
}

/** The conflicts step's footer: cancel writes nothing; Continue once every conflict has a choice. */
export function ConflictFooter({
  close,
  allChosen,
  onContinue,
}: {
  close: () => void;
  allChosen: boolean;
  onContinue: () => void;
}) {
  return (
    <>
      <FooterClose label="Cancel (write nothing)" onClose={close} />
      <button type="button" className="primary" disabled={!allChosen} onClick={onContinue}>
        Continue
      </button>
    </>
  );
}
