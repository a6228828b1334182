/**
 * The CI side of `validate` and `workspace`: with a CI format, the whole run (check the folder,
 * print the report, exit by --fail-on). One call from each command.
 */
import type { Io } from '../command-args';
import type { PolicyOptions } from '../policy-options';
import { EXIT_USAGE, exitCodeFor, failsAt } from './fail-on';
import { loadRuleCatalogue } from '../rule-catalogue';
import { CI_FORMATS, type CiFormat, type FailOn, type ReportFinding } from './types';

/** The options CI adds to a command that reports findings (declared in commands.ts). */
export interface CiOptions {
  output?: string;
  /** Given: exit codes follow the CI contract even in text (2 for a usage error). */
  failOn?: FailOn;
  /** `--full-messages`: findings' messages whole (by default capped, see core/message-cap.ts). */
  fullMessages?: boolean;
}

/** The CI format `output` names, if it names one. */
export function ciFormat(output: string | undefined): CiFormat | undefined {
  return CI_FORMATS.find((f) => f === output);
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/** One line per catalog, for the log of a `-o github` run (annotations alone give no total). */
function summaryLine(name: string, all: readonly ReportFinding[]): string {
  const findings = all.filter((f) => !f.accepted);
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  const accepted = all.length - findings.length;
  return (
    `${name}: ${errors > 0 ? 'failed' : 'passed'}, ${plural(errors, 'error')}, ${plural(warnings, 'warning')}` +
    (accepted > 0 ? `, ${accepted} accepted` : '')
  );
}

/** The `-o github` line for accepted findings, which are not annotated: how many, and where they are accepted. */
function acceptedLine(findings: readonly ReportFinding[]): string {
  const accepted = findings.filter((f) => f.accepted);
  if (accepted.length === 0) return '';
  const files = [...new Set(accepted.map((f) => (f.accepted as { by: string }).by.replace(/:\d+$/, '')))];
  return `${plural(accepted.length, 'accepted finding')} not annotated (reasons in ${files.join(', ')})\n`;
}

/** A CI format's run of `validate` or `workspace` on `dir`, to its exit code. */
export async function runCiReport(
  dir: string,
  command: 'validate' | 'workspace',
  format: CiFormat,
  o: CiOptions & PolicyOptions,
  io: Io,
): Promise<number> {
  // The report writers and the repository checks are loaded only for a CI format (start-up).
  const [{ reportForFolder }, { writeReport }] = await Promise.all([import('./collect'), import('./index')]);
  const failOn = o.failOn ?? 'error';
  let checked;
  try {
    checked = await reportForFolder(dir, command, { templates: command === 'workspace', policy: o });
  } catch (e) {
    io.err(`${(e as Error).message}\n`);
    return EXIT_USAGE;
  }
  const { report, failed, noCatalog, policyLine } = checked;
  if (noCatalog) io.err(noCatalog);
  // Which pack ran and why, on stderr: the report itself stays the format's.
  if (policyLine) io.err(`${policyLine}\n`);
  // The rule catalogue, when the report names a rule (SARIF names them all).
  if (format === 'sarif' || report.findings.length > 0) await loadRuleCatalogue();
  writeReport(io, format, report, failOn, o.fullMessages);
  if (format === 'github') {
    for (const c of report.catalogs) {
      io.out(
        summaryLine(
          c.name,
          report.findings.filter((f) => f.catalog === c.name),
        ) + '\n',
      );
    }
    io.out(acceptedLine(report.findings));
  }
  return exitCodeFor(report.findings, failOn, failed);
}

export { exitCodeFor, failsAt };
