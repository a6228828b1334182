import { useEffect } from 'react';
import { editClient } from './edit-store';
import { openDialog, useUi } from '../ui/ui-store';

/**
 * Ctrl+K opens the command palette anywhere; Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) undo and redo the
 * shared history outside text fields (inside the editor, Monaco routes them to the same history);
 * an action's own shortcut (its spec's `shortcut`, e.g. Alt+Shift+P) runs it on the selection.
 */
export function useEditShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t?.closest?.('.monaco-editor')) return;
      const typing = !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable);
      if (e.altKey && e.shiftKey && /^Key[A-Z]$/.test(e.code) && !typing && !useUi.getState().dialog) {
        void import('../commands/action-shortcut').then((m) => m.runActionShortcut(e));
        return;
      }
      // `?` opens the shortcuts sheet, unless typed into a field or taken by a list (Problems).
      if (e.key === '?' && !typing && !e.defaultPrevented && !e.ctrlKey && !useUi.getState().dialog) {
        openDialog({ kind: 'help' });
        return;
      }
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 'k') {
        e.preventDefault();
        openDialog({ kind: 'palette' });
        return;
      }
      if (typing || useUi.getState().dialog) return;
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        void editClient().then((m) => m.undo());
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        void editClient().then((m) => m.redo());
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
