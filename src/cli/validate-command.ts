/**
 * `fbc-studio validate DIR`: opm's verdict and text, every finding located, and the CI formats. A
 * repository root validates each catalog in it (workspace-command.ts); one catalog goes on as opm.
 */
import { capping } from '../core/message-cap';
import type { Io } from './command-args';
import { FindingsText } from './findings-text';
import { loadRuleCatalogue } from './rule-catalogue';
import type { PolicyOptions } from './policy-options';
import { plainDiagnostic } from './report/from-diagnostics';
import { ciFormat, exitCodeFor, runCiReport, type CiOptions } from './report/run';
import { reportNoCatalog } from './no-catalog';

export interface ValidateOptions extends CiOptions, PolicyOptions {
  output: string;
  /** Each rule's catalogue entry after the findings. */
  explain?: boolean;
}

export async function validateCommand(dir: string, o: ValidateOptions, io: Io): Promise<number> {
  const format = ciFormat(o.output);
  if (format) return runCiReport(dir, 'validate', format, o, io);
  const failOn = o.failOn ?? 'error';
  // opm's text and each finding capped at about 2 KB unless --full-messages (core/message-cap.ts).
  const cap = capping(o.fullMessages === true);
  // A repository root validates each catalog in it; a catalog folder goes on exactly as before.
  // (Loaded here: a CI format's run goes through runCiReport and never needs the folder's pool.)
  const { checkFolder } = await import('./validate-folder');
  const checked = await checkFolder(dir, o);
  if ('repository' in checked) {
    // No olm.* blob anywhere: nothing to judge, and none of its files are ours to report.
    if (checked.repository.catalogs.length === 0) {
      const templates = checked.repository.workspace.templates.map((t) => t.path);
      return reportNoCatalog(dir, checked.repository.infos.keys(), o.output, io, failOn, templates);
    }
    const { validateRepository } = await import('./workspace-command');
    return validateRepository(checked.repository, o, io, dir, checked);
  }
  const result = checked.verdict;
  const diagnostics = result.diagnostics;
  // The pack runs beside opm's verdict: its findings are its own, its errors fail the run too.
  const { policyForFolder, policyJson, policyLine, policyShown } = await import('./policy-run');
  const policy = await policyForFolder(dir, o);
  const code = Math.max(exitCodeFor(diagnostics, failOn, !result.passed), exitCodeFor(policy.all, failOn));
  if (o.output === 'text') {
    // opm's own verdict first, byte for byte; then our located findings, one line each.
    if (!result.passed) io.err(`${cap.text(result.opmMessage)}\n`);
    const located = diagnostics
      .filter((d) => (result.passed ? d.source === 'fbc-studio' : true))
      .map((d) => cap.finding(d));
    const pack = policyShown(policy) ? policy.all.map((d) => cap.finding(d)) : [];
    if (o.explain) await loadRuleCatalogue();
    const text = new FindingsText([...located, ...pack], io.color?.err ?? false, o.explain);
    if (located.length > 0) io.err(`${result.passed ? '' : '\n'}${text.lines(located)}`);
    // Which pack ran and why, then its findings (marked with its name) under it.
    if (policyShown(policy)) io.err(`${policyLine(policy)}\n${text.lines(pack, '  ')}`);
    io.err(text.end());
    return code;
  }
  const report: Record<string, unknown> = { passed: result.passed };
  if (!result.passed) report.error = { message: cap.text(result.opmMessage) };
  report.diagnostics = diagnostics.map((d) => plainDiagnostic(cap.finding(d)));
  if (policyShown(policy)) report.policy = policyJson(policy, (d) => plainDiagnostic(cap.finding(d)));
  // The YAML library is loaded only for -o yaml: JSON and text are what CI jobs ask for.
  io.out(
    o.output === 'json' ? JSON.stringify(report, null, 2) + '\n' : (await import('yaml')).stringify(report),
  );
  return code;
}
