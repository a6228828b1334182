/**
 * The editor dock: Monaco with one tab per open catalog file. Loaded lazily (React.lazy) with
 * Monaco itself. Typing is sent to the worker as Monaco's own change deltas, debounced; the
 * worker re-validates and the graph, table and problems follow. Undo/redo in the editor go to
 * the shared history (typing and actions alike), never to Monaco's own stack.
 *
 * This component composes the dock's parts, each in its own file: the editor instance
 * (use-monaco-editor.ts), the tabs' models and typing (use-tab-models.ts, editor-models.ts), the
 * file shown (use-active-tab.ts), markers and quick fixes (use-editor-markers.ts, markers.ts,
 * quick-fixes.ts), the tab strip and the status line (EditorTabs.tsx, EditorStatus.tsx).
 */
import { useRef, useState } from 'react';
import { useApp } from '../state/store';
import { useFiles } from './files';
import { useEdits } from './edit-store';
import { EditorStatus } from './EditorStatus';
import { EditorTabs } from './EditorTabs';
import { languageOf } from './monaco-setup';
import { useActiveTab } from './use-active-tab';
import { REPO_CONFIG_FILE } from '../../core/repo-config/types';
import { useEditorMarkers } from './use-editor-markers';
import { useMonacoEditor } from './use-monaco-editor';
import { useTabModels } from './use-tab-models';
import './editor.css';

export default function EditorDock() {
  const tabs = useEdits((s) => s.tabs);
  const active = useEdits((s) => s.active);
  const dirty = useEdits((s) => s.edit?.dirty);
  const theme = useApp((s) => s.theme);
  const files = useFiles();
  const hostRef = useRef<HTMLDivElement>(null);
  // Bumped when the editor or a model is created: the hooks below then run again.
  const [ready, setReady] = useState(0);
  const bump = () => setReady((n) => n + 1);

  const { editor, cursor, tabMovesFocus, toggleTabMovesFocus } = useMonacoEditor(hostRef, theme, bump);
  const { readOnly, missing } = useTabModels(tabs, files.data, ready, bump);
  useActiveTab(editor, active, readOnly, ready);
  useEditorMarkers(ready);

  const dirtySet = new Set((dirty ?? []).map((d) => d.path));
  const activeInfo = files.data?.find((f) => f.path === active);
  const lang = active ? languageOf(active, activeInfo?.format ?? 'yaml', activeInfo?.blobs ?? 1) : '';

  return (
    <section className="editor-dock" aria-label="Editor">
      <EditorTabs tabs={tabs} active={active} dirty={dirtySet} />
      {active && (
        <div className="editor-path mono small" aria-label="File path">
          {active}
        </div>
      )}
      <div ref={hostRef} className="editor-host" data-testid="monaco-host" />
      {tabs.length === 0 && (
        <p className="editor-empty muted">
          Open a file from the Files list, a graph node’s menu (right-click), a problem (double-click), a
          bundle’s details, or the command palette (Ctrl+K).
        </p>
      )}
      {missing && <p className="error-text small pad">{missing} is no longer in the catalog.</p>}
      {active && readOnly.current.has(active) && (
        <p className="warning-box small" role="note">
          This file mixes line endings or starts with a byte-order mark, which the editor would rewrite: it is
          read-only here. One-click actions still edit it byte for byte.
        </p>
      )}
      <EditorStatus
        line={cursor.line}
        column={cursor.column}
        language={active === REPO_CONFIG_FILE ? REPO_CONFIG_FILE : lang}
        tabMovesFocus={tabMovesFocus}
        onToggleTab={toggleTabMovesFocus}
      />
    </section>
  );
}
