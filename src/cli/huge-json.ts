/**
 * A JSON catalog file too big to read as one string (a 200 MB single-file catalog: the bytes and the
 * string together are twice its size), read in chunks and loaded in segments cut at line starts
 * between top-level values (src/core/load/load-segments.ts), so the peak holds the text once plus a
 * chunk. Anything unusual and the file loads whole, so the fast path never changes a verdict or a
 * location: a byte that is not ASCII (a UTF-8 sequence could straddle a chunk) or a top-level value
 * that is not an object stops the chunked read and the file is read as usual; a load error in any
 * segment (opm's messages quote file-wide offsets) loads the segments' joined text as one file.
 */
import { isAscii } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { loadFile } from '../core/load/load-file';
import { loadJsonSegments } from '../core/load/load-segments';
import { JsonScanner } from '../core/load/json-scan';
import { consumeJsonSpace } from '../core/load/text';
import type { FileLoad, LoadOptions, TextSegment } from '../core/load/types';
import type { SourceFile } from '../core/source/types';
import type { ElsewhereLoader } from '../core/workspace/discover';
import { WHOLE_READ_MAX } from './read-text';

/** Files above this size are read in segments (whole reads of them would go through Node's UTF-8 read). */
export const HUGE_FILE = WHOLE_READ_MAX;
const CHUNK = 16 << 20;
/** A top-level value this long is read whole: segments pay off for many values, not for one. */
const VALUE_MAX = 16 << 20;

/** Space that may end a line after a value (JSON whitespace but the newline). */
function isLineSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

/**
 * Where `text` may be cut: just past the newline that ends the line of the last complete top-level
 * value (nothing but spaces after it on its line). 0 when there is no such place yet; -1 when the
 * text is not a stream of objects (the whole-file path then decides).
 */
export function lastCut(text: string): number {
  const scanner = new JsonScanner(text);
  const n = text.length;
  let cut = 0;
  let i = 0;
  for (;;) {
    i = consumeJsonSpace(text, i);
    if (i >= n) return cut;
    if (text.charCodeAt(i) !== 0x7b) return -1;
    const end = scanner.findEnd(i);
    if (end < 0) return cut; // runs past the chunk (or is broken: the last segment will say)
    let j = end;
    while (j < n && isLineSpace(text.charCodeAt(j))) j++;
    if (j < n && text.charCodeAt(j) === 10) cut = j + 1;
    i = end;
  }
}

/**
 * The file's text as segments, or undefined when it must be read whole. The bytes after a cut stay
 * in the buffer and the next read lands behind them, so each segment is one Latin-1 copy of its
 * bytes (strings are never joined: a joined string would be flattened, a second copy).
 */
export function readJsonSegments(abs: string | Buffer, chunk = CHUNK): TextSegment[] | undefined {
  const fd = openSync(abs, 'r');
  try {
    let buf = Buffer.allocUnsafe(chunk);
    const segments: TextSegment[] = [];
    let filled = 0;
    let offset = 0;
    let line = 0;
    for (;;) {
      const n = readSync(fd, buf, filled, buf.length - filled, null);
      const total = filled + n;
      if (total === 0) break;
      const bytes = buf.subarray(filled, total);
      if (!isAscii(bytes)) return undefined;
      const text = buf.toString('latin1', 0, total);
      const cut = n === 0 ? total : lastCut(text);
      if (cut < 0) return undefined;
      if (cut === 0) {
        // One value of 16 MB or more (a hostile 50 MB string, not a catalog of many blobs): the
        // usual whole read holds it once, where reading on behind it in ever bigger buffers held
        // each buffer and its text (peak growth 4.7× the file instead of 2.8×).
        if (buf.length >= VALUE_MAX) return undefined;
        // Else read on behind it in a bigger buffer.
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, total);
        buf = bigger;
        filled = total;
        continue;
      }
      const seg = cut === total ? text : text.slice(0, cut);
      segments.push({ text: seg, offset, line });
      offset += seg.length;
      for (let i = seg.indexOf('\n'); i >= 0; i = seg.indexOf('\n', i + 1)) line++;
      buf.copy(buf, 0, cut, total);
      filled = total - cut;
      if (n === 0) break;
    }
    return segments.length > 0 ? segments : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Discovery's loader for huge JSON files of `source` (undefined for every other file, which is then
 * read as usual). `absolute` maps a listed path to what fs opens.
 */
export function hugeJsonLoader(
  files: readonly SourceFile[],
  absolute: (path: string) => string | Buffer | undefined,
  opts: Pick<LoadOptions, 'bundleObjects'> = { bundleObjects: 'eager' },
  sizes: { above: number; chunk: number } = { above: HUGE_FILE, chunk: CHUNK },
): ElsewhereLoader | undefined {
  const huge = new Map(
    files.filter((f) => (f.size ?? 0) > sizes.above).map((f) => [f.path, f.size as number]),
  );
  if (huge.size === 0) return undefined;
  return async (path): Promise<FileLoad | undefined> => {
    const size = huge.get(path);
    const abs = size === undefined ? undefined : absolute(path);
    if (abs === undefined) return undefined;
    let segments: TextSegment[] | undefined;
    try {
      segments = readJsonSegments(abs, sizes.chunk);
    } catch {
      return undefined; // the usual read reports the error in opm's words
    }
    if (!segments) return undefined;
    const load = loadJsonSegments(path, segments, size as number, opts);
    if (load) return load;
    // A load error: the whole file loads from the segments joined (the same text, as it is all
    // ASCII), not from a second read, which would hold the segments, the bytes and the string.
    const text = segments.map((s) => s.text).join('');
    // eslint-disable-next-line no-useless-assignment -- the pieces must not stay alive (on the stack) while the whole text loads: 40 MB less at the peak on a 200 MB file
    segments = undefined;
    return loadFile(path, text, { ...opts, byteLength: size as number });
  };
}
