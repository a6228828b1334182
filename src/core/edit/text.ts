/** Plain-text helpers shared by the YAML and JSON editors. Offsets are UTF-16 indexes. */

export interface Splice {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping splices (any order) to `text`. */
export function applySplices(text: string, splices: readonly Splice[]): string {
  const sorted = [...splices].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const s of sorted) {
    if (s.start < at) throw new Error('overlapping splices');
    out += text.slice(at, s.start) + s.text;
    at = s.end;
  }
  return out + text.slice(at);
}

/** The line ending a file uses: CRLF when its first line break is one. */
export function detectEol(text: string): string {
  const i = text.indexOf('\n');
  return i > 0 && text[i - 1] === '\r' ? '\r\n' : '\n';
}

/** Offset of the start of the line holding `pos`. */
export function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** Column (0-based) of `pos` within its line. */
export function columnOf(text: string, pos: number): number {
  return pos - lineStart(text, pos);
}

/** True when only spaces or tabs stand between the start of the line and `pos`. */
export function startsLine(text: string, pos: number): boolean {
  for (let i = lineStart(text, pos); i < pos; i++) if (text[i] !== ' ' && text[i] !== '\t') return false;
  return true;
}

/**
 * The offset just past the line break that ends the line holding offset `pos` (the start of the
 * next line), or `text.length` when that line is the last one.
 */
export function nextLineStart(text: string, pos: number): number {
  const i = text.indexOf('\n', pos);
  return i === -1 ? text.length : i + 1;
}

/** Characters compared at once while skipping the common prefix and suffix (see diffSplice). */
const SKIP_BLOCK = 256;

/**
 * The smallest splice turning `a` into `b` (common prefix and suffix kept). Typing records one per
 * keystroke on files of megabytes: the common parts are skipped a block at a time (string equality
 * of two slices is a native compare, ~8× faster than a loop over characters), then to the character.
 */
export function diffSplice(a: string, b: string): Splice {
  const max = Math.min(a.length, b.length);
  let p = 0;
  while (p + SKIP_BLOCK <= max && a.slice(p, p + SKIP_BLOCK) === b.slice(p, p + SKIP_BLOCK)) p += SKIP_BLOCK;
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let s = 0;
  while (
    s + SKIP_BLOCK <= max - p &&
    a.slice(a.length - s - SKIP_BLOCK, a.length - s) === b.slice(b.length - s - SKIP_BLOCK, b.length - s)
  )
    s += SKIP_BLOCK;
  while (s < max - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return { start: p, end: a.length - s, text: b.slice(p, b.length - s) };
}
