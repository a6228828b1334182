/**
 * JSON catalog files loaded without making their bundle objects' base64 into JavaScript strings
 * (validate's discovery: on this thread, validate-folder.ts, and on loader threads, holder.ts;
 * parses made there are only validated). That base64 is most of a catalog (the
 * issue #32 catalog: 188 of its 204.5 MB) and a run needs three things of it: that it is base64, that
 * its decoded bytes look like JSON (R14, R15), and nothing else — yet as text it was copied into a
 * fresh string per file (the kernel handing over its pages one by one), decoded once more to be
 * checked, and kept to the end of the run for the collector to move.
 *
 * Here the file is read into the memory of a small WebAssembly scanner (base64-scan.wat), which finds
 * where each `"data": "…"` string's base64 ends 16 bytes at a time. A string that is all base64 (at
 * least MIN_CUT long, canonical padding, its decoded head starting with `{`) is cut out: the text
 * loaded holds a stand-in instead (elided.ts), 8 characters of base64 that decode to `{` and the
 * cut's number, which passes the loader's own checks as the string would have. After the load every
 * stand-in must be found as an `olm.bundle.object`'s `data` inside the bundle that holds its cut, and
 * is replaced by an accessor that reads the string again from the file if anything asks; the
 * bundle's properties are parsed first (model/properties.ts keeps that parse), so validation does
 * not. Blob origins are moved to the whole file's offsets and the file's `text` is read again only if
 * something asks for it; locating uses the cut text (locate.ts).
 *
 * Anything unusual and the file is read as usual, so a cut never changes a verdict or a location: a
 * load error of any kind (opm's messages quote the file's text), a stand-in not found where its cut
 * was, a file that is not all ASCII (offsets would not be byte offsets), an error while reading.
 */
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { DeclarativeConfig, DeclBundle } from '../core/declcfg/types';
import { firstNonSpaceIsBrace } from '../core/load/bundle-objects';
import { STAND_IN, wholeOffset } from '../core/load/elided';
import { loadFile } from '../core/load/load-file';
import { isJsonSpace } from '../core/load/text';
import type { ElidedText, FileLoad, LoadedFile, LoadOptions } from '../core/load/types';
import { parseBundleProperties } from '../core/model/properties';
import type { SourceFile } from '../core/source/types';
import type { ElsewhereLoader } from '../core/workspace/discover';
import { BASE64_SCAN_WASM } from './base64-scan-module';
import { WHOLE_READ_MAX } from './read-text';

/** A base64 string shorter than this stays in the text (cutting it saves less than it costs). */
export const MIN_CUT = 1024;
/** Files this small are read as usual (a bundle object or two). */
const MIN_FILE = 64 << 10;
/** Cuts are numbered in five digits. */
const MAX_CUTS = 100_000;

/** Strings cut, and how often cut text was read again (tests: validation must not read any). */
export const elidedCounts = { cuts: 0, rereadFiles: 0, rereadStrings: 0 };

interface Scanner {
  memory: WebAssembly.Memory;
  scan: (from: number, to: number) => number;
}

let scanner: Scanner | undefined;
let bytesView: Buffer | undefined;

/** The scanner's memory as a Buffer of at least `size` bytes (grown, and viewed again, as needed). */
function scannerMemory(size: number): { s: Scanner; buf: Buffer } {
  if (scanner === undefined) {
    const module = new WebAssembly.Module(Buffer.from(BASE64_SCAN_WASM, 'base64'));
    scanner = new WebAssembly.Instance(module, {}).exports as unknown as Scanner;
  }
  const have = scanner.memory.buffer.byteLength;
  if (have < size) scanner.memory.grow(Math.ceil((size - have) / 65536));
  if (bytesView === undefined || bytesView.buffer !== scanner.memory.buffer)
    bytesView = Buffer.from(scanner.memory.buffer);
  return { s: scanner, buf: bytesView };
}

/** Reads the whole file into the scanner's memory at offset 0; its length, or -1 if it is too big. */
function readIntoScanner(abs: string | Buffer): number {
  const fd = openSync(abs, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > WHOLE_READ_MAX) return -1;
    // One byte of room tells a file that grew since fstat.
    const { buf } = scannerMemory(size + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, size + 1 - n, null);
      if (got === 0) break;
      n += got;
      if (n > size) return -1;
    }
    return n;
  } finally {
    closeSync(fd);
  }
}

const DATA_KEY = Buffer.from('"data"');

/** The stand-in of cut `k`: the base64 of `{` and k in five digits (decodes to JSON-looking bytes). */
function standIn(k: number): string {
  return Buffer.from(`{${String(k).padStart(5, '0')}`, 'latin1').toString('base64');
}

