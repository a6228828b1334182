/**
 * The dock's status line: cursor position, what the active file is checked as (its language and
 * schema), and the editor's main shortcuts.
 */
import { REPO_CONFIG_FILE } from '../../core/repo-config/types';
import { JSON_STREAM } from './monaco-setup';

const LANGUAGE_TEXT: Record<string, string> = {
  [JSON_STREAM]: 'JSON stream (FBC schema checked per blob)',
  yaml: 'YAML · FBC schema',
  json: 'JSON · FBC schema',
  // The repository configuration (src/core/repo-config): its own schema, edited in the editor only.
  [REPO_CONFIG_FILE]: 'YAML · repository configuration schema (not written back)',
};

export function EditorStatus(props: {
  line: number;
  column: number;
  language: string;
  tabMovesFocus: boolean;
  onToggleTab(): void;
}) {
  return (
    <div className="editor-status small muted" aria-live="off">
      <span>
        Ln {props.line}, Col {props.column}
      </span>
      <span>{LANGUAGE_TEXT[props.language] ?? props.language}</span>
      <span>Ctrl+Z undo · Ctrl+. quick fix · Ctrl+K actions · Esc leaves the editor</span>
      {/* What Tab does in the editor, said and switchable (Ctrl+M too): indent, or move focus on. */}
      <button
        type="button"
        className="link small"
        aria-pressed={props.tabMovesFocus}
        title="Ctrl+M switches what Tab does in the editor"
        onClick={props.onToggleTab}
      >
        Tab moves focus<span aria-hidden="true">: {props.tabMovesFocus ? 'on' : 'off'}</span>
      </button>
    </div>
  );
}
