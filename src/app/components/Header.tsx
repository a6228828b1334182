import { Suspense, useRef } from 'react';
import { RepositoryBar } from './lazy-parts';
import { hasDirectoryPicker } from '../../browser/recent-folders';
import { openDemo, openFileList, openFolderWithPicker, openRecent } from '../state/actions';
import { setTheme, useApp, useSummary } from '../state/store';
import { navigate } from '../state/url';
import { EditToolbar } from '../editor/EditToolbar';
import { useDismiss } from './use-dismiss';

export function Header() {
  const summary = useSummary();
  const recent = useApp((s) => s.recent);
  const theme = useApp((s) => s.theme);
  const loading = useApp((s) => !!s.loading);
  const inputRef = useRef<HTMLInputElement>(null);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const moreRef = useRef<HTMLDetailsElement>(null);
  const canPick = hasDirectoryPicker();

  useDismiss(menuRef); // the recent-folders menu closes like a native menu
  useDismiss(moreRef);
  const closeMore = () => moreRef.current?.removeAttribute('open');
  const uploadLabel = canPick ? 'Upload folder (read-only)' : 'Choose folder (read-only)';
  const showDemo = !!summary && summary.kind !== 'demo';

  const openFolder = async () => {
    if (!(await openFolderWithPicker())) inputRef.current?.click();
  };

  return (
    <>
      <header className="app-header">
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
        <button type="button" className="primary" onClick={() => void openFolder()} disabled={loading}>
          Open folder
        </button>
        {/* Read-only fallback (Firefox, Safari), and a second way in for every browser. */}
        <label className={`button header-wide${canPick ? ' subtle' : ''}`}>
          {uploadLabel}
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
          <details className="menu header-wide" ref={menuRef}>
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
        {showDemo && (
          <button
            type="button"
            className="subtle header-wide"
            onClick={() => void openDemo()}
            disabled={loading}
          >
            Demo
          </button>
        )}
        {/* Narrow windows: the controls above that do not fit move into this menu (styles.css). */}
        <details className="menu header-more" ref={moreRef}>
          <summary aria-label="More: upload a folder, recent folders, demo">More</summary>
          <ul role="list" aria-label="More">
            <li>
              <button
                type="button"
                onClick={() => {
                  closeMore();
                  inputRef.current?.click();
                }}
              >
                {uploadLabel}
              </button>
            </li>
            {recent.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  onClick={() => {
                    closeMore();
                    void openRecent(r);
                  }}
                >
                  Open recent: {r.name}
                </button>
              </li>
            ))}
            {showDemo && (
              <li>
                <button
                  type="button"
                  disabled={loading}
                  onClick={() => {
                    closeMore();
                    void openDemo();
                  }}
                >
                  Open the demo catalog
                </button>
              </li>
            )}
          </ul>
        </details>
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
