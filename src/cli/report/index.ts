/**
 * CI report formats over the neutral findings of ./types: a command calls `renderReport` once with
 * the format the user chose. See docs/ci.md for what each prints.
 */
import { capReport } from './cap';
import { githubChunks, renderGithub } from './github';
import { renderJunit } from './junit';
import { renderSarif } from './sarif';
import type { CiFormat, FailLevel, Report } from './types';

export * from './types';
export { EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, exitCodeFor, failsAt } from './fail-on';

/** Messages are capped at about 2 KB a line unless `fullMessages` (the commands' --full-messages). */
export function renderReport(
  format: CiFormat,
  whole: Report,
  failOn: FailLevel = 'error',
  fullMessages = false,
): string {
  const report = fullMessages ? whole : capReport(whole);
  switch (format) {
    case 'github':
      return renderGithub(report);
    case 'sarif':
      return renderSarif(report);
    case 'junit':
      return renderJunit(report, failOn);
  }
}

/** `renderReport` written through `out`; GitHub's annotations in pieces as they are made (github.ts). */
export function writeReport(
  out: (s: string) => void,
  format: CiFormat,
  whole: Report,
  failOn: FailLevel = 'error',
  fullMessages = false,
): void {
  if (format !== 'github') {
    out(renderReport(format, whole, failOn, fullMessages));
    return;
  }
  for (const chunk of githubChunks(fullMessages ? whole : capReport(whole))) out(chunk);
}
