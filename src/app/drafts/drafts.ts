/**
 * Drafts: unsaved edits are written to IndexedDB as they happen (debounced), and offered back when
 * the same catalog is opened again (after a reload, a crash, or another day). Closing the tab with
 * unsaved edits asks first.
 */
import { create } from 'zustand';
import type { SourceSpec } from '../../browser/source-spec';
import { deleteDraft, draftKey, listDrafts, putDraft, type Draft } from '../../browser/write-drafts';
import { catalogClient } from '../../worker/client';
import { editClient, resetEdits, sinceKeystroke, useEdits } from '../editor/edit-store';

interface DraftState {
  /** A draft found for the catalog just opened, not yet restored or discarded. */
  offer?: Draft;
  /** Files of the offer whose loaded text is no longer what the draft was made from. */
  stale?: string[];
  /** When the current edits were last saved as a draft. */
  savedAt?: number;
  set: (patch: Partial<Omit<DraftState, 'set'>>) => void;
}

export const useDrafts = create<DraftState>()((set) => ({ set: (patch) => set(patch) }));

const SAVE_DELAY_MS = 400;

let current: { key: string; name: string; handle?: FileSystemDirectoryHandle } | undefined;
let opening = 0;

/** Called once a catalog has been opened: resets editing and looks for a draft of it. */
export async function onCatalogOpened(spec: SourceSpec, name: string): Promise<void> {
  const mine = ++opening;
  resetEdits();
  current = undefined;
  useDrafts.getState().set({ offer: undefined, stale: undefined, savedAt: undefined });
  const key = await draftKey(
    spec.kind === 'handle'
      ? spec
      : spec.kind === 'files'
        ? { kind: 'files', name: spec.name }
        : { kind: 'demo' },
  );
  if (mine !== opening) return;
  current = { key, name, handle: spec.kind === 'handle' ? spec.handle : undefined };
  const draft = (await listDrafts()).find((d) => d.key === key);
  if (mine !== opening) return;
  if (draft && draft.files.length > 0) useDrafts.getState().set({ offer: draft });
}

let timer: ReturnType<typeof setTimeout> | undefined;

async function save(): Promise<void> {
  const target = current;
  if (!target || useDrafts.getState().offer) return;
  const { enqueue } = await editClient();
  const files = await enqueue(() => catalogClient().editList());
  if (target !== current) return;
  if (files.length === 0) await deleteDraft(target.key);
  else
    await putDraft({ key: target.key, name: target.name, handle: target.handle, files, savedAt: Date.now() });
  useDrafts.getState().set({ savedAt: Date.now() });
  document.documentElement.dataset.draftRevision = String(useEdits.getState().edit?.revision ?? 0);
}

/** Starts saving drafts as edits happen. Returns the unsubscribe function. */
export function startDrafts(): () => void {
  const unsubscribe = useEdits.subscribe((s, prev) => {
    if (!s.edit || s.edit.revision === prev.edit?.revision) return;
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

/** Restores the offered draft (files changed on disk since only when `force`). */
export async function restoreDraft(force = false): Promise<void> {
  const offer = useDrafts.getState().offer;
  if (!offer) return;
  const { applyWorkerStep } = await editClient();
  const r = await applyWorkerStep(() => catalogClient().editRestore(offer.files, force));
  if (r.stale.length > 0 && !force) {
    useDrafts.getState().set({ stale: r.stale });
    return;
  }
  useDrafts.getState().set({ offer: undefined, stale: undefined });
  void save();
}

export async function discardDraft(): Promise<void> {
  const offer = useDrafts.getState().offer;
  useDrafts.getState().set({ offer: undefined, stale: undefined });
  if (offer) await deleteDraft(offer.key);
}
