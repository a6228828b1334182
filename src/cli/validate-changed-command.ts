/**
 * `fbc-studio validate-changed [--fail-on LEVEL] FILE...`: what a pre-commit hook runs. From the
 * repository root (the working directory), it validates only the catalogs that hold one of the
 * given files, plus those a given template renders into, as `opm validate <catalog>` would; one
 * summary line per catalog, then its findings. Files in no catalog are ignored, so the hook can be
 * handed every staged YAML and JSON file.
 */
import { relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../core/diagnostics';
import { acceptanceOf } from '../core/repo-config/accept';
import { checkDiscoveredCatalog, repoRelative } from '../core/workspace';
import { discoverFolder } from './discover-folder';
import type { Io } from './command-args';
import { formatDiagnostic } from './format-diagnostic';
import { takeCiOptions } from './report/ci-options';
import { capping } from '../core/message-cap';
import { EXIT_USAGE, exitCodeFor } from './report/fail-on';
import { diagnosticToFinding } from './report/from-diagnostics';
import { POLICY_USAGE, takePolicyOptions } from './policy-options';
import { policyLine, policyShown, runPolicy } from './policy-run';

export const VALIDATE_CHANGED_USAGE =
  '  fbc-studio validate-changed [--fail-on error|warning|never] [--full-messages] <file>...   (from the repository root)\n' +
  `      ${POLICY_USAGE}\n`;

function repoPath(file: string, cwd: string): string {
  return relative(cwd, resolve(cwd, file)).split(sep).join('/');
}

function within(file: string, dir: string): boolean {
  return dir === '' || file === dir || file.startsWith(`${dir}/`);
}

/** `cwd` is the repository root (the working directory when run by a hook). */
export async function validateChangedCommand(
  allArgs: string[],
  io: Io,
  cwd = process.cwd(),
): Promise<number> {
  const taken = takePolicyOptions(allArgs);
  if ('error' in taken) {
    io.err(`${taken.error}\nUsage:\n${VALIDATE_CHANGED_USAGE}`);
    return EXIT_USAGE;
  }
  const ci = takeCiOptions(taken.args);
  if ('error' in ci) {
    io.err(`${ci.error}\n`);
    return EXIT_USAGE;
  }
  const flag = ci.args.find((a) => a.startsWith('-'));
  if (flag || ci.format) {
    io.err(`unknown flag ${flag ?? '-o'}\nUsage:\n${VALIDATE_CHANGED_USAGE}`);
    return EXIT_USAGE;
  }
  const files = ci.args.map((f) => repoPath(f, cwd));
  if (files.length === 0) return 0;
  // Capped as `validate` prints them, unless --full-messages (see core/message-cap.ts).
  const cap = capping(ci.fullMessages);
  const d = await discoverFolder(cwd);
  const templates = d.workspace.templates.filter((t) => files.includes(t.path));
  const chosen = d.catalogs.filter(
    (c) =>
      files.some((f) => within(f, c.isFile ? c.path : c.dir)) ||
      templates.some((t) => t.catalogs.includes(c.path)),
  );
  const all: Diagnostic[] = [];
  let failed = false;
  // Findings of ours the repository configuration accepts are listed as such and fail nothing.
  const config = d.workspace.config;
  const accepted = (x: Diagnostic, catalog: string): Diagnostic => {
    const a = config && acceptanceOf(config, x, catalog);
    return a ? { ...x, accepted: a } : x;
  };
  const checked = chosen.map((catalog) => ({ catalog, checked: checkDiscoveredCatalog(d, catalog) }));
  // The policy pack on the changed catalogs only, as the pipeline judges the pull request's.
  const policy = await runPolicy(cwd, d, checked, taken.opts);
  for (const { catalog, checked: c } of checked) {
    const { result } = c;
    const diagnostics = result.diagnostics.map((x) => accepted(repoRelative(catalog, x), catalog.path));
    all.push(...diagnostics);
    failed ||= !result.passed;
    const errors = diagnostics.filter((x) => x.severity === 'error').length;
    const warnings = diagnostics.filter((x) => x.severity === 'warning').length;
    const name = catalog.path === '.' || catalog.path === '' ? '.' : catalog.path;
    io.out(`${name}: ${result.passed ? 'passed' : 'failed'}, ${errors} error(s), ${warnings} warning(s)\n`);
    if (!result.passed) io.out(`  ${(cap.text(result.opmMessage) ?? '').replace(/\n/g, '\n  ')}\n`);
    for (const x of diagnostics) {
      if (result.passed && x.source === 'opm') continue;
      io.out(`  ${formatDiagnostic(cap.finding(x))}\n`);
    }
  }
  if (policyShown(policy) && checked.length > 0) {
    io.out(`${policyLine(policy)}\n`);
    for (const x of policy.all) io.out(`  ${formatDiagnostic(cap.finding(x))}\n`);
    all.push(...policy.all);
  }
  return exitCodeFor(
    all.map((x) => diagnosticToFinding(x, '')),
    ci.failOn,
    failed,
  );
}
