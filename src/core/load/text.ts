/** Text helpers shared by the loader: decoding, Go's whitespace classes, line/column lookups. */
import { isGoSpace } from '../go/strings';
import type { Position } from '../location';
import type { TextSegment } from './types';

// A BOM is content, not whitespace, for the k8s decoder: keep it in the text (ignoreBOM: true).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export function decodeText(content: Uint8Array | string): string {
  return typeof content === 'string' ? content : decoder.decode(content);
}

/** unicode.IsSpace (its home is the Go string ports). */
export { isGoSpace };

/** JSON whitespace (space, tab, CR, LF). */
export function isJsonSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The index of the first character at or after `i` that is not JSON whitespace. */
export function consumeJsonSpace(text: string, i: number): number {
  while (i < text.length && isJsonSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * k8s `hasJSONPrefix` over the first 4096 bytes: true when the first non-unicode.IsSpace character is
 * `{`. Works on the decoded text; 4096 bytes never cover more than 4096 characters.
 */
export function looksLikeJson(text: string): boolean {
  const n = Math.min(text.length, 4096);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (isGoSpace(c)) continue;
    return c === 0x7b;
  }
  return false;
}

const lineTables = new WeakMap<object, Uint32Array>();
const stringTables = new Map<string, Uint32Array>();

/** Start offsets of every line of `text` (memoised per holder object, e.g. a LoadedFile). */
export function lineStarts(text: string, holder?: object): Uint32Array {
  const cached = holder ? lineTables.get(holder) : stringTables.get(text);
  if (cached) return cached;
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  const table = new Uint32Array(count);
  let k = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) table[k++] = i + 1;
  if (holder) lineTables.set(holder, table);
  else {
    // Only small texts are memoised by value (per-file callers pass a holder).
    if (stringTables.size > 64) stringTables.clear();
    if (text.length < 1 << 16) stringTables.set(text, table);
  }
  return table;
}

/**
 * A file's line starts, scanned only as far as a position asked for: the findings of a large catalog
 * mostly sit in its channels, near the top of each file, so locating them need not scan the whole
 * text (200 MB on a large index) for newlines.
 */
interface LineIndex {
  starts: number[];
  /** Every newline before this offset is in `starts`. */
  scanned: number;
}

const lineIndexes = new WeakMap<object, LineIndex>();

/** 1-based line and UTF-16 column of `offset` in `text`, from a line index kept per `holder`. */
export function positionIn(text: string, holder: object, offset: number): Position {
  const full = lineTables.get(holder);
  if (full) return positionAt(full, offset);
  let index = lineIndexes.get(holder);
  if (!index) lineIndexes.set(holder, (index = { starts: [0], scanned: 0 }));
  if (index.scanned <= offset) {
    // Scan a little past the offset, so that nearby findings reuse the scan.
    const to = Math.min(text.length, Math.max(offset + 1, index.scanned * 2, 1 << 16));
    for (let i = text.indexOf('\n', index.scanned); i >= 0 && i < to; i = text.indexOf('\n', i + 1))
      index.starts.push(i + 1);
    index.scanned = to;
  }
  return positionAt(index.starts, offset);
}

/** 1-based line and UTF-16 column of a character offset. */
export function positionAt(table: ArrayLike<number>, offset: number): Position {
  let lo = 0;
  let hi = table.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((table[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (table[lo] as number) + 1 };
}

/** Offset of a 1-based line's start. */
export function lineStartOffset(table: Uint32Array, line: number): number {
  return (table[Math.max(0, Math.min(line - 1, table.length - 1))] as number) ?? 0;
}

/** End offset of the line containing `offset` (before its newline). */
export function lineEndAt(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  let end = nl < 0 ? text.length : nl;
  if (end > offset && text.charCodeAt(end - 1) === 13) end--;
  return end;
}

/** YAMLOrJSONDecoder.consumeWhitespace: skip unicode spaces up to and including the first newline. */
export function consumeWhitespace(text: string, pos: number): number {
  let i = pos;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (!isGoSpace(c)) return i;
    i++;
    if (c === 10) return i;
  }
  return i;
}

/** The segment holding character `offset` of the file. */
export function segmentAt(segments: readonly TextSegment[], offset: number): TextSegment {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((segments[mid] as TextSegment).offset <= offset) lo = mid;
    else hi = mid - 1;
  }
  return segments[lo] as TextSegment;
}
