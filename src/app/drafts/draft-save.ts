/**
 * Drafts written, restored and discarded (drafts.ts keeps the offer and when to save): loaded with
 * the first edit or the draft offer's banner.
 */
import { deleteDraft, putDraft } from '../../browser/write-drafts';
import { editClient, useEdits } from '../editor/edit-store';
import { draftSaved, draftTarget, offerClosed, staleFilesFound, useDrafts } from './drafts';

export async function save(): Promise<void> {
  const target = draftTarget();
  if (!target || useDrafts.getState().offer) return;
  const { listEdits } = await editClient();
  const files = await listEdits();
  if (target !== draftTarget()) return;
  if (files.length === 0) await deleteDraft(target.key);
  else
    await putDraft({ key: target.key, name: target.name, handle: target.handle, files, savedAt: Date.now() });
  draftSaved();
  document.documentElement.dataset.draftRevision = String(useEdits.getState().edit?.revision ?? 0);
}

/** Restores the offered draft (files changed on disk since only when `force`). */
export async function restoreDraft(force = false): Promise<void> {
  const offer = useDrafts.getState().offer;
  if (!offer) return;
  const { restoreEdits } = await editClient();
  const r = await restoreEdits(offer.files, force);
  if (r.stale.length > 0 && !force) {
    staleFilesFound(r.stale);
    return;
  }
  offerClosed();
  void save();
}

export async function discardDraft(): Promise<void> {
  const offer = useDrafts.getState().offer;
  offerClosed();
  if (offer) await deleteDraft(offer.key);
}

/**
 * Catalogs whose edits were all written (from Review's "Write N catalogs"): their drafts are no
 * longer unsaved work. The one shown saves again (nothing left: its draft goes); another of the
 * repository's (`<folder key>#<catalog>`) has its draft removed.
 */
export async function draftsWritten(catalogs: readonly string[]): Promise<void> {
  const target = draftTarget();
  if (!target) return;
  const [base, shown] = target.key.split('#') as [string, string | undefined];
  for (const c of catalogs) {
    if (c === (shown ?? '')) await save();
    else if (c !== '') await deleteDraft(`${base}#${c}`);
  }
}
