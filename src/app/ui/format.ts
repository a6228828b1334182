import type { SourceRange } from '../../core/location';

/** `pkg/catalog.yaml:12:5`, the form editors and terminals understand. */
export function formatLocation(loc: SourceRange): string {
  return `${loc.file}:${loc.start.line}:${loc.start.column}`;
}

/** Whose verdict the summary gives: opm's, or a Crossplane package's or Fleet bundle's own checks. */
export function verdictLabel(s: { beside?: 'crossplane' | 'fleet' }): string {
  return s.beside ? (s.beside === 'fleet' ? 'Fleet bundle' : 'Crossplane package') : 'opm validate';
}
