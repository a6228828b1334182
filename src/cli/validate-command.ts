/**
 * `fbc-studio validate DIR`: opm's verdict and text, every finding located, and the CI formats. A
 * repository root validates each catalog in it (workspace-command.ts); one catalog goes on as opm.
 */
import type { Diagnostic } from '../core/diagnostics';
import { capFinding, capLines } from '../core/message-cap';
import { parseDirectoryArgs, type Io } from './command-args';
import { formatDiagnostic } from './format-diagnostic';
import { exitCodeFor, runCiOptions } from './report/run';
import { checkFolder } from './validate-folder';

export const VALIDATE_USAGE = `  fbc-studio validate <directory> [-o text|json|yaml|github|sarif|junit] [--fail-on error|warning|never] [--full-messages]
`;

// opm's validate names only json and yaml as choices, though text (the default) is one too.
const VALIDATE_OUTPUT = { formats: ['text', 'json', 'yaml'], expected: '(json|yaml)' };

/** `--full-messages`: print opm's text whole; by default each line is capped (see message-cap). */
const FULL_MESSAGES = '--full-messages';

export async function validateCommand(allArgs: string[], io: Io): Promise<number> {
  const full = allArgs.includes(FULL_MESSAGES);
  const cap = <T extends Diagnostic>(d: T): T => (full ? d : capFinding(d));
  const capMessage = (m: string | null) => (full || m === null ? m : capLines(m));
  // CI formats and --fail-on first; what is left parses as opm's validate does.
  // runCiOptions takes --full-messages off the arguments too (the CI formats honour it).
  const ci = await runCiOptions(allArgs, io, 'validate');
  if (typeof ci === 'number') return ci;
  const parsed = parseDirectoryArgs(ci.args, io, VALIDATE_OUTPUT, `Usage:\n${VALIDATE_USAGE}`);
  if (!parsed) return ci.usageCode;
  const { output, dir } = parsed;
  // A repository root validates each catalog in it; a catalog folder goes on exactly as before.
  const checked = await checkFolder(dir);
  if ('repository' in checked) {
    const { validateRepository } = await import('./workspace-command');
    return validateRepository(checked.repository, output, io, ci.failOn, ci.fullMessages);
  }
  const result = checked.verdict;
  const diagnostics = result.diagnostics;
  const code = exitCodeFor(diagnostics, ci.failOn, !result.passed);
  if (output === 'text') {
    if (!result.passed) io.err(`${capMessage(result.opmMessage)}\n`);
    const located = diagnostics.filter((d) => (result.passed ? d.source === 'fbc-studio' : true));
    if (located.length > 0) {
      io.err(`${result.passed ? '' : '\n'}Findings with locations:\n`);
      for (const d of located) io.err(`  ${formatDiagnostic(cap(d))}\n`);
    }
    return code;
  }
  const report: Record<string, unknown> = { passed: result.passed };
  if (!result.passed) report.error = { message: capMessage(result.opmMessage) };
  report.diagnostics = diagnostics.map(({ ref: _ref, ...d }) => cap(d));
  // The YAML library is loaded only for -o yaml: JSON and text are what CI jobs ask for.
  io.out(
    output === 'json' ? JSON.stringify(report, null, 2) + '\n' : (await import('yaml')).stringify(report),
  );
  return code;
}
