/**
 * The Monaco editor instance's lifecycle: created once on the dock's host element with the
 * editor's options and keyboard commands (undo/redo go to the shared history, Ctrl+K to the palette),
 * connected to the worker's mirror, disposed with its models on unmount, and themed with the app.
 * Separate from the dock so everything attached to the instance is detached in one place.
 */
import type { editor as MonacoEditorNs } from 'monaco-editor/editor';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { FileText } from '../../core/service/edit-types';
import { loadEditCore, redo, setMirror, undo } from './edit-client';
import { applyRemote, models } from './editor-models';
import { closeTab, editorReturnTarget } from './edit-store';
import { openDialog } from '../ui/ui-store';
import { monaco, monacoTheme } from './monaco-setup';
import { registerQuickFixes } from './quick-fixes';

export interface MonacoEditor {
  editor: RefObject<MonacoEditorNs.IStandaloneCodeEditor | null>;
  cursor: { line: number; column: number };
  /** Tab moves focus out of the editor instead of indenting (Monaco's tab focus mode, Ctrl+M). */
  tabMovesFocus: boolean;
  toggleTabMovesFocus(): void;
}

/**
 * Escape leaves the editor only when Monaco has nothing of its own to close with it (a suggestion
 * list, the find box, a hover, several cursors, a snippet, a peek view).
 */
const ESCAPE_LEAVES =
  '!suggestWidgetVisible && !findWidgetVisible && !parameterHintsVisible && !renameInputVisible && ' +
  '!inSnippetMode && !editorHasMultipleSelections && !markersNavigationVisible && !referenceSearchVisible && ' +
  '!inReferenceSearchEditor && !editorHoverVisible && !accessibilityHelpWidgetVisible';

/** Where Escape sends focus: back where the user came from, else the graph, else the Problems list. */
function leaveEditor(): void {
  const to =
    editorReturnTarget() ??
    document.querySelector<HTMLElement>('.fbc-graph-canvas') ??
    document.querySelector<HTMLElement>('.problem-list');
  to?.focus();
}

/** Calls `created` once the editor exists (the dock's other hooks run again then). */
export function useMonacoEditor(
  host: RefObject<HTMLDivElement | null>,
  theme: 'light' | 'dark',
  created: () => void,
): MonacoEditor {
  const editorRef = useRef<MonacoEditorNs.IStandaloneCodeEditor | null>(null);
  const [cursor, setCursor] = useState({ line: 1, column: 1 });
  const [tabMovesFocus, setTabMovesFocus] = useState(false);
  const toggleTabMovesFocus = () => {
    void editorRef.current?.getAction('editor.action.toggleTabFocusMode')?.run();
    setTabMovesFocus((on) => !on);
  };
  const toggleRef = useRef(toggleTabMovesFocus);
  toggleRef.current = toggleTabMovesFocus;
  const createdRef = useRef(created);
  createdRef.current = created;

  // Create the editor once; dispose it and its models on unmount.
  useEffect(() => {
    // Load the worker's edit core now, so the first keystroke does not wait for it.
    void loadEditCore().catch(() => undefined);
    registerQuickFixes();
    const ed = monaco.editor.create(host.current!, {
      automaticLayout: true,
      // Said when the editor takes focus: how to get out again with the keyboard.
      ariaLabel: 'Catalog file editor. Tab indents; Ctrl+M makes Tab move focus; Escape leaves the editor.',
      minimap: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      renderWhitespace: 'selection',
      tabSize: 2,
      model: null,
      lightbulb: { enabled: 'on' as never },
      // Nothing provides inline (ghost-text) completions; left on, Monaco still asks on every keystroke.
      inlineSuggest: { enabled: false },
      // The outline model (the default) re-parses every YAML document of the file on each change.
      stickyScroll: { enabled: true, defaultModel: 'indentationModel' },
    });
    editorRef.current = ed;
    if (navigator.webdriver) window.__fbcEditor = ed;
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyZ, () => void undo());
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyZ, () => void redo());
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyY, () => void redo());
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyK, () => openDialog({ kind: 'palette' }));
    ed.addCommand(monaco.KeyCode.Escape, leaveEditor, ESCAPE_LEAVES);
    // Ctrl+M (Monaco's own toggle) goes through the same switch, so the status bar says what Tab does.
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM, () => toggleRef.current());
    const cursorSub = ed.onDidChangeCursorPosition((e) =>
      setCursor({ line: e.position.lineNumber, column: e.position.column }),
    );
    setMirror((changes: readonly FileText[]) => {
      for (const c of changes) {
        const model = models.get(c.path);
        if (!model || model.isDisposed()) continue;
        if (c.text === null) {
          closeTab(c.path);
          continue;
        }
        applyRemote(model, c.text);
      }
    });
    createdRef.current();
    return () => {
      setMirror(undefined);
      cursorSub.dispose();
      ed.dispose();
      editorRef.current = null;
      for (const m of models.values()) m.dispose();
      models.clear();
    };
  }, []);

  useEffect(() => monaco.editor.setTheme(monacoTheme(theme)), [theme]);

  return { editor: editorRef, cursor, tabMovesFocus, toggleTabMovesFocus };
}
