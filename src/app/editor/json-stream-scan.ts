/**
 * JSON streams (several top-level values in one file) seen one value at a time, so Monaco's JSON
 * service, which parses a document as a single value, can help inside any of them: where each
 * top-level value is, which one the cursor is in, and a "shadow" text holding only that value at
 * its own line and column. Pure text work (no Monaco), unit-tested.
 */
import { diffSplice, type Splice } from '../../core/edit/text';

/** A top-level value: offsets [start, end) into the text. */
export interface Span {
  start: number;
  end: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const CR = 0x0d;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === LF || c === CR;
const opens = (c: number) => c === 0x7b || c === 0x5b; // { [
const closes = (c: number) => c === 0x7d || c === 0x5d; // } ]
/** What ends a bare scalar (a number, true, null, or a word being typed). */
const endsScalar = (c: number) =>
  isSpace(c) || opens(c) || closes(c) || c === QUOTE || c === 0x2c || c === 0x3a;

/**
 * Past the string starting at `i` (its opening quote). JSON strings never span lines, so an
 * unterminated one ends at the line break: a quote being typed does not swallow the rest of the file.
 */
function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === QUOTE) return j + 1;
    else if (c === LF || c === CR) return j;
  }
  return text.length;
}

/** Past the object or array starting at `i`; an unclosed one (still being typed) runs to the end. */
function skipNested(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) {
      j = skipString(text, j) - 1;
    } else if (opens(c)) {
      depth++;
    } else if (closes(c)) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return text.length;
}

/** Every top-level value of the stream, in order. Brackets and quotes are matched; values are not checked. */
export function valueSpans(text: string): Span[] {
  const spans: Span[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (opens(c)) i = skipNested(text, i);
    else if (c === QUOTE) i = skipString(text, i);
    else if (endsScalar(c))
      i++; // a stray `}`, `]`, `,` or `:` on its own
    else while (i < text.length && !endsScalar(text.charCodeAt(i))) i++;
    spans.push({ start, end: i });
  }
  return spans;
}

/**
 * The value at `offset` (a cursor, or the character under the mouse): the one that contains it, or
 * that it directly follows (a cursor just after a closing brace, or at the end of a value being
 * typed). Between values, in whitespace, an empty span at `offset`: a new value starts there.
 */
export function valueAt(spans: readonly Span[], offset: number): Span {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  // spans[lo] is the first value ending after `offset`; the one before may end exactly there.
  const next = spans[lo];
  if (next && next.start <= offset) return next;
  const prev = spans[lo - 1];
  if (prev && prev.end === offset) return prev;
  return { start: offset, end: offset };
}

/**
 * The text the JSON service is given for one value: the value at its own line and column, with
 * only line breaks before it (the lines above emptied, its own line's start blanked with spaces)
 * and nothing after it, so completion and hover positions need no translation, and a value near
 * the end of a large file does not make a large shadow.
 */
export function shadowText(text: string, span: Span): string {
  const lineStart =
    Math.max(text.lastIndexOf('\n', span.start - 1), text.lastIndexOf('\r', span.start - 1)) + 1;
  return (
    text.slice(0, lineStart).replace(/[^\r\n]+/g, '') +
    ' '.repeat(span.start - lineStart) +
    text.slice(span.start, span.end)
  );
}

/**
 * The smallest replacement turning `from` into `to` (common prefix and suffix kept), so a shadow
 * model is updated, and synced to the JSON worker, by what changed rather than by its whole text.
 * Undefined when they are equal.
 */
export function changedRange(from: string, to: string): Splice | undefined {
  return from === to ? undefined : diffSplice(from, to);
}
