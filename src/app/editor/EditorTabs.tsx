/**
 * The dock's tab strip: one tab per open file (a dot when it changed since loaded), each closable,
 * and the button that closes the editor. Presentational: the tabs come from the edit store.
 */
import { closeEditor, closeTab, showTab } from './edit-store';

export function EditorTabs(props: { tabs: readonly string[]; active?: string; dirty: ReadonlySet<string> }) {
  return (
    <div className="editor-tabs" role="tablist" aria-label="Open files">
      {props.tabs.map((path) => {
        const name = path.slice(path.lastIndexOf('/') + 1);
        const isActive = path === props.active;
        return (
          <div key={path} className={`editor-tab${isActive ? ' active' : ''}`} title={path}>
            <button
              type="button"
              role="tab"
              aria-selected={isActive}
              className="editor-tab-name"
              onClick={() => showTab(path)}
            >
              {name}
              {props.dirty.has(path) && (
                <span className="dirty-dot" aria-label="changed" title="Changed since loaded">
                  ●
                </span>
              )}
            </button>
            <button
              type="button"
              className="editor-tab-close"
              aria-label={`Close ${name}`}
              onClick={() => closeTab(path)}
            >
              ×
            </button>
          </div>
        );
      })}
      <span className="spacer" />
      <button
        type="button"
        className="icon-button subtle"
        aria-label="Close the editor"
        title="Close the editor"
        onClick={closeEditor}
      >
        ×
      </button>
    </div>
  );
}