interface Cuts {
  /** [start, end) of each cut string's content in the file. */
  starts: number[];
  ends: number[];
  /** Each cut's stand-in (made by `elide`). */
  standIns: string[];
}

/** The `data` strings of `bytes` (the scanner's memory, [0, n)) that are all base64 and may be cut. */
function findCuts(s: Scanner, buf: Buffer, n: number): Cuts {
  const bytes = buf.subarray(0, n);
  const cuts: Cuts = { starts: [], ends: [], standIns: [] };
  for (let i = bytes.indexOf(DATA_KEY); i >= 0; i = bytes.indexOf(DATA_KEY, i)) {
    let j = i + DATA_KEY.length;
    while (j < n && isJsonSpace(bytes[j] as number)) j++;
    if (bytes[j] !== 0x3a) {
      i = j;
      continue;
    }
    j++;
    while (j < n && isJsonSpace(bytes[j] as number)) j++;
    if (bytes[j] !== 0x22) {
      i = j;
      continue;
    }
    const start = j + 1;
    const alphabetEnd = s.scan(start, n);
    let end = alphabetEnd;
    while (end < n && end - alphabetEnd < 2 && bytes[end] === 0x3d) end++;
    i = end;
    const length = end - start;
    if (bytes[end] !== 0x22 || length < MIN_CUT || length % 4 !== 0) continue;
    // The loader's own test (R15), on the first 48 bytes: a head it calls JSON-looking is one.
    if (!firstNonSpaceIsBrace(Buffer.from(bytes.toString('latin1', start, start + 64), 'base64'))) continue;
    cuts.starts.push(start);
    cuts.ends.push(end);
    if (cuts.starts.length === MAX_CUTS) break;
  }
  return cuts;
}

/**
 * The text with each cut's content replaced by its stand-in: written over the bytes in place (the
 * scanner's memory), then copied out as one Latin-1 string.
 */
function elide(buf: Buffer, n: number, cuts: Cuts): ElidedText {
  const at: number[] = [];
  const removed: number[] = [];
  let to = 0;
  let from = 0;
  let total = 0;
  for (let k = 0; k < cuts.starts.length; k++) {
    const start = cuts.starts[k] as number;
    const end = cuts.ends[k] as number;
    buf.copy(buf, to, from, start);
    to += start - from;
    at.push(to);
    const stand = standIn(k);
    cuts.standIns.push(stand);
    to += buf.write(stand, to, 'latin1');
    total += end - start - STAND_IN;
    removed.push(total);
    from = end;
  }
  buf.copy(buf, to, from, n);
  to += n - from;
  return { text: buf.toString('latin1', 0, to), at, removed };
}

/** Bytes [start, end) of the file again, as text; throws if the file is now shorter or not ASCII there. */
function readAgain(abs: string | Buffer, start: number, end: number): string {
  const buf = Buffer.allocUnsafe(end - start);
  const fd = openSync(abs, 'r');
  let n = 0;
  try {
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, start + n);
      if (got === 0) break;
      n += got;
    }
  } finally {
    closeSync(fd);
  }
  if (n !== buf.length || !isAscii(buf))
    throw new Error(`${String(abs)} changed while it was being validated`);
  return buf.toString('latin1');
}

/** Every blob's origin moved from the cut text's offsets to the file's. */
function moveOrigins(dc: DeclarativeConfig, e: ElidedText): void {
  const lists: { origin: { start: number; end: number } }[][] = Object.values(dc);
  for (const list of lists) {
    for (const b of list) {
      b.origin.start = wholeOffset(e, b.origin.start);
      b.origin.end = wholeOffset(e, b.origin.end);
    }
  }
}

/**
 * Each stand-in, found as an `olm.bundle.object`'s `data` in the bundle whose text held its cut,
 * becomes an accessor reading the string again. False when a stand-in is missing, misplaced or
 * found twice: the file is then read as usual.
 */
