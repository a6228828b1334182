/**
 * A panel docked beside the graph rather than modal, so what it highlights stays in view (the OLM v1
 * preview, the Mirror plan): its heading, what the view adds to the header, and a close button.
 * Escape closes it as it closes a dialog, and focus goes back to what opened it (the view puts the
 * focus on what it asks for first, with autoFocus or its editor's focus).
 */
import { useId, type ReactNode } from 'react';
import { closeDialog } from './ui-store';
import { useReturnFocus } from './use-return-focus';
import './docked-panel.css';

export function DockedPanel({
  title,
  className,
  actions,
  children,
}: {
  title: string;
  /** The view's own class (its width, its header's layout). */
  className: string;
  /** Shown in the header between the heading and the close button. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  useReturnFocus();
  return (
    <aside
      className={`docked-panel ${className}`}
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        // An editor inside that handles Escape itself (leaving the editor first) stops it there.
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.stopPropagation();
        closeDialog();
      }}
    >
      <header>
        <h2 id={titleId}>{title}</h2>
        {actions}
        <button type="button" className="icon-button" aria-label={`Close the ${title}`} onClick={closeDialog}>
          ×
        </button>
      </header>
      {children}
    </aside>
  );
}
