import { Suspense, useRef, useState } from 'react';
import type { MouseEvent as ReactMouseEvent } from 'react';
import { RepositoryBar } from '../ui/lazy-parts';
import { hasDirectoryPicker } from '../../browser/recent-folders';
import { openDemo, openFileList, openFolderWithPicker, openRecent } from '../opening/open-catalog';
import { setTheme, useApp, useSummary } from '../state/store';
import { navigate } from '../state/url';
import { EditToolbar } from '../editor/EditToolbar';
import { openDialog } from '../ui/ui-store';
import { useDismiss } from '../ui/use-dismiss';
import { openCompare } from '../compare/compare-store';

export function Header() {
  const summary = useSummary();
  const recent = useApp((s) => s.recent);
  const theme = useApp((s) => s.theme);
  const loading = useApp((s) => !!s.loading);
  const inputRef = useRef<HTMLInputElement>(null);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const canPick = hasDirectoryPicker();
  // Narrow windows: upload, recent folders and Demo fold into a "More" menu (styles.css).
  const [more, setMore] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);

  useDismiss(menuRef); // the recent-folders menu closes like a native menu

  const openFolder = async () => {
    if (!(await openFolderWithPicker())) inputRef.current?.click();
  };

  return (
    <>
      <header className="app-header">
        {/* The first Tab stop: past the header, the package list and the tabs, straight to the graph. */}
        <a className="skip-link" href="#main" onClick={skipToGraph}>
          Skip to the graph
        </a>
        <a
          className="brand"
          href="./"
          onClick={(e) => {
            e.preventDefault();
            navigate({});
          }}
        >
          <img src="favicon.svg" alt="" width={22} height={22} />
          <span>FBC Studio</span>
        </a>
        {summary && (
          <span
            className="catalog-name"
            title={summary.kind === 'demo' ? 'The embedded demo catalog' : summary.name}
          >
            {summary.kind === 'demo' ? 'Demo catalog' : summary.name}
            {summary.readOnly && summary.kind !== 'demo' && <span className="tag">read-only</span>}
          </span>
        )}
        <EditToolbar />
        <span className="spacer" />
        {/* Compare stays in the header at every width; the rest folds into "More" on laptops. */}
        {summary && summary.kind !== 'demo' && !summary.beside && (
          <button type="button" className="subtle" onClick={openCompare} disabled={loading}>
            Compare…
          </button>
        )}
        <button type="button" className="primary" onClick={() => void openFolder()} disabled={loading}>
          Open folder
        </button>
        <button
          ref={moreButton}
          type="button"
          className="header-more"
          aria-expanded={more}
          aria-controls="header-extra"
          onClick={() => setMore(!more)}
        >
          More
        </button>
        <div
          id="header-extra"
          className={`header-extra${more ? ' open' : ''}`}
          onClick={(e) => (e.target as HTMLElement).closest('button') && setMore(false)}
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || !more) return;
            setMore(false);
            moreButton.current?.focus();
          }}
        >
          {/* Read-only fallback (Firefox, Safari), and a second way in for every browser. */}
          <label className={`button${canPick ? ' subtle' : ''}`}>
            {canPick ? 'Upload folder (read-only)' : 'Choose folder (read-only)'}
            <input
              ref={inputRef}
              className="visually-hidden"
              type="file"
              data-testid="folder-input"
              multiple
              {...{ webkitdirectory: '', directory: '' }}
              onChange={(e) => {
                const files = e.currentTarget.files;
                if (files?.length) void openFileList(files);
                e.currentTarget.value = '';
              }}
            />
          </label>
          {recent.length > 0 && (
            <details className="menu" ref={menuRef}>
              <summary>Recent folders</summary>
              <ul role="list" aria-label="Recent folders">
                {recent.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      onClick={(e) => {
                        (e.currentTarget.closest('details') as HTMLDetailsElement | null)?.removeAttribute(
                          'open',
                        );
                        void openRecent(r);
                      }}
                    >
                      {r.name}
                      <span className="muted small"> · {new Date(r.openedAt).toLocaleDateString()}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </details>
          )}
          {summary && !summary.beside && (
            <button type="button" className="subtle" onClick={() => openDialog({ kind: 'mirror' })}>
              Mirror plan…
            </button>
          )}
          {summary && summary.kind !== 'demo' && !summary.beside && (
            <button type="button" className="subtle" onClick={() => void openDemo()} disabled={loading}>
              Demo
            </button>
          )}
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label="Keyboard shortcuts and tour"
          title="Keyboard shortcuts and tour (?)"
          onClick={() => openDialog({ kind: 'help' })}
        >
          <span aria-hidden="true">?</span>
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
        </button>
      </header>
      {/* A repository: its catalogs, one per OpenShift version, on a row of their own. */}
      {summary?.catalog && (
        <Suspense fallback={null}>
          <RepositoryBar />
        </Suspense>
      )}
    </>
  );
}

/** Focus the graph (arrow keys move through it), or the centre pane when no graph is drawn. */
function skipToGraph(e: ReactMouseEvent): void {
  e.preventDefault();
  const el = document.querySelector<HTMLElement>('.fbc-graph-canvas') ?? document.querySelector('main');
  el?.setAttribute('tabindex', el.getAttribute('tabindex') ?? '-1');
  el?.focus();
}
