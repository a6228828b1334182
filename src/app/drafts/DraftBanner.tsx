import { plural } from '../ui/Badges';
import { discardDraft, restoreDraft } from './draft-save';
import { useDrafts } from './drafts';

/** Offers back the unsaved edits kept for the catalog just opened. */
export function DraftBanner() {
  const offer = useDrafts((s) => s.offer);
  const stale = useDrafts((s) => s.stale);
  if (!offer) return null;
  const when = new Date(offer.savedAt).toLocaleString();
  return (
    <div className="banner banner-draft" role="alert" aria-label="Unsaved edits">
      {stale && stale.length > 0 ? (
        <span>
          {plural(stale.length, 'file')} changed on disk since these edits were made ({stale.join(', ')}).
          Restoring them would replace what is on disk now.
        </span>
      ) : (
        <span>
          Unsaved edits to {plural(offer.files.length, 'file')} from {when} were kept.
        </span>
      )}
      {stale && stale.length > 0 ? (
        <button type="button" onClick={() => void restoreDraft(true)}>
          Restore anyway
        </button>
      ) : (
        <button type="button" className="primary" onClick={() => void restoreDraft()}>
          Restore edits
        </button>
      )}
      <button type="button" onClick={() => void discardDraft()}>
        Discard
      </button>
    </div>
  );
}
