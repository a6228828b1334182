import { useEffect, useRef, useState } from 'react';

/**
 * Where focus goes back to when a popup closes. A dialog's, menu's or mode's opener is read while it
 * renders for the first time: by the time its effects run, `autoFocus` has already moved focus inside,
 * so reading it there would remember the popup's own (soon removed) input and drop focus on <body>.
 */
let menuOpener: HTMLElement | null = null;
/**
 * What opened the popup on screen, or the one that just closed (from outside any dialog), and when
 * it closed. A dialog opened from inside another that it replaces (the tour from the shortcuts
 * sheet, whose lazy chunk may render after the sheet and its button are gone) returns there once
 * its own opener is gone.
 */
let outerOpener: { el: HTMLElement; closedAt?: number } | null = null;
const REPLACED_WITHIN_MS = 2000;

function outer(): HTMLElement | null {
  if (!outerOpener) return null;
  const { el, closedAt } = outerOpener;
  return closedAt === undefined || performance.now() - closedAt < REPLACED_WITHIN_MS ? el : null;
}

function opener(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body) return null;
  // A dialog opened from a context menu item: the item goes away with the menu, so return to what
  // opened the menu instead.
  if (active.closest('.context-menu, [role="menu"]')) return menuOpener;
  return active;
}

/**
 * Returns focus to the element that had it when the caller first rendered, once the caller goes
 * away — but only when focus was lost with it (it sits on <body>), unless `always`: a popup that
 * deliberately moved focus elsewhere (into the editor, say) keeps that. `isMenu` remembers the opener
 * for dialogs the menu's items open; `from` names the opener when it is known better than the focus
 * at first render (a mode whose lazy chunk loads after its button was hidden).
 */
export function useReturnFocus(
  opts: { isMenu?: boolean; from?: HTMLElement | null; always?: boolean } = {},
): HTMLElement | null {
  const { isMenu = false, always = false } = opts;
  const [from] = useState(() => opts.from ?? opener());
  const [fallback] = useState(() => (!from || from.closest('[role="dialog"]') ? outer() : null));
  const alive = useRef(false);
  useEffect(() => {
    alive.current = true;
    if (isMenu) menuOpener = from;
    const mine: typeof outerOpener = from && !from.closest('[role="dialog"]') ? { el: from } : null;
    if (mine) outerOpener = mine;
    return () => {
      alive.current = false;
      if (mine && outerOpener === mine) mine.closedAt = performance.now();
      // After the popup's DOM is gone: a microtask lets this commit finish first.
      queueMicrotask(() => {
        if (alive.current) return; // mounted again (React's development double effects)
        const now = document.activeElement;
        const target = from?.isConnected ? from : fallback;
        if (target?.isConnected && (always || !now || now === document.body)) target.focus();
      });
    };
  }, [from, fallback, isMenu, always]);
  return from;
}
