/**
 * The sizes of the resizable panels (the Problems panel, the Entries table under the graph) and
 * whether a panel is collapsed, remembered across visits in localStorage. A size is a CSS variable
 * on the root element, so dragging a splitter restyles the page without re-rendering React.
 */
const KEY = 'fbc-studio.layout';

type Saved = Record<string, number | boolean>;

function read(): Saved {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return v && typeof v === 'object' ? (v as Saved) : {};
  } catch {
    return {}; // blocked or damaged storage: the defaults
  }
}

export function remembered<T extends number | boolean>(name: string, fallback: T): T {
  const v = read()[name];
  return typeof v === typeof fallback ? (v as T) : fallback;
}

export function remember(name: string, value: number | boolean): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...read(), [name]: value }));
  } catch {
    // Not remembered; the panel still resizes for this page.
  }
}

/** Sets a panel's size (px) as the CSS variable `--<name>`, clamped to what the window allows. */
export function applySize(name: string, px: number, min: number, max: number): number {
  const v = Math.round(Math.min(Math.max(px, min), Math.max(min, max)));
  document.documentElement.style.setProperty(`--${name}`, `${v}px`);
  return v;
}

/** At start: the remembered sizes (a window smaller since then clamps them when dragged). */
export function restoreSizes(names: readonly string[]): void {
  for (const n of names) {
    const v = remembered(n, 0);
    if (v > 0) document.documentElement.style.setProperty(`--${n}`, `${v}px`);
  }
}
