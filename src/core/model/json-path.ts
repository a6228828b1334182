import { compareGoStrings, foldName } from '../gojson';
import type { BlobOrigin, JsonPath, LocRef } from '../location';

/**
 * Paths into a blob's raw value, spelled with the blob's own keys. Go's encoding/json matches
 * struct fields case-insensitively, so `Entries:` or `SKIPS:` are read as `entries` / `skips`; a
 * diagnostic must point at the key as written. opm decodes a re-encoding of the blob with sorted
 * keys, so when several keys of one object fold onto the same field, the one that sorts last wins
 * (it is assigned last), and that is the one we point at.
 */

// eslint-disable-next-line no-control-regex -- the whole ASCII range
const ASCII = /^[\x00-\x7f]*$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The key of `obj` that Go would decode into the field `field` (the field name itself if none does). */
export function fieldKey(obj: unknown, field: string): string {
  if (!isObject(obj)) return field;
  const f = folding(field);
  let found: string | undefined;
  // for…in rather than Object.keys: no array per call (a big catalog asks this for every finding).
  for (const k in obj) {
    if (k !== field && ((f.ascii && k.length !== field.length) || foldName(k) !== f.folded)) continue;
    if (found === undefined || compareGoStrings(k, found) > 0) found = k;
  }
  return found ?? field;
}

/**
 * A field name's fold, and whether it is ASCII: only ASCII letters, U+017F, U+212A, U+0130 and
 * U+0131 fold onto ASCII, one UTF-16 unit each, so a key of another length cannot fold onto an
 * ASCII field name and needs no foldName. Field names are the model's few constants: memoised.
 */
const foldings = new Map<string, { folded: string; ascii: boolean }>();
function folding(field: string): { folded: string; ascii: boolean } {
  let f = foldings.get(field);
  if (f === undefined) {
    f = { folded: foldName(field), ascii: ASCII.test(field) };
    if (foldings.size < 256) foldings.set(field, f);
  }
  return f;
}

/**
 * Resolves a path written with Go field names (`['entries', 3, 'skips', 0]`) against `raw`, replacing
 * each field name by the key actually used. Segments past a missing value are kept as given.
 */
export function resolvePath(raw: unknown, path: JsonPath): (string | number)[] {
  const out: (string | number)[] = [];
  let cur: unknown = raw;
  for (const seg of path) {
    if (typeof seg === 'number') {
      out.push(seg);
      cur = Array.isArray(cur) ? cur[seg] : undefined;
    } else {
      const key = fieldKey(cur, seg);
      out.push(key);
      cur = isObject(cur) ? cur[key] : undefined;
    }
  }
  return out;
}

/** The value at a resolved path, or undefined. */
export function valueAt(raw: unknown, path: JsonPath): unknown {
  let cur: unknown = raw;
  for (const seg of path) {
    if (typeof seg === 'number') cur = Array.isArray(cur) ? cur[seg] : undefined;
    else cur = isObject(cur) ? cur[seg] : undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/**
 * A LocRef to `path` (Go field names) inside a blob. When the deepest fields do not exist (an
 * omitted `image:`), the ref points at the nearest existing ancestor, so it always resolves.
 */
export function refTo(origin: BlobOrigin, raw: unknown, path: JsonPath = []): LocRef {
  // resolvePath and valueAt in one walk: a value missing at some depth is missing below it too.
  const out: (string | number)[] = [];
  let cur: unknown = raw;
  for (const seg of path) {
    let key: string | number;
    if (typeof seg === 'number') {
      key = seg;
      cur = Array.isArray(cur) ? cur[seg] : undefined;
    } else {
      key = fieldKey(cur, seg);
      cur = isObject(cur) ? cur[key] : undefined;
    }
    if (cur === undefined) break;
    out.push(key);
  }
  return { origin, path: out };
}
