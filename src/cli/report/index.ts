/**
 * CI report formats over the neutral findings of ./types: a command calls `renderReport` once with
 * the format the user chose. See README "CLI in CI" for what each prints.
 */
import { renderGithub } from './github';
import { renderJunit } from './junit';
import { renderSarif } from './sarif';
import type { CiFormat, FailLevel, Report } from './types';

export * from './types';
export { EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, exitCodeFor, failsAt } from './fail-on';

export function renderReport(format: CiFormat, report: Report, failOn: FailLevel = 'error'): string {
  switch (format) {
    case 'github':
      return renderGithub(report);
    case 'sarif':
      return renderSarif(report);
    case 'junit':
      return renderJunit(report, failOn);
  }
}
