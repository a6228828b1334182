/**
 * Drafts: unsaved edits are written to IndexedDB as they happen (debounced), and offered back when
 * the same catalog is opened again (after a reload, a crash, or another day). Closing the tab with
 * unsaved edits asks first. The offer's state changes only through the named mutations below.
 */
import { create } from 'zustand';
import type { SourceSpec } from '../../browser/source-spec';
import { draftKey, listDrafts, type Draft } from '../../browser/write-drafts';
import { resetEdits, sinceKeystroke, useEdits } from '../editor/edit-store';

interface DraftState {
  /** A draft found for the catalog just opened, not yet restored or discarded. */
  offer?: Draft;
  /** Files of the offer whose loaded text is no longer what the draft was made from. */
  stale?: string[];
  /** When the current edits were last saved as a draft. */
  savedAt?: number;
}

export const useDrafts = create<DraftState>()(() => ({}));

const set = useDrafts.setState;
/** Another catalog is open: no offer yet, nothing saved. */
const draftsReset = () => set({ offer: undefined, stale: undefined, savedAt: undefined });
const draftOffered = (offer: Draft) => set({ offer });
/** The offer was restored, discarded, or replaced by another catalog's. */
export const offerClosed = () => set({ offer: undefined, stale: undefined });
export const draftSaved = () => set({ savedAt: Date.now() });
export const staleFilesFound = (stale: string[]) => set({ stale });

const SAVE_DELAY_MS = 400;

let current: { key: string; name: string; handle?: FileSystemDirectoryHandle } | undefined;
/** The catalog whose draft is kept now (draft-save.ts writes it). */
export const draftTarget = () => current;
let opening = 0;

/** Called once a catalog has been opened: resets editing and looks for a draft of it. */
export async function onCatalogOpened(spec: SourceSpec, name: string, catalog?: string): Promise<void> {
  const mine = ++opening;
  resetEdits();
  current = undefined;
  draftsReset();
  // A repository's catalogs each keep their own draft: `<folder key>#<catalog>`.
  const base = (await draftKey(spec)).split('#')[0] as string;
  const key = catalog ? `${base}#${catalog}` : base;
  if (mine !== opening) return;
  current = { key, name, handle: spec.kind === 'handle' ? spec.handle : undefined };
  const draft = (await listDrafts()).find((d) => d.key === key);
  if (mine !== opening) return;
  if (draft && draft.files.length > 0) draftOffered(draft);
}

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Saving, restoring and discarding load with the first edit (or the draft offer), not with the
 * first view: a catalog only looked at never needs them.
 */
const saving = () => import('./draft-save');
const save = () => saving().then((m) => m.save());

/** Starts saving drafts as edits happen. Returns the unsubscribe function. */
export function startDrafts(): () => void {
  const unsubscribe = useEdits.subscribe((s, prev) => {
    if (!s.edit || s.edit.revision === prev.edit?.revision) return;
    void saving().catch(() => undefined); // ready before a reload can ask for it
    clearTimeout(timer);
    // Not in the middle of typing: a draft of a large file is megabytes to copy.
    const later = () => {
      const wait = SAVE_DELAY_MS - sinceKeystroke();
      if (wait > 0) timer = setTimeout(later, wait);
      else void save().catch(() => undefined);
    };
    timer = setTimeout(later, SAVE_DELAY_MS);
  });
  const beforeUnload = (e: BeforeUnloadEvent) => {
    if ((useEdits.getState().edit?.dirty.length ?? 0) === 0) return;
    // Save now as well, in case the user leaves anyway.
    void save().catch(() => undefined);
    e.preventDefault();
    e.returnValue = '';
  };
  window.addEventListener('beforeunload', beforeUnload);
  return () => {
    unsubscribe();
    window.removeEventListener('beforeunload', beforeUnload);
  };
}
