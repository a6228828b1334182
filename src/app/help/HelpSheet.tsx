import { Modal } from '../commands/Modal';
import { closeDialog, openDialog } from '../ui/ui-store';
import { useActionSpecs } from '../commands/action-specs';
import { shortcutGroups } from './shortcuts';
import './help.css';

/** `?`: the keyboard shortcuts, and the tour again. A lazy chunk (EditOverlays opens it). */
export default function HelpSheet() {
  const specs = useActionSpecs();
  return (
    <Modal
      title="Keyboard shortcuts"
      onClose={closeDialog}
      wide
      footer={
        <>
          <button type="button" onClick={() => openDialog({ kind: 'tour' })}>
            Take the tour again
          </button>
          <span className="spacer" />
          {/* Focus opens on Close (Enter or Escape leaves), not on restarting the tour. */}
          <button type="button" onClick={closeDialog} autoFocus>
            Close
          </button>
        </>
      }
    >
      <div className="help-grid">
        {shortcutGroups(specs ?? []).map((g) => (
          <section key={g.where} aria-labelledby={`help-${g.where}`}>
            <h3 id={`help-${g.where}`}>{g.where}</h3>
            <dl>
              {g.keys.map(([k, what]) => (
                <div key={k + what}>
                  <dt>
                    <kbd>{k}</kbd>
                  </dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
