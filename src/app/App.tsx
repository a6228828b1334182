import { useEffect } from 'react';
import { hasDirectoryPicker } from '../browser/recent-folders';
import { DropTarget } from './components/DropTarget';
import { Header } from './components/Header';
import { LoadOverlay } from './components/LoadOverlay';
import { Overview } from './components/Overview';
import { PackageList } from './components/PackageList';
import { PackageView } from './components/PackageView';
import { ProblemsPanel } from './components/ProblemsPanel';
import { openDemo, refreshRecent } from './state/actions';
import { followSystemTheme, useApp } from './state/store';
import { useView } from './state/url';

export function App() {
  const view = useView();
  const summary = useApp((s) => s.summary);
  const openError = useApp((s) => s.openError);
  const set = useApp((s) => s.set);

  useEffect(() => {
    // First start: no folder chosen yet, so show the demo catalog.
    void openDemo();
    void refreshRecent();
  }, []);
  useEffect(() => followSystemTheme(), []);

  return (
    <div className="app">
      <Header />
      {openError && (
        <div className="banner banner-error" role="alert">
          {openError}
          <button type="button" className="link" onClick={() => set({ openError: undefined })}>
            Dismiss
          </button>
        </div>
      )}
      {summary?.readOnly && summary.kind === 'files' && (
        <div className="banner" role="note">
          {summary.name} is open read-only
          {hasDirectoryPicker()
            ? ' (uploaded, not opened with Open folder)'
            : ': this browser cannot write to folders'}
          . Saving will download files instead.
        </div>
      )}
      <div className="workspace">
        <PackageList />
        <main className="centre" aria-label={view.pkg ? `Package ${view.pkg}` : 'Catalog overview'}>
          {summary && (view.pkg ? <PackageView key={view.pkg} name={view.pkg} /> : <Overview />)}
          <LoadOverlay />
        </main>
      </div>
      <ProblemsPanel />
      <DropTarget />
    </div>
  );
}
