/**
 * Which file the one editor shows: switching tabs swaps the model, keeping each file's scroll and
 * cursor and choosing the options its size allows, and a location opened from elsewhere (a graph
 * node, a problem, the file tree, a bundle's details) is revealed and selected once. Separate from
 * the models (use-tab-models.ts): this is only about the view of them.
 */
import type { editor as MonacoEditorNs } from 'monaco-editor/editor';
import { useEffect, useRef, type RefObject } from 'react';
import { models } from './editor-models';
import { useEdits } from './edit-store';
import { monaco } from './monaco-setup';

type Editor = MonacoEditorNs.IStandaloneCodeEditor;

/**
 * Above this many characters, the whole-file passes Monaco runs on every change (link and colour
 * detection, unicode checks, word suggestions, occurrence highlights) are turned off: on a 2 MB
 * catalog they cost seconds of main thread per keystroke.
 */
const LARGE_FILE = 400_000;
const LARGE_FILE_OPTIONS: MonacoEditorNs.IEditorOptions = {
  links: false,
  colorDecorators: false,
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  quickSuggestions: false,
  unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false, nonBasicASCII: false },
  stickyScroll: { enabled: false },
  folding: false,
};
const SMALL_FILE_OPTIONS: MonacoEditorNs.IEditorOptions = {
  links: true,
  colorDecorators: true,
  occurrencesHighlight: 'singleFile',
  selectionHighlight: true,
  quickSuggestions: true,
  unicodeHighlight: {
    ambiguousCharacters: true,
    invisibleCharacters: true,
    nonBasicASCII: 'inUntrustedWorkspace',
  },
  stickyScroll: { enabled: true, defaultModel: 'indentationModel' },
  folding: true,
};

export function useActiveTab(
  editorRef: RefObject<Editor | null>,
  active: string | undefined,
  readOnly: RefObject<Set<string>>,
  ready: number,
): void {
  const reveal = useEdits((s) => s.reveal);
  const viewStates = useRef(new Map<string, MonacoEditorNs.ICodeEditorViewState | null>());

  // Show the active tab, keeping each file's scroll and cursor.
  useEffect(() => {
    const ed = editorRef.current;
    const model = active ? models.get(active) : undefined;
    if (!ed || !model || ed.getModel() === model) return;
    const prev = ed.getModel();
    if (prev) {
      const prevPath = [...models].find(([, m]) => m === prev)?.[0];
      if (prevPath) viewStates.current.set(prevPath, ed.saveViewState());
    }
    ed.setModel(model);
    ed.updateOptions({
      readOnly: !!active && readOnly.current.has(active),
      ...(model.getValueLength() > LARGE_FILE ? LARGE_FILE_OPTIONS : SMALL_FILE_OPTIONS),
    });
    const vs = active ? viewStates.current.get(active) : undefined;
    if (vs) ed.restoreViewState(vs);
  }, [active, ready]);

  // Reveal a location (opened from a node, a problem, the file tree, a bundle's details).
  const revealed = useRef(0);
  useEffect(() => {
    const ed = editorRef.current;
    if (!ed || !reveal || revealed.current === reveal.nonce) return;
    const model = models.get(reveal.path);
    if (!model || ed.getModel() !== model) return;
    revealed.current = reveal.nonce;
    const line = Math.min(reveal.line, model.getLineCount());
    const range =
      reveal.endLine !== undefined && reveal.endLine === reveal.line && reveal.endColumn
        ? new monaco.Range(line, reveal.column, line, reveal.endColumn)
        : new monaco.Range(line, reveal.column, line, reveal.column);
    ed.revealRangeInCenter(range);
    ed.setSelection(range);
    ed.focus();
  }, [reveal, ready, active]);
}
