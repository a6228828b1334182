import { reloadFromDisk } from './served';
import { reloadOfferClosed, useServed } from './served-store';

const MAX_NAMED = 5;

/** The offer to read the served folder again after it changed on disk (loaded only when served). */
export default function ReloadBanner() {
  const changed = useServed((s) => s.changed);
  if (changed.length === 0) return null;
  const named = changed.slice(0, MAX_NAMED).join(', ');
  const more = changed.length > MAX_NAMED ? ` and ${changed.length - MAX_NAMED} more` : '';
  return (
    <div className="banner" role="alert" aria-label="Changed on disk">
      <span>
        Changed on disk: {named}
        {more}. Reload to see it; unsaved edits are kept as a draft.
      </span>
      <button type="button" className="primary" onClick={() => void reloadFromDisk()}>
        Reload
      </button>
      <button type="button" onClick={reloadOfferClosed}>
        Dismiss
      </button>
    </div>
  );
}
