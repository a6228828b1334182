/**
 * A JSON catalog file too big to hold as one string twice (reading a 200 MB file into one string
 * needs the bytes and the string at once) loads from consecutive segments of its text, cut at line
 * starts between top-level values (the reader finds the cuts; see src/cli/huge-json.ts). Each
 * segment loads as loadFile would load it; blob origins are shifted to the whole file's offsets and
 * blob numbering, so every finding is located as in the whole file.
 *
 * Only the clean case is taken: a segment with any load error, or one that is not a JSON stream,
 * returns undefined and the caller loads the whole text, because opm's errors quote file-wide
 * offsets and Go's JSON/YAML fallback reads the file as a whole.
 */
import { emptyDeclarativeConfig, type DeclarativeConfig } from '../declcfg/types';
import type { BlobOrigin } from '../location';
import { loadFile } from './load-file';
import type { FileLoad, LoadedFile, LoadOptions, TextSegment } from './types';

const JSON_SPACE_ONLY = /^[ \t\r\n]*$/;

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

function shift(origin: BlobOrigin, offset: number, index: number): void {
  origin.start += offset;
  origin.end += offset;
  origin.index += index;
}

export function loadJsonSegments(
  path: string,
  segments: readonly TextSegment[],
  bytes: number,
  opts?: Pick<LoadOptions, 'bundleObjects'>,
): FileLoad | undefined {
  const file = segmentedFile(path, segments, bytes);
  const dc: DeclarativeConfig = emptyDeclarativeConfig();
  let blobs = 0;
  for (const s of segments) {
    // The spaces after the last value (the whole-file loader reads past them): nothing to load.
    if (JSON_SPACE_ONLY.test(s.text)) continue;
    const part = loadFile(path, s.text, { ...opts, byteLength: 0 });
    if (part.errors.length > 0 || part.file.format === 'yaml') return undefined;
    for (const key of ['packages', 'channels', 'bundles', 'deprecations', 'others'] as const) {
      for (const blob of part.dc[key]) {
        // Each blob's origin is its own object, made by this segment's load.
        shift(blob.origin, s.offset, blobs);
        (dc[key] as (typeof blob)[]).push(blob);
      }
    }
    blobs += part.file.blobs;
  }
  file.blobs = blobs;
  return { file, dc, errors: [] };
}