function restoreData(
  bundles: readonly DeclBundle[],
  e: ElidedText,
  cuts: Cuts,
  abs: string | Buffer,
): boolean {
  const numbers = new Map<string, number>();
  cuts.standIns.forEach((stand, k) => numbers.set(stand, k));
  const seen = new Uint8Array(cuts.starts.length);
  let found = 0;
  for (const b of bundles) {
    const holders: { holder: Record<string, unknown>; k: number }[] = [];
    for (const p of b.properties) {
      if (p.type !== 'olm.bundle.object') continue;
      const holder = p.value as Record<string, unknown> | null | undefined;
      if (holder === null || typeof holder !== 'object' || Array.isArray(holder)) continue;
      const data = holder.data;
      const k = typeof data === 'string' && data.length === STAND_IN ? numbers.get(data) : undefined;
      if (k === undefined) continue;
      // Its cut must lie inside this bundle's text (the cut text's offsets: origins not yet moved).
      const at = e.at[k] as number;
      if (seen[k] || at < b.origin.start || at >= b.origin.end) return false;
      seen[k] = 1;
      found++;
      holders.push({ holder, k });
    }
    if (holders.length === 0) continue;
    // Parsed while every value is in place, so that validation asks nothing of the accessors.
    parseBundleProperties(b.properties);
    for (const { holder, k } of holders)
      dataReadAgain(holder, abs, cuts.starts[k] as number, cuts.ends[k] as number);
  }
  return found === cuts.starts.length;
}

function dataReadAgain(
  holder: Record<string, unknown>,
  abs: string | Buffer,
  start: number,
  end: number,
): void {
  let data: string | undefined;
  Object.defineProperty(holder, 'data', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (data === undefined) {
        elidedCounts.rereadStrings++;
        data = readAgain(abs, start, end);
      }
      return data;
    },
    set: (value: unknown) => {
      Object.defineProperty(holder, 'data', { value, writable: true, enumerable: true, configurable: true });
    },
  });
}

/** The file as loaded from its cut text: `text` is the whole text, read again on first use. */
function elidedFile(loaded: LoadedFile, e: ElidedText, abs: string | Buffer): LoadedFile {
  let text: string | undefined;
  const file = {
    path: loaded.path,
    format: loaded.format,
    bytes: loaded.bytes,
    blobs: loaded.blobs,
    elided: e,
  };
  Object.defineProperty(file, 'text', {
    enumerable: true,
    get: () => {
      if (text === undefined) {
        elidedCounts.rereadFiles++;
        text = readAgain(abs, 0, loaded.bytes);
      }
      return text;
    },
  });
  return file as LoadedFile;
}

/**
 * The file loaded with its bundle objects' base64 cut out, or undefined to read it as usual. A file
 * with nothing to cut is loaded from the bytes already read, as the usual read would load it.
 */
export function loadElided(
  path: string,
  abs: string | Buffer,
  opts: Pick<LoadOptions, 'bundleObjects'>,
): FileLoad | undefined {
  const n = readIntoScanner(abs);
  if (n < 0) return undefined;
  const { s, buf } = scannerMemory(n);
  if (!isAscii(buf.subarray(0, n))) return undefined;
  const cuts = findCuts(s, buf, n);
  if (cuts.starts.length === 0)
    return loadFile(path, buf.toString('latin1', 0, n), { ...opts, byteLength: n });
  const e = elide(buf, n, cuts);
  elidedCounts.cuts += cuts.starts.length;
  const load = loadFile(path, e.text, { ...opts, byteLength: n });
  if (load.errors.length > 0 || load.file.format !== 'json') return undefined;
  if (!restoreData(load.dc.bundles, e, cuts, abs)) return undefined;
  moveOrigins(load.dc, e);
  return { ...load, file: elidedFile(load.file, e, abs) };
}

/** Whether a listed file is worth reading with its base64 cut out. */
export function elides(path: string, size: number): boolean {
  return path.endsWith('.json') && size >= MIN_FILE && size <= WHOLE_READ_MAX;
}

/** loadElided, undefined on any error: the usual read then reports it in opm's words. */
export function tryElided(
  path: string,
  abs: string | Buffer,
  opts: Pick<LoadOptions, 'bundleObjects'>,
): FileLoad | undefined {
  try {
    return loadElided(path, abs, opts);
  } catch {
    return undefined;
  }
}

/**
 * Discovery's loader for the JSON files of `files` worth it (undefined for the others, which are
 * then read as usual). `absolute` maps a listed path to what fs opens.
 */
export function elidedJsonLoader(
  files: readonly SourceFile[],
  absolute: (path: string) => string | Buffer | undefined,
  opts: Pick<LoadOptions, 'bundleObjects'> = { bundleObjects: 'eager' },
): ElsewhereLoader | undefined {
  const paths = new Set(files.filter((f) => elides(f.path, f.size ?? 0)).map((f) => f.path));
  if (paths.size === 0) return undefined;
  return async (path): Promise<FileLoad | undefined> => {
    const abs = paths.has(path) ? absolute(path) : undefined;
    return abs === undefined ? undefined : tryElided(path, abs, opts);
  };
}
