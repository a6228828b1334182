/**
 * The repository bar's "Versions matrix" button, before a package is picked, takes the user to the
 * overview's matrix of every package and focuses its heading. The matrix may not be there yet (the
 * overview still mounting, or still reading every catalog), so the request waits for the matrix to
 * render (PackagesMatrix calls `focusMatrixIfAsked` when it has) instead of being lost.
 */
let asked = false;

/** The heading when it is already shown; else remembered for when the matrix renders. */
export function askMatrixFocus(): void {
  const heading = document.getElementById(MATRIX_HEADING_ID);
  if (heading) focus(heading);
  else asked = true;
}

/** The matrix has rendered: the heading takes the focus if the button asked for it. */
export function focusMatrixIfAsked(heading: HTMLElement | null): void {
  if (!asked || !heading) return;
  asked = false;
  focus(heading);
}

/** The overview went away before its matrix rendered: a later visit must not take the focus. */
export function forgetMatrixFocus(): void {
  asked = false;
}

export const MATRIX_HEADING_ID = 'ro-matrix';

function focus(heading: HTMLElement): void {
  heading.scrollIntoView({ block: 'start' });
  heading.focus();
}
