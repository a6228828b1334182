import type { DeclarativeConfig } from '../declcfg/types';
import type { LocRef, SourceRange } from '../location';
import { validateBlob } from '../schema/validate-schema';
import type { SchemaMarker } from './edit-types';

/**
 * Schema problems of every blob of one file, located. A problem about a whole object (a missing
 * property) is marked on the object's first line only, so a missing `image` does not underline
 * the entire bundle.
 */
export function schemaMarkers(
  dc: DeclarativeConfig,
  path: string,
  locate: (ref: LocRef) => SourceRange | undefined,
): SchemaMarker[] {
  const out: SchemaMarker[] = [];
  for (const list of [dc.packages, dc.channels, dc.bundles, dc.deprecations, dc.others] as const) {
    for (const blob of list) {
      if (blob.origin.file !== path) continue;
      for (const p of validateBlob(blob.raw)) {
        const range = locate({ origin: blob.origin, path: p.path });
        if (!range) continue;
        const firstLine =
          range.end.line > range.start.line
            ? { ...range, end: { line: range.start.line, column: range.start.column + 1 } }
            : range;
        out.push({ message: p.message, range: firstLine });
      }
    }
  }
  return out.sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column,
  );
}
