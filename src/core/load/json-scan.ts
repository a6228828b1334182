/**
 * Fast structural scanning of JSON text, and parsing that keeps long strings as views of the file
 * text instead of copies.
 *
 * Catalog blobs carry large base64 strings (olm.bundle.object). JSON.parse copies every string; the
 * copies double the memory and, being retained, get copied again by the GC. Long strings without
 * escapes are therefore swapped for tiny placeholders before JSON.parse and put back afterwards as
 * slices of the file text, which V8 represents as views (no copy). The result is the same value.
 */

/** Strings at least this long (in UTF-16 units) are parsed as views of the file text. */
export const LONG_STRING = 256;

/** encoding/json's maxNestingDepth. */
export const JSON_MAX_DEPTH = 10_000;

/** Scans one file's text; remembers where the next backslash is so escape checks stay linear. */
export class JsonScanner {
  private nextBackslash = -2;
  /** [start, end) content ranges of long escape-free strings of the last scanned value. */
  readonly long: number[] = [];

  constructor(readonly text: string) {}

  private hasBackslash(a: number, b: number): boolean {
    let bs = this.nextBackslash;
    if (bs !== -1 && bs < a) bs = this.nextBackslash = this.text.indexOf('\\', a);
    return bs !== -1 && bs < b;
  }

  /**
   * Index just past the `}`/`]` closing the value that opens at `start`, counting brackets outside
   * strings (strings are skipped with indexOf). -1 when the text ends first or nests too deep. Only a hint: the
   * value is then checked by JSON.parse. Notes the value's long escape-free strings in `long`.
   */
  findEnd(start: number): number {
    if (this.long.length !== 0) this.long.length = 0;
    return scanEnd(this.text, start, this);
  }

  /** Notes text[a, b), the content of a string at least LONG_STRING long, when it has no escapes. */
  noteLong(a: number, b: number): void {
    if (!this.hasBackslash(a, b)) this.long.push(a, b);
  }

  /**
   * JSON.parse of text[start, end) (as scanned by findEnd), with long strings as views of the text.
   * Throws what JSON.parse throws.
   */
  parse(start: number, end: number): unknown {
    const text = this.text;
    const long = this.long;
    if (long.length === 0) return JSON.parse(text.slice(start, end));
    let src = '';
    let prev = start;
    for (let k = 0; k < long.length; k += 2) {
      // `"\u0000<k>"`: a string no catalog contains, which JSON.parse reads as NUL + index.
      src += text.slice(prev, long[k]) + '\\u0000' + k / 2;
      prev = long[k + 1] as number;
    }
    src += text.slice(prev, end);
    const value = JSON.parse(src) as unknown;
    const state = { k: 0, ok: true };
    const out = restore(value, text, long, state);
    // Should the data hold a look-alike, fall back to a plain parse.
    if (!state.ok || state.k !== long.length) return JSON.parse(text.slice(start, end));
    return out;
  }
}

/**
 * findEnd without the long-string bookkeeping, for callers that only need the boundary (locating a
 * finding skips values this way: a scanner's backslash search would read the rest of the file
 * for each long string skipped).
 */
export function findJsonEnd(text: string, start: number): number {
  return scanEnd(text, start, undefined);
}

/** The scan of JsonScanner.findEnd; `strings` notes the long strings it passes, when given. */
function scanEnd(text: string, start: number, strings: JsonScanner | undefined): number {
  const n = text.length;
  let depth = 0;
  let i = start;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return -1;
        let b = q - 1;
        while (text.charCodeAt(b) === 92) b--;
        if ((q - 1 - b) & 1) {
          j = q + 1;
          continue;
        }
        if (strings !== undefined && q - i - 1 >= LONG_STRING) strings.noteLong(i + 1, q);
        i = q + 1;
        break;
      }
      continue;
    }
    if (c === 123 || c === 91) {
      // Go's decoder stops past 10,000 levels ("exceeded max depth"), JSON.parse does not: a
      // deeper value goes to the Go scanner port for the error.
      if (++depth > JSON_MAX_DEPTH) return -1;
    } else if (c === 125 || c === 93) {
      if (--depth === 0) return i + 1;
    }
    i++;
  }
  return -1;
}

function restore(v: unknown, text: string, long: number[], state: { k: number; ok: boolean }): unknown {
  if (typeof v === 'string') {
    if (v.charCodeAt(0) !== 0) return v;
    if (v !== '\u0000' + state.k / 2 || state.k >= long.length) {
      state.ok = false;
      return v;
    }
    const s = text.slice(long[state.k], long[state.k + 1]);
    state.k += 2;
    return s;
  }
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (x !== null && (typeof x === 'object' || (typeof x === 'string' && x.charCodeAt(0) === 0))) {
        v[i] = restore(x, text, long, state);
      }
    }
    return v;
  }
  const o = v as Record<string, unknown>;
  for (const key in o) {
    const x = o[key];
    if (x !== null && (typeof x === 'object' || (typeof x === 'string' && x.charCodeAt(0) === 0))) {
      o[key] = restore(x, text, long, state);
    }
  }
  return v;
}
