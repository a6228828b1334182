/**
 * `fbc-studio validate DIR`: opm's verdict and text, every finding located, and the CI formats. A
 * repository root validates each catalog in it (workspace-command.ts); one catalog goes on as opm.
 */
import { capping } from '../core/message-cap';
import { parseDirectoryArgs, type Io } from './command-args';
import { formatDiagnostic } from './format-diagnostic';
import { POLICY_USAGE, takePolicyOptions } from './policy-options';
import { EXIT_USAGE } from './report/fail-on';
import { exitCodeFor, runCiOptions } from './report/run';
import { reportNoCatalog } from './no-catalog';
import { checkFolder } from './validate-folder';

export const VALIDATE_USAGE = `  fbc-studio validate <directory> [-o text|json|yaml|github|sarif|junit] [--fail-on error|warning|never] [--full-messages]
      ${POLICY_USAGE}
`;

// opm's validate names only json and yaml as choices, though text (the default) is one too.
const VALIDATE_OUTPUT = { formats: ['text', 'json', 'yaml'], expected: '(json|yaml)' };

export async function validateCommand(allArgs: string[], io: Io): Promise<number> {
  // The policy options first (policy-options.ts), then CI formats, --fail-on and --full-messages;
  // what is left parses as opm's validate does.
  const taken = takePolicyOptions(allArgs);
  if ('error' in taken) {
    io.err(`${taken.error}\nUsage:\n${VALIDATE_USAGE}`);
    return EXIT_USAGE;
  }
  const policyOpts = taken.opts;
  const ci = await runCiOptions(taken.args, io, 'validate', policyOpts);
  if (typeof ci === 'number') return ci;
  // opm's text and each finding capped at about 2 KB unless --full-messages (core/message-cap.ts).
  const cap = capping(ci.fullMessages);
  const parsed = parseDirectoryArgs(ci.args, io, VALIDATE_OUTPUT, `Usage:\n${VALIDATE_USAGE}`);
  if (!parsed) return ci.usageCode;
  const { output, dir } = parsed;
  // A repository root validates each catalog in it; a catalog folder goes on exactly as before.
  const checked = await checkFolder(dir);
  if ('repository' in checked) {
    // No olm.* blob anywhere: nothing to judge, and none of its files are ours to report.
    if (checked.repository.catalogs.length === 0) return reportNoCatalog(dir, output, io, ci.failOn);
    const { validateRepository } = await import('./workspace-command');
    return validateRepository(checked.repository, output, io, ci.failOn, ci.fullMessages, dir, policyOpts);
  }
  const result = checked.verdict;
  const diagnostics = result.diagnostics;
  // The pack runs beside opm's verdict: its findings are its own, its errors fail the run too.
  const { policyForFolder, policyJson, policyLine, policyShown } = await import('./policy-run');
  const policy = await policyForFolder(dir, policyOpts);
  const code = Math.max(
    exitCodeFor(diagnostics, ci.failOn, !result.passed),
    exitCodeFor(policy.all, ci.failOn),
  );
  if (output === 'text') {
    if (!result.passed) io.err(`${cap.text(result.opmMessage)}\n`);
    const located = diagnostics.filter((d) => (result.passed ? d.source === 'fbc-studio' : true));
    if (located.length > 0) {
      io.err(`${result.passed ? '' : '\n'}Findings with locations:\n`);
      for (const d of located) io.err(`  ${formatDiagnostic(cap.finding(d))}\n`);
    }
    if (policyShown(policy)) {
      io.err(`${policyLine(policy)}\n`);
      for (const d of policy.all) io.err(`  ${formatDiagnostic(cap.finding(d))}\n`);
    }
    return code;
  }
  const report: Record<string, unknown> = { passed: result.passed };
  if (!result.passed) report.error = { message: cap.text(result.opmMessage) };
  report.diagnostics = diagnostics.map(({ ref: _ref, ...d }) => cap.finding(d));
  if (policyShown(policy)) report.policy = policyJson(policy, ({ ref: _ref, ...d }) => cap.finding(d));
  // The YAML library is loaded only for -o yaml: JSON and text are what CI jobs ask for.
  io.out(
    output === 'json' ? JSON.stringify(report, null, 2) + '\n' : (await import('yaml')).stringify(report),
  );
  return code;
}
