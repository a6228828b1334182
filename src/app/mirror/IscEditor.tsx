/**
 * The ImageSetConfiguration in Monaco, with the ISC JSON Schema (monaco-setup.ts attaches it to
 * files named as oc-mirror's documentation names them, so this model is one): completion, hover and
 * markers on keys oc-mirror refuses. Its own small editor, not the dock's: the ISC is not a file of
 * the catalog and has no place in the edit history. Text set from outside (the suggestion applied)
 * goes in as one edit, so Ctrl+Z takes it back.
 */
import type { editor as MonacoEditorNs } from 'monaco-editor/editor';
import { useEffect, useRef } from 'react';
import { monaco, monacoTheme } from '../editor/monaco-setup';

/** The model's name: one of the ISC file names the schema is attached to. */
export const ISC_URI = 'file:///fbc-studio-mirror-plan/imageset-config.yaml';

declare global {
  interface Window {
    /** The Mirror plan's ISC editor (automation only). */
    __fbcIscEditor?: MonacoEditorNs.IStandaloneCodeEditor;
  }
}

/** Escape leaves only when Monaco has nothing open of its own (as in the editor dock). */
const ESCAPE_LEAVES = '!suggestWidgetVisible && !findWidgetVisible && !editorHoverVisible && !inSnippetMode';

export function IscEditor(props: {
  value: string;
  onChange(text: string): void;
  theme: 'light' | 'dark';
  /** Where Escape (and Tab, in tab-focus mode) sends the focus. */
  leave(): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<MonacoEditorNs.IStandaloneCodeEditor | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const leave = useRef(props.leave);
  leave.current = props.leave;

  useEffect(() => {
    const uri = monaco.Uri.parse(ISC_URI);
    monaco.editor.getModel(uri)?.dispose();
    const model = monaco.editor.createModel(props.value, 'yaml', uri);
    const ed = monaco.editor.create(host.current!, {
      model,
      automaticLayout: true,
      ariaLabel:
        'ImageSetConfiguration editor. Tab indents; Ctrl+M makes Tab move focus; Escape leaves the editor.',
      minimap: { enabled: false },
      fontSize: 13,
      lineNumbers: 'on',
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      tabSize: 2,
      inlineSuggest: { enabled: false },
    });
    editorRef.current = ed;
    if (navigator.webdriver) window.__fbcIscEditor = ed;
    ed.addCommand(monaco.KeyCode.Escape, () => leave.current(), ESCAPE_LEAVES);
    // Opened to type in: the focus starts here (its label says how to leave).
    ed.focus();
    const sub = model.onDidChangeContent(() => onChange.current(model.getValue()));
    return () => {
      sub.dispose();
      ed.dispose();
      model.dispose();
      editorRef.current = null;
      if (window.__fbcIscEditor === ed) delete window.__fbcIscEditor;
    };
    // Created once; later values arrive through the effect below.
  }, []);

  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model || model.getValue() === props.value) return;
    ed.pushUndoStop();
    ed.executeEdits('mirror-plan', [{ range: model.getFullModelRange(), text: props.value }]);
    ed.pushUndoStop();
  }, [props.value]);

  useEffect(() => {
    monaco.editor.setTheme(monacoTheme(props.theme));
  }, [props.theme]);

  return <div ref={host} className="mirror-isc-editor" data-testid="isc-editor" />;
}
