import { useEffect } from 'react';
import { editClient, openDialog, useEdits } from './edit-store';

/**
 * Ctrl+K opens the command palette anywhere; Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) undo and redo the
 * shared history outside text fields (inside the editor, Monaco routes them to the same history).
 */
export function useEditShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest?.('.monaco-editor')) return;
      const key = e.key.toLowerCase();
      if (key === 'k') {
        e.preventDefault();
        openDialog({ kind: 'palette' });
        return;
      }
      const typing = !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable);
      if (typing || useEdits.getState().dialog) return;
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
