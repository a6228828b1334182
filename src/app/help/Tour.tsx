import { useEffect, useState } from 'react';
import { Modal } from '../commands/Modal';
import { closeDialog } from '../ui/ui-store';
import { tourSeen } from './tour-offer';
import { stepOnScreen, TOUR_STEPS } from './tour-steps';
import './help.css';

/** The four-step tour: skippable at every step, re-openable from the shortcuts sheet (`?`). */
export default function Tour() {
  const [i, setI] = useState(0);
  // What the step points at is read from the page: a step never describes what is not on screen.
  const step = stepOnScreen(TOUR_STEPS[i]!, (selector) => !!document.querySelector(selector));
  const last = i === TOUR_STEPS.length - 1;
  useEffect(() => {
    tourSeen();
    const el = document.querySelector(step.target);
    el?.classList.add('tour-target');
    return () => el?.classList.remove('tour-target');
  }, [step.target]);
  return (
    <Modal
      title={`Tour, step ${i + 1} of ${TOUR_STEPS.length}: ${step.title}`}
      onClose={closeDialog}
      className="tour"
      footer={
        <>
          <button type="button" className="link" onClick={closeDialog}>
            Skip the tour
          </button>
          <span className="spacer" />
          <button type="button" disabled={i === 0} onClick={() => setI(i - 1)}>
            Back
          </button>
          {/* Focus opens on going on with the tour (Escape or Skip leave it). */}
          <button
            type="button"
            className="primary"
            autoFocus
            onClick={() => (last ? closeDialog() : setI(i + 1))}
          >
            {last ? 'Done' : 'Next'}
          </button>
        </>
      }
    >
      <p>{step.text}</p>
    </Modal>
  );
}
