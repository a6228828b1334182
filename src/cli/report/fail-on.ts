/**
 * `--fail-on` and the exit codes CI reads: 0 nothing at the level, 1 findings at the level,
 * 2 usage or I/O error. A finding "at the level" is an error for `error`, an error or a warning
 * for `warning`; `never` leaves findings out of the exit code altogether.
 */
import type { FailLevel, ReportFinding } from './types';

export const EXIT_CLEAN = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

/**
 * A value given to an option that cannot be used (`--base REF` that is neither a folder nor a
 * revision, a `--released` image that cannot be pulled): exit 2 like any usage or I/O error, whatever
 * the output format, so that 1 stays a verdict.
 */
export class OptionValueError extends Error {}

/** Whether a finding counts toward a failure at `failOn` (an accepted one never does). */
export function failsAt(f: Pick<ReportFinding, 'severity' | 'accepted'>, failOn: FailLevel): boolean {
  if (failOn === 'never' || f.accepted) return false;
  if (failOn === 'any') return true;
  return f.severity === 'error' || (failOn === 'warning' && f.severity === 'warning');
}

/**
 * The exit code for findings. `failed` is opm's verdict: a catalog opm rejects fails at `error`
 * even in the (unexpected) case that no single finding carries severity error.
 */
export function exitCodeFor(
  findings: readonly Pick<ReportFinding, 'severity' | 'accepted'>[],
  failOn: FailLevel,
  failed = false,
): number {
  if (failOn === 'never') return EXIT_CLEAN;
  return failed || findings.some((f) => failsAt(f, failOn)) ? EXIT_FINDINGS : EXIT_CLEAN;
}
