import { Suspense, useEffect } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { dismissNotice, useEdits } from './edit-store';
import {
  ActionDialog,
  AddBundleDialog,
  CommandPalette,
  ContextMenu,
  HelpSheet,
  ReviewDialog,
  Tour,
  WriteDialog,
} from './lazy';

/** The dialog in front (palette, action picker, review, write), the context menu and the notice. */
export function EditOverlays() {
  const dialog = useEdits((s) => s.dialog);
  const notice = useEdits((s) => s.notice);
  const menu = useEdits((s) => !!s.menu);

  // A success notice fades; an error stays until dismissed.
  useEffect(() => {
    if (notice?.kind !== 'ok' && notice?.kind !== 'info') return;
    const t = setTimeout(dismissNotice, 6000);
    return () => clearTimeout(t);
  }, [notice]);

  return (
    <>
      <ErrorBoundary what="the dialog">
        <Suspense fallback={<div className="modal-backdrop" aria-busy="true" />}>
          {dialog?.kind === 'palette' && <CommandPalette />}
          {dialog?.kind === 'action' && (
            <ActionDialog key={JSON.stringify(dialog.request)} request={dialog.request} />
          )}
          {dialog?.kind === 'review' && <ReviewDialog initial={dialog.path} />}
          {dialog?.kind === 'addBundle' && <AddBundleDialog spec={dialog.spec} image={dialog.image} />}
          {dialog?.kind === 'help' && <HelpSheet />}
          {dialog?.kind === 'tour' && <Tour />}
          {dialog?.kind === 'write' && (
            <WriteDialog key={dialog.target} target={dialog.target} access={dialog.access} />
          )}
        </Suspense>
      </ErrorBoundary>
      {menu && (
        <Suspense fallback={null}>
          <ContextMenu />
        </Suspense>
      )}
      {notice && (
        <div className={`toast toast-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          <span>{notice.text}</span>
          <button type="button" className="link" onClick={dismissNotice}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}
