/**
 * The dock's tab strip: one tab per open file (a dot when it changed since loaded), each closable,
 * and the button that closes the editor. Presentational: the tabs come from the edit store.
 *
 * A tablist may hold tabs only, so the close buttons are outside it in the document and placed
 * after their tab by CSS `order` (the tablist itself is `display: contents`, editor.css): screen
 * readers get a clean list of tabs, everyone sees each × beside its file.
 */
import { closeEditor, closeTab, showTab } from './edit-store';

export function EditorTabs(props: { tabs: readonly string[]; active?: string; dirty: ReadonlySet<string> }) {
  const name = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  return (
    <div className="editor-tabs">
      <div className="editor-tablist" role="tablist" aria-label="Open files">
        {props.tabs.map((path, i) => (
          <button
            key={path}
            type="button"
            role="tab"
            aria-selected={path === props.active}
            className={`editor-tab-name${path === props.active ? ' active' : ''}`}
            style={{ order: 2 * i }}
            title={`${path} (Delete closes it)`}
            onClick={() => showTab(path)}
            onKeyDown={(e) => e.key === 'Delete' && closeTab(path)}
          >
            {name(path)}
            {props.dirty.has(path) && (
              <span className="dirty-dot" aria-label="changed" title="Changed since loaded">
                ●
              </span>
            )}
          </button>
        ))}
      </div>
      {props.tabs.map((path, i) => (
        <button
          key={path}
          type="button"
          className={`editor-tab-close${path === props.active ? ' active' : ''}`}
          style={{ order: 2 * i + 1 }}
          aria-label={`Close ${name(path)}`}
          onClick={() => closeTab(path)}
        >
          ×
        </button>
      ))}
      <span className="spacer" style={{ order: 2 * props.tabs.length }} />
      <button
        type="button"
        className="icon-button subtle"
        style={{ order: 2 * props.tabs.length + 1 }}
        aria-label="Close the editor"
        title="Close the editor"
        onClick={closeEditor}
      >
        ×
      </button>
    </div>
  );
}
