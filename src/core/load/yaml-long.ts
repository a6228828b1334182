/**
 * Long base64 values in YAML catalogs (`data: <32 KB>`, `base64data: …`) are most of the bytes and
 * the slowest thing for a YAML parser to read character by character. Before parsing, a value that
 * is certainly a one-line plain string — `key: <base64 run>` at the end of its line, not continued
 * on the next line, containing a letter so that no YAML 1.1 rule can make it a number — is swapped
 * for a short token; after parsing, the token is replaced by a slice of the file text (a view, not
 * a copy). If any token does not come back as a whole value (say the line sat inside a block or
 * quoted scalar), the caller parses the original text instead, so the result is always the same.
 */

export const LONG_VALUE = 256;

const TOKEN = 'fbcstudio.long-value.3f9c1e.';
const KEY = /^[ \t]*(?:- +)*[A-Za-z_][A-Za-z0-9_.-]*$/;
const RUN = /[A-Za-z0-9+/]*={0,2}/y;
const LETTER = /[A-DF-Za-df-z/]/;

export interface LongValues {
  /** The document text to parse, with tokens in place of long values. */
  text: string;
  /** [start, end) of each replaced value in the file text, by token index. */
  spans: number[];
}

function indentOf(text: string, ls: number, le: number): number {
  let i = ls;
  while (i < le && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i - ls;
}

/** Whether the line after `le` (skipping blank lines) could continue a plain scalar at `keyCol`. */
function continues(text: string, le: number, end: number, keyCol: number): boolean {
  let ls = le + 1;
  while (ls < end) {
    let nl = text.indexOf('\n', ls);
    if (nl < 0 || nl > end) nl = end;
    const ind = indentOf(text, ls, nl);
    const first = ls + ind;
    const c = text.charCodeAt(first);
    if (first >= nl || c === 13) {
      ls = nl + 1;
      continue;
    }
    if (c === 35) return false; // a comment ends the scalar
    return ind > keyCol;
  }
  return false;
}

/**
 * The first `: ` within [ls, nl), else -1. Bounded by the line: an unbounded indexOf runs to the
 * end of the text on every long line without one (deeply indented keys), quadratic in the file.
 */
function colonOnLine(text: string, ls: number, nl: number): number {
  for (let i = ls; i < nl - 1; i++) {
    if (text.charCodeAt(i) === 58 && text.charCodeAt(i + 1) === 32) return i;
  }
  return -1;
}

/** Finds long one-line plain values in text[start, end) and builds the text to parse. */
export function extractLongValues(text: string, start: number, end: number): LongValues | undefined {
  if (end - start < LONG_VALUE * 2) return undefined;
  const spans: number[] = [];
  let out = '';
  let copied = start;
  let ls = start;
  while (ls < end) {
    let nl = text.indexOf('\n', ls);
    if (nl < 0 || nl > end) nl = end;
    if (nl - ls > LONG_VALUE) {
      const colon = colonOnLine(text, ls, nl);
      if (colon > ls && colon < nl && KEY.test(text.slice(ls, colon))) {
        let v = colon + 2;
        while (v < nl && text.charCodeAt(v) === 32) v++;
        let ve = nl;
        while (ve > v && (text.charCodeAt(ve - 1) === 13 || text.charCodeAt(ve - 1) === 32)) ve--;
        RUN.lastIndex = v;
        if (
          ve - v >= LONG_VALUE &&
          RUN.test(text) &&
          RUN.lastIndex === ve &&
          LETTER.test(text.slice(v, v + 64))
        ) {
          const keyLine = text.slice(ls, colon);
          const keyCol = keyLine.length - keyLine.replace(/^[ \t]*(?:- +)*/, '').length;
          if (!continues(text, nl, end, keyCol)) {
            out += text.slice(copied, v) + TOKEN + spans.length / 2;
            spans.push(v, ve);
            copied = ve;
          }
        }
      }
    }
    ls = nl + 1;
  }
  if (spans.length === 0) return undefined;
  out += text.slice(copied, end);
  return { text: out, spans };
}

/**
 * Puts the long values back as slices of `text`. Returns undefined when a token did not survive as
 * a whole value (the caller then parses the original document).
 */
export function restoreLongValues(value: unknown, text: string, spans: number[]): unknown {
  const state = { ok: true };
  const out = visit(value, text, spans, state);
  return state.ok ? out : undefined;
}

function visit(v: unknown, text: string, spans: number[], state: { ok: boolean }): unknown {
  if (typeof v === 'string') {
    if (v.length < TOKEN.length || v.indexOf(TOKEN) < 0) return v;
    const k = Number(v.slice(TOKEN.length));
    if (!v.startsWith(TOKEN) || !Number.isInteger(k) || 2 * k + 1 >= spans.length) {
      state.ok = false;
      return v;
    }
    return text.slice(spans[2 * k], spans[2 * k + 1]);
  }
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length && state.ok; i++) {
      const x = v[i];
      if (x !== null && (typeof x === 'object' || typeof x === 'string')) v[i] = visit(x, text, spans, state);
    }
    return v;
  }
  const o = v as Record<string, unknown>;
  for (const key in o) {
    if (!state.ok) break;
    if (key.length >= TOKEN.length && key.indexOf(TOKEN) >= 0) state.ok = false;
    const x = o[key];
    if (x !== null && (typeof x === 'object' || typeof x === 'string')) o[key] = visit(x, text, spans, state);
  }
  return v;
}
