/**
 * One finding as the CLI prints it in text: `file:line:col: opm error [R12] message (scope)`; one the
 * repository configuration accepts: `fbc-studio accepted warning [rule] message (scope) [accepted: reason (file:line)]`.
 */
import type { Diagnostic } from '../core/diagnostics';
import { scopeOf } from './report/from-diagnostics';

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.location ? `${d.location.file}:${d.location.start.line}:${d.location.start.column}` : '-';
  const scope = scopeOf(d);
  // An accepted finding of ours says so first: it is listed, and fails nothing.
  // A policy pack's finding is marked with the pack's name (konflux, community), never as opm's.
  const who = d.source === 'konflux' || d.source === 'community' ? d.source : 'fbc-studio';
  const kind =
    d.source === 'opm' ? `opm ${d.severity}` : `${who} ${d.accepted ? 'accepted ' : ''}${d.severity}`;
  const message = d.message.replace(/\n/g, '\n    ');
  const accepted = d.accepted ? ` [accepted: ${d.accepted.reason} (${d.accepted.by})]` : '';
  return `${where}: ${kind} [${d.rule}] ${message}${scope ? ` (${scope})` : ''}${accepted}`;
}
