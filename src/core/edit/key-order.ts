import { compareGoStrings, foldName as goFoldKey } from '../gojson';

/**
 * Where a maintainer would put a key. A new key goes where the catalog's own objects of the same
 * kind put it (e.g. `skipRange` after `replaces` when the other entries do so); failing that, in
 * opm's order: sorted keys for files that look rendered by `opm` YAML output (sorted), else Go's
 * struct order, which is also opm's JSON order.
 */

/** Go struct field order (opm JSON output and hand-written catalogs that start with `schema`). */
export const GO_ORDER = {
  package: ['schema', 'name', 'defaultChannel', 'icon', 'description', 'properties'],
  channel: ['schema', 'package', 'name', 'entries', 'properties'],
  entry: ['name', 'replaces', 'skips', 'skipRange'],
  deprecations: ['schema', 'package', 'entries'],
  deprecationEntry: ['reference', 'message'],
  reference: ['schema', 'name'],
} as const;

export type ObjectKind = keyof typeof GO_ORDER;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True when every sample with two or more keys lists them sorted (opm's YAML output), and one does. */
export function looksSorted(samples: Iterable<unknown>): boolean {
  let seen = false;
  for (const s of samples) {
    if (!isObject(s)) continue;
    const keys = Object.keys(s);
    if (keys.length < 2) continue;
    for (let i = 1; i < keys.length; i++)
      if (compareGoStrings(keys[i - 1] as string, keys[i] as string) > 0) return false;
    seen = true;
  }
  return seen;
}

export function fallbackOrder(kind: ObjectKind, sorted: boolean): string[] {
  const order: string[] = [...GO_ORDER[kind]];
  return sorted ? order.sort(compareGoStrings) : order;
}

/**
 * The index at which `key` should be inserted among `existing` keys: after the last existing key
 * that comes before it in the first sample holding `key` and one of `existing`, else in `fallback`.
 */
export function insertionIndex(
  existing: readonly string[],
  key: string,
  samples: Iterable<unknown>,
  fallback: readonly string[],
): number {
  const fk = goFoldKey(key);
  const foldedExisting = existing.map(goFoldKey);
  for (const s of samples) {
    if (!isObject(s)) continue;
    const keys = Object.keys(s).map(goFoldKey);
    const ki = keys.indexOf(fk);
    if (ki < 0) continue;
    let anchored = false;
    let idx = -1;
    foldedExisting.forEach((e, i) => {
      const ei = keys.indexOf(e);
      if (ei < 0) return;
      anchored = true;
      if (ei < ki) idx = i;
    });
    if (anchored) return idx + 1;
  }
  const foldedFallback = fallback.map(goFoldKey);
  const fi = foldedFallback.indexOf(fk);
  if (fi < 0) return existing.length;
  let idx = -1;
  let anchored = false;
  foldedExisting.forEach((e, i) => {
    const ei = foldedFallback.indexOf(e);
    if (ei < 0) return;
    anchored = true;
    if (ei < fi) idx = i;
  });
  return anchored ? idx + 1 : existing.length;
}

/** Orders the keys of a new object like the samples do (first sample with the most keys), else `fallback`. */
export function orderKeys(
  keys: readonly string[],
  samples: Iterable<unknown>,
  fallback: readonly string[],
): string[] {
  let best: string[] | undefined;
  let bestScore = 1;
  const folded = new Set(keys.map(goFoldKey));
  for (const s of samples) {
    if (!isObject(s)) continue;
    const sk = Object.keys(s).map(goFoldKey);
    const score = sk.filter((k) => folded.has(k)).length;
    if (score > bestScore) {
      best = sk;
      bestScore = score;
      if (score === folded.size) break;
    }
  }
  const foldedFallback = fallback.map(goFoldKey);
  /** Position in the best sample, else in the fallback (unknown keys last). */
  const rank = (k: string): number => {
    const f = goFoldKey(k);
    const b = best?.indexOf(f) ?? -1;
    if (b >= 0) return b;
    const fi = foldedFallback.indexOf(f);
    return fi < 0 ? fallback.length : fi;
  };
  if (best) {
    // Place keys the sample lacks by inserting them one at a time with insertionIndex.
    const known = keys
      .filter((k) => (best as string[]).includes(goFoldKey(k)))
      .sort((a, b) => rank(a) - rank(b));
    const out = [...known];
    for (const k of keys) {
      if (known.includes(k)) continue;
      out.splice(insertionIndex(out, k, [], fallback), 0, k);
    }
    return out;
  }
  return [...keys].sort((a, b) => rank(a) - rank(b));
}
