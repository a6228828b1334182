/**
 * CI report formats over the neutral findings of ./types: a command calls `renderReport` once with
 * the format the user chose. See docs/ci.md for what each prints.
 */
import { capReport } from './cap';
import { renderGithub, writeGithubBytes, writeGithubText } from './github';
import { renderJunit } from './junit';
import { renderSarif } from './sarif';
import type { Io } from '../command-args';
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

/**
 * `renderReport` written through `io`; GitHub's annotations in pieces as they are made (github.ts),
 * as bytes where `io` takes them, else as strings.
 */
export function writeReport(
  io: Pick<Io, 'out' | 'outBytes'>,
  format: CiFormat,
  whole: Report,
  failOn: FailLevel = 'error',
  fullMessages = false,
): void {
  if (format !== 'github') {
    io.out(renderReport(format, whole, failOn, fullMessages));
    return;
  }
  const report = fullMessages ? whole : capReport(whole);
  const outBytes = io.outBytes?.bind(io);
  if (outBytes) writeGithubBytes(report, outBytes);
  else writeGithubText(report, (s) => io.out(s));
}
