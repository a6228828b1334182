/**
 * Memoisation of pure functions of a string (image references, skipRanges): a catalog repeats
 * many of them, and a re-validation sees again every string of the package being edited. The
 * cache is dropped whole when it reaches `max` entries, which bounds memory over a long session.
 * Results are shared between callers: they must not be mutated.
 */
const UNDEFINED = Symbol('undefined');

export function memoByString<T>(fn: (s: string) => T, max = 20_000): (s: string) => T {
  // `undefined` results (a valid image reference) are stored as a marker: one lookup per hit.
  let cache = new Map<string, T | typeof UNDEFINED>();
  return (s) => {
    const hit = cache.get(s);
    if (hit !== undefined) return (hit === UNDEFINED ? undefined : hit) as T;
    const v = fn(s);
    if (cache.size >= max) cache = new Map();
    cache.set(s, v === undefined ? UNDEFINED : v);
    return v;
  };
}
