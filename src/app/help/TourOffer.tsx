import { useState } from 'react';
import { openDialog } from '../ui/ui-store';
import { tourOffered, tourSeen } from './tour-offer';

/**
 * First run: a small card (not a modal, so nothing is in the way) offering the four-step tour.
 * Either answer is remembered; the tour stays one click away in the shortcuts sheet (`?`).
 */
export function TourOffer() {
  const [shown, setShown] = useState(() => !tourOffered());
  if (!shown) return null;
  const answer = (take: boolean) => {
    tourSeen();
    setShown(false);
    if (take) openDialog({ kind: 'tour' });
  };
  return (
    <section className="tour-offer" aria-label="Welcome">
      <span>New to FBC Studio?</span>
      <button type="button" className="primary" onClick={() => answer(true)}>
        Take the 4-step tour
      </button>
      <button type="button" onClick={() => answer(false)}>
        Not now
      </button>
    </section>
  );
}
