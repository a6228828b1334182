/**
 * A diff as `fbc-studio diff` prints it by default: every text in it (names, images, deprecation
 * messages, property values, the impact sentences) capped at about 2 KB with "… N more bytes"
 * (core/message-cap.ts), so a catalog holding a 50 KB description or a huge name gives a diff a
 * reviewer can read. `--full-messages` prints the diff uncapped.
 */
import { capText, isCapped, MESSAGE_CAP } from '../message-cap';
import type { CatalogDiff } from './types';

/** `v` with every string capped; parts with nothing long are the same objects. */
function capAll<T>(v: T, cap: number): T {
  if (typeof v === 'string') return (isCapped(v, cap) ? capText(v, cap) : v) as T;
  if (v === null || typeof v !== 'object') return v;
  // Plain data only (what the diff holds); anything else is passed through untouched.
  if (!Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) return v;
  let changed = false;
  if (Array.isArray(v)) {
    const out = v.map((x: unknown) => {
      const c = capAll(x, cap);
      if (c !== x) changed = true;
      return c;
    });
    return (changed ? out : v) as T;
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const c = capAll(x, cap);
    if (c !== x) changed = true;
    out[k] = c;
  }
  return (changed ? out : v) as T;
}

/** The diff with each long text capped (the same object when none is long). */
export function capDiff(d: CatalogDiff, cap?: number): CatalogDiff {
  return capAll(d, cap ?? MESSAGE_CAP);
}
