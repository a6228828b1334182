import { canWriteBack } from '../state/can-write';
import { useSummary } from '../state/store';
import './shell.css';
import { editClient, startFolderWrite, toggleEditor, useEdits, warmEditing } from './edit-store';
import { openDialog } from '../ui/ui-store';

/** Header controls for editing: undo/redo, the palette, the editor, review and write-back. */
export function EditToolbar() {
  const edit = useEdits((s) => s.edit);
  const editorOpen = useEdits((s) => s.editorOpen);
  const summary = useSummary();
  if (!summary) return null;
  const changed = edit?.dirty.length ?? 0;
  const writable = canWriteBack(summary);
  return (
    <div
      className="edit-toolbar"
      role="toolbar"
      aria-label="Editing"
      onPointerEnter={warmEditing}
      onFocus={warmEditing}
    >
      <button
        type="button"
        className="icon-button"
        aria-label={edit?.undoLabel ? `Undo ${edit.undoLabel}` : 'Undo'}
        title={edit?.undoLabel ? `Undo ${edit.undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'}
        disabled={!edit?.canUndo}
        onClick={() => void editClient().then((m) => m.undo())}
      >
        <span aria-hidden="true">↶</span>
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={edit?.redoLabel ? `Redo ${edit.redoLabel}` : 'Redo'}
        title={edit?.redoLabel ? `Redo ${edit.redoLabel} (Ctrl+Shift+Z)` : 'Redo (Ctrl+Shift+Z)'}
        disabled={!edit?.canRedo}
        onClick={() => void editClient().then((m) => m.redo())}
      >
        <span aria-hidden="true">↷</span>
      </button>
      <button
        type="button"
        title="Actions and commands (Ctrl+K)"
        onClick={() => openDialog({ kind: 'palette' })}
      >
        Actions
      </button>
      <button
        type="button"
        aria-pressed={editorOpen}
        title="Show the catalog files in the editor"
        onClick={toggleEditor}
      >
        Editor
      </button>
      <button
        type="button"
        disabled={changed === 0}
        onClick={() => openDialog({ kind: 'review' })}
        title="Side-by-side diff of every changed file"
      >
        <span className="visually-hidden">Review changes</span>
        <span aria-hidden="true">Review</span>
        {changed > 0 && <span className="count-badge">{changed}</span>}
      </button>
      {writable ? (
        <button
          type="button"
          className="save"
          aria-label="Write to folder"
          title="Write the changed files to the folder"
          disabled={changed === 0}
          onClick={startFolderWrite}
        >
          Write
        </button>
      ) : null}
      <button
        type="button"
        className={writable ? 'subtle' : 'save'}
        aria-label={writable ? 'Download as .zip' : undefined}
        onClick={() => openDialog({ kind: 'write', target: 'zip' })}
        title="Download the catalog, or only the changed files, as a .zip"
      >
        {writable ? '.zip' : 'Download .zip'}
      </button>
    </div>
  );
}
