import type { KeyboardEvent } from 'react';

/**
 * Arrow/Home/End/Page keys for a single-select listbox that uses aria-activedescendant.
 * Returns the new index, or undefined when the key is not a navigation key.
 */
export function listboxKey(e: KeyboardEvent, index: number, count: number, page: number): number | undefined {
  if (!count) return undefined;
  const cur = index < 0 ? -1 : index;
  switch (e.key) {
    case 'ArrowDown':
      return Math.min(count - 1, cur + 1);
    case 'ArrowUp':
      return Math.max(0, cur < 0 ? 0 : cur - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(count - 1, Math.max(0, cur) + page);
    case 'PageUp':
      return Math.max(0, cur - page);
    default:
      return undefined;
  }
}
