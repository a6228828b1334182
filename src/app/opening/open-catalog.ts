/**
 * Opening catalogs. Every path (demo, folder picker, recent folder, <input webkitdirectory>, drop)
 * ends in openSpec, which runs the load in the worker and keeps the previous catalog on screen
 * until the new one is ready (or the load is cancelled).
 *
 * One of the client modules (src/worker/client.ts): the open, progress and cancel requests of the
 * catalog protocol are sent from here only.
 */
import {
  ensurePermission,
  hasDirectoryPicker,
  listRecentFolders,
  pickDirectory,
  rememberFolder,
  type RecentFolder,
} from '../../browser/recent-folders';
import type { SourceSpec } from '../../browser/source-spec';
import { IDLE_PROGRESS } from '../../core/service/load-progress';
import type { LoadProgress } from '../../core/service/views';
import { catalogClient, isAbort, openInWorker } from '../../worker/client';
import { queryClient, repositoryKey } from '../state/queries';
import { onCatalogOpened } from '../drafts/drafts';
import { setOpenFolder } from '../state/open-folder';
import { currentView, navigate } from '../state/url';
import { showNotice } from '../ui/ui-store';
import {
  catalogLeaving,
  catalogOpened,
  loadProgressed,
  openCancelled,
  openFailed,
  openStarted,
  recentFoldersListed,
  showOpenError,
  showSummary,
  useApp,
} from '../state/store';

export function demoSpec(): SourceSpec {
  return { kind: 'demo', baseUrl: new URL(`${import.meta.env.BASE_URL}demo/`, location.origin).href };
}

/** Resolves in a task of its own (after the browser had the chance to render and paint). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Only the latest open may update the screen (a newer open cancels an older one in the worker). */
let latest = 0;
let opened: SourceSpec | undefined;
/** What was opened last (a repository's catalogs switch within it). */
export const openedSpec = () => opened;

