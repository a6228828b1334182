import { useEffect, useRef, type ReactNode } from 'react';
import { useReturnFocus } from '../ui/use-return-focus';

/** A modal dialog: focus moves in on open and back on close, Escape closes, Tab stays inside. */
export function Modal(props: {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useReturnFocus();
  useEffect(() => {
    const el = ref.current;
    const first = el?.querySelector<HTMLElement>(
      '[autofocus], input, select, textarea, button:not(.modal-close)',
    );
    // An input with autoFocus already has it.
    if (!el?.contains(document.activeElement)) (first ?? el)?.focus();
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && props.onClose()}>
      <div
        ref={ref}
        className={`modal${props.wide ? ' modal-wide' : ''}${props.className ? ` ${props.className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose.current();
          } else if (e.key === 'Tab') {
            const items = [
              ...(ref.current?.querySelectorAll<HTMLElement>(
                'button:not(:disabled), input, select, textarea, [tabindex="0"]',
              ) ?? []),
            ];
            const first = items[0];
            const last = items[items.length - 1];
            if (e.shiftKey && document.activeElement === first) {
              e.preventDefault();
              last?.focus();
            } else if (!e.shiftKey && document.activeElement === last) {
              e.preventDefault();
              first?.focus();
            }
          }
        }}
      >
        <header className="modal-head">
          <h2>{props.title}</h2>
          <button
            type="button"
            className="icon-button modal-close"
            aria-label="Close"
            onClick={props.onClose}
          >
            ×
          </button>
        </header>
        <div className="modal-body">{props.children}</div>
        {props.footer && <footer className="modal-foot">{props.footer}</footer>}
      </div>
    </div>
  );
}

/**
 * The usual start of a dialog's footer: a spacer that pushes the buttons right, then the button that
 * closes the dialog without doing anything (Cancel, Close); the dialog's own buttons follow it.
 */
export function FooterClose(props: { label: string; onClose(): void }) {
  return (
    <>
      <span className="spacer" />
      <button type="button" onClick={props.onClose}>
        {props.label}
      </button>
    </>
  );
}
