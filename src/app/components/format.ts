import type { SourceRange } from '../../core/location';

/** `pkg/catalog.yaml:12:5`, the form editors and terminals understand. */
export function formatLocation(loc: SourceRange): string {
  return `${loc.file}:${loc.start.line}:${loc.start.column}`;
}
