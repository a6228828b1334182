/**
 * The CI formats cap long messages as the text output does (src/core/message-cap.ts): an opm
 * message quoting a 50 MB value would otherwise be a 50 MB annotation, SARIF result or JUnit
 * failure. `--full-messages` keeps them whole.
 */
import { capLines } from '../../core/message-cap';
import type { Report } from './types';

/** `report` with each finding's message capped line by line (the same object when none is long). */
export function capReport(report: Report): Report {
  let changed = false;
  const findings = report.findings.map((f) => {
    const message = capLines(f.message);
    if (message === f.message) return f;
    changed = true;
    // The capped message is no longer its text and scope.
    const { text: _text, scope: _scope, ...rest } = f;
    return { ...rest, message };
  });
  return changed ? { ...report, findings } : report;
}
