import { Suspense, useEffect } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { dismissNotice, useUi } from '../ui/ui-store';
import {
  ActionDialog,
  AddBundleDialog,
  ClusterExtensionPanel,
  CommandPalette,
  ContextMenu,
  HelpSheet,
  MirrorPlanPanel,
  ReviewDialog,
  Tour,
  WriteAllDialog,
  WriteDialog,
} from '../ui/lazy-parts';

/** The dialog in front (palette, action picker, review, write), the context menu and the notice. */
export function EditOverlays() {
  const dialog = useUi((s) => s.dialog);
  const notice = useUi((s) => s.notice);
  const menu = useUi((s) => !!s.menu);

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
          {dialog?.kind === 'olmv1' && <ClusterExtensionPanel />}
          {dialog?.kind === 'mirror' && <MirrorPlanPanel />}
          {dialog?.kind === 'write' && (
            <WriteDialog key={dialog.target} target={dialog.target} access={dialog.access} />
          )}
          {dialog?.kind === 'writeAll' && <WriteAllDialog access={dialog.access} />}
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
