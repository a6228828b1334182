/**
 * A JSON catalog file too big to hold as one string twice (reading a 200 MB file into one string
 * needs the bytes and the string at once) loads from consecutive segments of its text, cut at line
 * starts between top-level values (the reader finds the cuts; see src/cli/huge-json.ts). Each
 * segment loads as loadFile would load it; blob origins are shifted to the whole file's offsets and
 * blob numbering, so every finding is located as in the whole file.
 *
 * A blob that fails (BLOB_RULES) is reported from its segment, moved to its place in the file. Any
 * other load error — a syntax error, the YAML fallback — returns undefined and the caller loads the
 * whole text: opm's messages for those quote file-wide offsets, and Go's JSON/YAML fallback reads the
 * file as a whole.
 */
import { appendConfig, emptyDeclarativeConfig, type DeclarativeConfig } from '../declcfg/types';
import type { BlobOrigin, JsonPath, LocRef, SourceRange } from '../location';
import { loadFile } from './load-file';
import { locateIn, provideLocator } from './locate';
import { consumeJsonSpace, segmentAt } from './text';
import type { FileLoad, LoadedFile, LoadError, LoadOptions, TextSegment } from './types';

/** The file as one LoadedFile: `text` is joined from the segments only if something asks for it. */
function segmentedFile(path: string, segments: readonly TextSegment[], bytes: number): LoadedFile {
  let joined: string | undefined;
  const file = { path, format: 'json', bytes, blobs: 0, segments } as Omit<LoadedFile, 'text'>;
  Object.defineProperty(file, 'text', {
    enumerable: true,
    get: () => (joined ??= segments.map((s) => s.text).join('')),
  });
  return file as LoadedFile;
}

/** One LoadedFile per segment of a file read in pieces, so finders and line tables stay per segment. */
const segmentViews = new WeakMap<TextSegment, LoadedFile>();

/**
 * A blob of a file read in segments lies inside one segment, which starts a
 * line: located in the segment, then moved down by the lines before it (columns are unchanged).
 */
function locateInSegment(file: LoadedFile, origin: BlobOrigin, path: JsonPath): SourceRange {
  const seg = segmentAt(file.segments as readonly TextSegment[], origin.start);
  let view = segmentViews.get(seg);
  if (!view) {
    view = { path: file.path, text: seg.text, format: file.format, bytes: 0, blobs: 0 };
    segmentViews.set(seg, view);
  }
  const r = locateIn(
    view,
    { ...origin, start: origin.start - seg.offset, end: origin.end - seg.offset },
    path,
  );
  return {
    file: r.file,
    start: { line: r.start.line + seg.line, column: r.start.column },
    end: { line: r.end.line + seg.line, column: r.end.column },
  };
}

provideLocator('segments', locateInSegment);

function shift(origin: BlobOrigin, offset: number, index: number): void {
  origin.start += offset;
  origin.end += offset;
  origin.index += index;
}

/**
 * The errors a segment may carry: those of one blob, which read nothing outside it — its Meta (R6–R8,
 * a plain error once the file has two values before it, which `jsonValuesBefore` tells the segment's
 * loader) and its decoding (addBlob: R9–R15). A syntax error is not among them: Go then resumes at
 * the next line starting with `{`, which may lie in the next segment.
 */
const BLOB_RULES: ReadonlySet<string> = new Set([
  'R6',
  'R7',
  'R8',
  'R9',
  'R10',
  'R11',
  'R12',
  'R13',
  'R14',
  'R15',
]);

function moveDown(r: SourceRange, lines: number): SourceRange {
  return {
    file: r.file,
    start: { line: r.start.line + lines, column: r.start.column },
    end: { line: r.end.line + lines, column: r.end.column },
  };
}

export function loadJsonSegments(
  path: string,
  segments: readonly TextSegment[],
  bytes: number,
  opts?: Pick<LoadOptions, 'bundleObjects'>,
): FileLoad | undefined {
  const file = segmentedFile(path, segments, bytes);
  const dc: DeclarativeConfig = emptyDeclarativeConfig();
  const errors: LoadError[] = [];
  let blobs = 0;
  for (const s of segments) {
    // The spaces after the last value (the whole-file loader reads past them): nothing to load.
    if (consumeJsonSpace(s.text, 0) === s.text.length) continue;
    const part = loadFile(path, s.text, { ...opts, byteLength: 0, jsonValuesBefore: blobs });
    if (part.errors.some((e) => !BLOB_RULES.has(e.rule) || !e.ref)) return undefined;
    // A value JSON could not read sends Go's decoder to YAML when it is among the file's first two;
    // a segment counts from its own start, so any YAML blob means the whole file must decide.
    const origins = [
      ...Object.values(part.dc).flatMap((list: { origin: BlobOrigin }[]) => list.map((b) => b.origin)),
      ...part.errors.map((e) => (e.ref as LocRef).origin),
    ];
    if (part.file.format !== 'json' || origins.some((o) => o.format !== 'json')) return undefined;
    // Each origin is its own object, made by this segment's load (an error shares its blob's).
    for (const o of new Set(origins)) shift(o, s.offset, blobs);
    appendConfig(dc, part.dc);
    for (const e of part.errors) errors.push({ ...e, location: moveDown(e.location, s.line) });
    blobs += part.file.blobs;
  }
  file.blobs = blobs;
  return { file, dc, errors };
}
