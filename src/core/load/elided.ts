/**
 * A file text with long strings cut out (the CLI reads a catalog's bundle objects' base64 so:
 * src/cli/elided-json.ts), and the map between its offsets and the whole text's. Each cut string's
 * content is replaced by a stand-in of STAND_IN characters; no cut holds a newline (a JSON string
 * cannot), so both texts have the same lines and only columns after a cut on its line move.
 */
import type { BlobOrigin, JsonPath, Position, SourceRange } from '../location';
import { provideLocator, spanIn } from './locate';
import { positionIn } from './text';
import type { ElidedText, LoadedFile } from './types';

/** Characters of each cut string's stand-in. */
export const STAND_IN = 8;

/** Characters removed by the cuts before cut `k`. */
const removedBefore = (e: ElidedText, k: number): number => (k === 0 ? 0 : (e.removed[k - 1] as number));

/** The last cut whose start, as `startOf` gives it, is before `x`; -1 when none is. */
function lastCutBefore(e: ElidedText, x: number, startOf: (k: number) => number): number {
  let lo = -1;
  let hi = e.at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (startOf(mid) < x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The whole text's offset for offset `x` of the elided one (inside a stand-in: its string's start). */
export function wholeOffset(e: ElidedText, x: number): number {
  const k = lastCutBefore(e, x, (i) => e.at[i] as number);
  if (k < 0) return x;
  const at = e.at[k] as number;
  return x >= at + STAND_IN ? x + (e.removed[k] as number) : at + removedBefore(e, k);
}

/** The elided text's offset for offset `x` of the whole one (never inside a cut string: a blob's bounds). */
export function elidedOffset(e: ElidedText, x: number): number {
  const k = lastCutBefore(e, x, (i) => (e.at[i] as number) + removedBefore(e, i));
  if (k < 0) return x;
  const start = (e.at[k] as number) + removedBefore(e, k);
  const length = STAND_IN + (e.removed[k] as number) - removedBefore(e, k);
  return x >= start + length
    ? x - (e.removed[k] as number)
    : (e.at[k] as number) + Math.min(x - start, STAND_IN);
}

/**
 * Line and column in the whole text of offset `x` of the elided one. Lines are the same; the column
 * counts the cut characters between the line's start and `x`. `holder` keeps the line index.
 */
export function wholePosition(e: ElidedText, holder: object, x: number): Position {
  const p = positionIn(e.text, holder, x);
  const lineStart = x - p.column + 1;
  return { line: p.line, column: wholeOffset(e, x) - wholeOffset(e, lineStart) + 1 };
}

/** The cut text of each file as a LoadedFile of its own, so finders and line indexes stay with it. */
const views = new WeakMap<ElidedText, LoadedFile>();

/**
 * A file read with its long strings cut out is located in the cut text, which has the same lines:
 * the blob's bounds moved there, the span found, its columns moved back.
 */
function locateElided(file: LoadedFile, origin: BlobOrigin, path: JsonPath): SourceRange {
  const e = file.elided as ElidedText;
  let view = views.get(e);
  if (!view) {
    view = { path: file.path, text: e.text, format: file.format, bytes: 0, blobs: 0 };
    views.set(e, view);
  }
  const moved = { ...origin, start: elidedOffset(e, origin.start), end: elidedOffset(e, origin.end) };
  const { start, end } = spanIn(view, moved, path);
  return {
    file: file.path,
    start: wholePosition(e, view, start),
    end: wholePosition(e, view, Math.max(start, end)),
  };
}

provideLocator('elided', locateElided);
