import { useEffect, useRef, useState } from 'react';
import type { FileEdit } from '../../core/service/edit-types';
import { FooterClose, Modal } from '../commands/Modal';
import { listEdits, revertFile } from '../editor/edit-client';
import { openInEditor, startFolderWrite, useEdits } from '../editor/edit-store';
import { closeDialog, openDialog } from '../ui/ui-store';
import { canWriteBack } from '../state/can-write';
import { requestWriteAccess } from '../state/open-folder';
import { useSummary } from '../state/store';
import { DiffView, lineStats } from './DiffView';
import { PendingByCatalog, pendingCount, pendingElsewhere, usePending } from './PendingByCatalog';
import { ValidationStatus } from './ValidationStatus';

/** "Write N catalogs": every catalog's pending edits, write access asked for by the same click (the prompt needs it). */
const startWriteAll = () => openDialog({ kind: 'writeAll', access: requestWriteAccess() });

const STATUS = { modified: 'M', added: 'A', deleted: 'D' } as const;

/** "Review changes": every changed file, side by side with what was loaded, and the verdict on the result. */
export default function ReviewDialog({ initial }: { initial?: string }) {
  const revision = useEdits((s) => s.edit?.revision);
  const summary = useSummary();
  const [edits, setEdits] = useState<FileEdit[] | undefined>();
  const [selected, setSelected] = useState<string | undefined>(initial);
  const pending = usePending();
  // Edits pending in other catalogs too (a repository's "Also apply to"): one Write for them all.
  const across = pendingElsewhere(pending);

  useEffect(() => {
    let stale = false;
    void listEdits().then((list) => {
      if (stale) return;
      setEdits(list);
      setSelected((cur) => (cur && list.some((e) => e.path === cur) ? cur : list[0]?.path));
    });
    return () => {
      stale = true;
    };
    // Another of a repository's catalogs shown: its own files (its revision may be the same number).
  }, [revision, summary?.catalog]);

  // Focus opens on the changed files (the diff is what the dialog is for), once they are listed:
  // until then it waits on the first button, as every dialog's does.
  const list = useRef<HTMLUListElement>(null);
  const landed = useRef(false);
  useEffect(() => {
    const el = list.current;
    if (landed.current || !el) return;
    landed.current = true;
    if (el.closest('[role="dialog"]')?.contains(document.activeElement))
      el.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, [edits, selected]);

  const close = closeDialog;
  const current = edits?.find((e) => e.path === selected);
  const writable = canWriteBack(summary);

  return (
    <Modal
      title="Review changes"
      onClose={close}
      wide
      className="review-dialog"
      footer={
        <>
          {current && (
            <>
              <button type="button" onClick={() => void revertFile(current.path)}>
                Revert this file
              </button>
              {current.text !== null && (
                <button
                  type="button"
                  onClick={() => {
                    close();
                    openInEditor(current.path);
                  }}
                >
                  Open in editor
                </button>
              )}
            </>
          )}
          <FooterClose label="Close" onClose={close} />
          <button
            type="button"
            onClick={() => openDialog({ kind: 'write', target: 'zip' })}
            disabled={!edits?.length}
          >
            Download .zip…
          </button>
          {writable && (
            <button
              type="button"
              className={across ? undefined : 'primary'}
              disabled={!edits?.length}
              onClick={startFolderWrite}
            >
              {across ? 'Write this catalog…' : 'Write to folder…'}
            </button>
          )}
          {writable && across && pending && (
            <button type="button" className="primary" onClick={startWriteAll}>
              Write {pendingCount(pending)}…
            </button>
          )}
        </>
      }
    >
      <ValidationStatus />
      <PendingByCatalog pending={pending} writable={writable} />
      {!edits ? (
        <p className="muted">Loading changes…</p>
      ) : edits.length === 0 ? (
        <p className="muted">No changes in this catalog: every file is as it was loaded.</p>
      ) : (
        <div className="review-layout">
          <ul ref={list} className="review-files" role="listbox" aria-label="Changed files">
            {edits.map((e) => {
              const st = lineStats(e.original, e.text);
              const status = e.original === null ? 'added' : e.text === null ? 'deleted' : 'modified';
              return (
                <li
                  key={e.path}
                  role="option"
                  tabIndex={0}
                  aria-selected={e.path === selected}
                  className={e.path === selected ? 'selected' : ''}
                  onClick={() => setSelected(e.path)}
                  onKeyDown={(k) => {
                    if (k.key === 'Enter' || k.key === ' ') setSelected(e.path);
                  }}
                >
                  <span className={`file-status st-${status}`} title={status}>
                    {STATUS[status]}
                  </span>
                  <span className="mono review-path">{e.path}</span>
                  <span className="small">
                    <span className="added">+{st.added}</span> <span className="removed">−{st.removed}</span>
                  </span>
                </li>
              );
            })}
          </ul>
          {current && (
            <DiffView
              path={current.path}
              original={current.original}
              modified={current.text}
              originalLabel={current.original === null ? 'New file' : 'As loaded'}
              modifiedLabel={current.text === null ? 'Removed' : 'Edited'}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
