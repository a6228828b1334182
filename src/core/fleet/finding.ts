/** A Fleet finding: Fleet's own checks say `fleet`, our hints `fbc-studio` (as their rule entry says). */
import type { Diagnostic } from '../diagnostics';
import type { SourceRange } from '../location';
import { ruleById, type RuleId } from '../rules';

export function fleetFinding(
  rule: RuleId,
  severity: Diagnostic['severity'],
  message: string,
  location: SourceRange | undefined,
): Diagnostic {
  const source = ruleById(rule)?.source === 'fbc-studio' ? 'fbc-studio' : 'fleet';
  return { severity, source, rule, message, ...(location ? { location } : {}) };
}

/** Line 1, column 1 of a file: where a finding about a whole file points. */
export function atFile(file: string): SourceRange {
  return { file, start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
}