export async function openSpec(spec: SourceSpec, label: string): Promise<boolean> {
  const mine = ++latest;
  openStarted(label, IDLE_PROGRESS);
  // Progress arrives from the worker often; repaint at most once per frame.
  let pending: LoadProgress | undefined;
  let frame = 0;
  const onProgress = (p: LoadProgress) => {
    pending = p;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (mine !== latest) return;
      if (pending) loadProgressed(pending);
    });
  };
  try {
    const { summary, repository } = await openInWorker(spec, onProgress);
    cancelAnimationFrame(frame);
    if (mine !== latest) return false;
    const replaced = opened !== undefined;
    if (replaced) {
      // Two tasks, each under the 50 ms a long task starts at: the previous catalog's views are
      // taken down first (its graph, its lists), under the load overlay, then the new one's are
      // built. In one task, the first open of a page (code not yet compiled) took 50–57 ms.
      queryClient.removeQueries();
      catalogLeaving();
      await nextTask();
    }
    // A newer open started meanwhile owns the overlay: show this catalog without ending its load.
    if (mine === latest) catalogOpened(summary);
    else showSummary(summary);
    setOpenFolder(spec.kind === 'handle' ? spec.handle : undefined);
    // (Again after the switch: the views asked for nothing while no catalog was shown, or kept the old one's.)
    queryClient.removeQueries();
    // A repository's view came with the open: the repository bar needs no second request.
    if (repository) queryClient.setQueryData(repositoryKey(summary.generation), repository);
    opened = spec;
    void onCatalogOpened(spec, summary.name, summary.catalog); // editing: reset, offer a kept draft
    void settleView(spec, summary.name, !!summary.catalog, replaced, mine, !!summary.beside);
    // The deferred bundle-object check: show the final verdict when it is in.
    if (summary.bundleObjects === 'checking') {
      void catalogClient()
        .whenBundleObjectsChecked()
        .then((done) => {
          const shown = useApp.getState().summary;
          // Never go back to an older generation (an edit made meanwhile is newer).
          if (mine === latest && done && (!shown || done.generation >= shown.generation)) showSummary(done);
        })
        .catch(() => undefined);
    }
    return true;
  } catch (e) {
    cancelAnimationFrame(frame);
    if (mine !== latest) return false;
    if (isAbort(e)) openCancelled();
    else openFailed(`Could not open ${label}: ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
}

/**
 * A catalog opened over another (a folder opened from a demo link): the package the link named is
 * usually not in it. Say so once and show the new catalog's packages, instead of a "not in this
 * catalog" page that looks like a fault of the catalog just opened. A link opened directly keeps
 * that page (nothing was replaced, so the link itself is what is wrong).
 */
async function leaveMissingPackage(catalog: string, mine: number, beside: boolean): Promise<void> {
  const { pkg } = currentView();
  if (!pkg) return;
  // A Crossplane package or Fleet bundle has no OLM packages: its own view, nothing to explain.
  if (beside) {
    navigate({}, { replace: true });
    return;
  }
  const list = await catalogClient().getPackageList();
  if (mine !== latest || currentView().pkg !== pkg || list.some((p) => p.name === pkg)) return;
  navigate({}, { replace: true });
  showNotice({ kind: 'info', text: `Package “${pkg}” is not in ${catalog}: showing its packages.` });
}

/**
 * The view once a catalog is open: a package the link named that this catalog lacks is left; with
 * no package named, the demo opens on its most telling graph and a one-package catalog on that
 * package (first-view.ts); a repository stays on its overview.
 */
async function settleView(
  spec: SourceSpec,
  catalog: string,
  inRepository: boolean,
  replaced: boolean,
  mine: number,
  beside: boolean,
): Promise<void> {
  // The previous catalog's first view, still on screen, was our choice, not the user's: start afresh.
  if (replaced && autoShown === location.search) navigate({}, { replace: true });
  else if (replaced) await leaveMissingPackage(catalog, mine, beside);
  autoShown = undefined;
  if (mine !== latest || currentView().pkg || inRepository || beside) return;
  // Loaded after the open (not part of the initial JS, whose budget is full).
  const [packages, { firstView }] = await Promise.all([
    catalogClient().getPackageList(),
    import('./first-view'),
  ]);
  const view = firstView({ demo: spec.kind === 'demo', inRepository, packages });
  if (!view || mine !== latest || currentView().pkg) return;
  navigate(view, { replace: true });
  autoShown = location.search;
}

/** The URL of the first view chosen for the catalog on screen, until the user moves. */
let autoShown: string | undefined;

export function cancelOpen(): void {
  void catalogClient().cancel();
}

export const openDemo = () => openSpec(demoSpec(), 'the demo catalog');

export async function openHandle(handle: FileSystemDirectoryHandle): Promise<void> {
  if (await openSpec({ kind: 'handle', handle }, handle.name)) {
    await rememberFolder(handle);
    await refreshRecent();
  }
}

/** The "Open folder" button. Returns false when the browser has no folder picker (use the input). */
export async function openFolderWithPicker(): Promise<boolean> {
  if (!hasDirectoryPicker()) return false;
  try {
    const handle = await pickDirectory();
    if (handle) await openHandle(handle);
  } catch (e) {
    showOpenError(`Could not open the folder: ${e instanceof Error ? e.message : String(e)}`);
  }
  return true;
}

export async function openRecent(recent: RecentFolder): Promise<void> {
  try {
    if (!(await ensurePermission(recent.handle, 'readwrite'))) {
      showOpenError(`Permission to read ${recent.name} was not granted.`);
      return;
    }
  } catch (e) {
    showOpenError(`Could not reopen ${recent.name}: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  await openHandle(recent.handle);
}

export async function openFileList(list: FileList): Promise<void> {
  // Copied first: the input is cleared right after this is called, which empties its FileList.
  const picked = Array.from(list);
  // Only an upload needs it: loaded then, outside the initial bundle.
  const { filesFromDirectoryInput } = await import('../../browser/files-source');
  const { name, files } = filesFromDirectoryInput(picked);
  if (files.length) await openSpec({ kind: 'files', name, files }, name);
}

export async function openDropped(spec: SourceSpec): Promise<void> {
  if (spec.kind === 'handle') {
    await openHandle(spec.handle);
  } else {
    await openSpec(spec, spec.kind === 'files' ? spec.name : 'the dropped folder');
  }
}

export async function refreshRecent(): Promise<void> {
  recentFoldersListed(await listRecentFolders());
}
