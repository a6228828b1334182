import { useEffect } from 'react';
import { hasDirectoryPicker } from '../browser/recent-folders';
import { DropTarget } from './components/DropTarget';
import { Header } from './components/Header';
import { LoadOverlay } from './components/LoadOverlay';
import { CompareView, DraftBanner, EditOverlays, EditorDock, Overview } from './ui/lazy-parts';
import { useCompare } from './compare/compare-store';
import { PackageList } from './components/PackageList';
import { PackageView } from './components/PackageView';
import { ProblemsPanel } from './components/ProblemsPanel';
import { refreshRecent } from './opening/open-catalog';
import { openAtStart, servedFolder } from './server/start';
import { dismissOpenError, followSystemTheme, useApp, useSummary } from './state/store';
import { useView } from './state/url';
// --- Editing ---
import { lazy, Suspense } from 'react';
import { startDrafts, useDrafts } from './drafts/drafts';
import { useEdits } from './editor/edit-store';
import { useUi } from './ui/ui-store';
import { FileTree } from './editor/FileTree';
import { useEditShortcuts } from './editor/use-edit-shortcuts';
import { ErrorBoundary } from './ui/ErrorBoundary';
// --- End of editing ---
// Benchmarks and tests: window.__fbcStudio under automation only (see the file).
import './state/perf-hook';
import { restoreSizes } from './layout/panel-sizes';
import { TourOffer } from './help/TourOffer';

restoreSizes(['problems-height', 'entries-height']);

// The reload offer of a folder served by `fbc-studio open` (absent from a static hosting).
const ReloadBanner = servedFolder() ? lazy(() => import('./server/ReloadBanner')) : undefined;

export function App() {
  const view = useView();
  const summary = useSummary();
  const openError = useApp((s) => s.openError);

  useEffect(() => {
    // First start: the folder `fbc-studio open` serves, else (no folder chosen yet) the demo catalog.
    void openAtStart();
    void refreshRecent();
  }, []);
  useEffect(() => followSystemTheme(), []);
  // --- Editing: drafts, shortcuts, the editor dock ---
  useEffect(() => startDrafts(), []);
  useEditShortcuts();
  const editorOpen = useEdits((s) => s.editorOpen);
  const draftOffer = useDrafts((s) => !!s.offer);
  const overlays = useUi((s) => !!(s.dialog || s.menu || s.notice));
  // --- End of editing ---
  const comparing = useCompare((s) => s.open);

  return (
    <div className="app">
      <Header />
      {openError && (
        <div className="banner banner-error" role="alert">
          {openError}
          <button type="button" className="link" onClick={dismissOpenError}>
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
      {ReloadBanner && (
        <Suspense fallback={null}>
          <ReloadBanner />
        </Suspense>
      )}
      {draftOffer && (
        <Suspense fallback={null}>
          <DraftBanner />
        </Suspense>
      )}
      <div className={`workspace${editorOpen ? ' with-editor' : ''}`}>
        <div className="sidebar">
          {/* A Crossplane package or Fleet bundle has no OLM packages: only its files. */}
          {!summary?.beside && <PackageList />}
          <FileTree />
          {/* First run: the tour offer sits in the sidebar, in the flow, covering nothing. */}
          <TourOffer />
        </div>
        <main
          className="centre"
          aria-label={
            view.pkg
              ? `Package ${view.pkg}`
              : summary?.beside === 'crossplane'
                ? 'Crossplane package'
                : summary?.beside === 'fleet'
                  ? 'Fleet bundle'
                  : 'Catalog overview'
          }
        >
          {summary &&
            (view.pkg ? (
              <PackageView key={view.pkg} name={view.pkg} />
            ) : (
              <Suspense fallback={null}>
                <Overview />
              </Suspense>
            ))}
          <LoadOverlay />
        </main>
        {editorOpen && (
          <ErrorBoundary what="the editor">
            <Suspense fallback={<section className="editor-dock muted pad">Loading the editor…</section>}>
              <EditorDock />
            </Suspense>
          </ErrorBoundary>
        )}
      </div>
      <ProblemsPanel />
      <DropTarget />
      {comparing && (
        <ErrorBoundary what="the Compare view">
          <Suspense fallback={null}>
            <CompareView />
          </Suspense>
        </ErrorBoundary>
      )}
      {overlays && (
        <Suspense fallback={null}>
          <EditOverlays />
        </Suspense>
      )}
    </div>
  );
}
