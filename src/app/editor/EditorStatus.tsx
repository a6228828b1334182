/**
 * The dock's status line: cursor position, what the active file is checked as (its language and
 * schema), and the editor's main shortcuts.
 */
import { JSON_STREAM } from './monaco-setup';

const LANGUAGE_TEXT: Record<string, string> = {
  [JSON_STREAM]: 'JSON stream (FBC schema checked per blob)',
  yaml: 'YAML · FBC schema',
  json: 'JSON · FBC schema',
};

export function EditorStatus(props: { line: number; column: number; language: string }) {
  return (
    <div className="editor-status small muted" aria-live="off">
      <span>
        Ln {props.line}, Col {props.column}
      </span>
      <span>{LANGUAGE_TEXT[props.language] ?? props.language}</span>
      <span>Ctrl+Z undo · Ctrl+. quick fix · Ctrl+K actions</span>
    </div>
  );
}
