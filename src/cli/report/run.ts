/**
 * The CI side of `validate` and `workspace`: the options taken off the arguments, and for a CI
 * format the whole run (check the folder, print the report, exit by --fail-on). One call from
 * each command.
 */
import type { Io } from '../command-args';
import type { PolicyOptions } from '../policy-options';
import { takeCiDirectory, type CiOptions } from './ci-options';
import { EXIT_USAGE, exitCodeFor, failsAt } from './fail-on';
import type { ReportFinding } from './types';

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

/**
 * Takes the CI options off `args`. Returns a number when the command is done (a usage error, or a
 * CI format run to the end), else the options for the command's own text/json/yaml path.
 */
export async function runCiOptions(
  args: string[],
  io: Io,
  command: 'validate' | 'workspace',
  policy: PolicyOptions = {},
): Promise<number | CiOptions> {
  const taken = takeCiDirectory(
    args,
    io,
    (format) => `Usage:\n  fbc-studio ${command} <directory> -o ${format} [--fail-on error|warning|never]\n`,
  );
  if (typeof taken === 'number') return taken;
  const { ci, dir } = taken;
  if (!ci.format || dir === undefined) return ci;
  // The report writers and the repository checks are loaded only for a CI format (start-up).
  const [{ reportForFolder }, { renderReport }] = await Promise.all([import('./collect'), import('./index')]);
  let checked;
  try {
    checked = await reportForFolder(dir, command, { templates: command === 'workspace', policy });
  } catch (e) {
    io.err(`${(e as Error).message}\n`);
    return EXIT_USAGE;
  }
  const { report, failed, noCatalog, policyLine } = checked;
  if (noCatalog) io.err(`${noCatalog}\n`);
  // Which pack ran and why, on stderr: the report itself stays the format's.
  if (policyLine) io.err(`${policyLine}\n`);
  io.out(renderReport(ci.format, report, ci.failOn, ci.fullMessages));
  if (ci.format === 'github') {
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
  return exitCodeFor(report.findings, ci.failOn, failed);
}

export { exitCodeFor, failsAt };
