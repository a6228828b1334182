/** One finding as the CLI prints it in text: `file:line:col: opm error [R12] message (scope)`. */
import type { Diagnostic } from '../core/diagnostics';
import { scopeOf } from './report/from-diagnostics';

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.location ? `${d.location.file}:${d.location.start.line}:${d.location.start.column}` : '-';
  const scope = scopeOf(d);
  const kind = d.source === 'opm' ? `opm ${d.severity}` : `fbc-studio ${d.severity}`;
  const message = d.message.replace(/\n/g, '\n    ');
  return `${where}: ${kind} [${d.rule}] ${message}${scope ? ` (${scope})` : ''}`;
}
