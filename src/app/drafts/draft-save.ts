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
