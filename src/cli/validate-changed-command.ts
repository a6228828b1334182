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
import { FindingsText } from './findings-text';
import { loadRuleCatalogue } from './rule-catalogue';
import { capping } from '../core/message-cap';
import { exitCodeFor } from './report/fail-on';
import { diagnosticToFinding } from './report/from-diagnostics';
import type { PolicyOptions } from './policy-options';
import { policyLine, policyShown, runPolicy } from './policy-run';
import type { CiOptions } from './report/run';

function repoPath(file: string, cwd: string): string {
  return relative(cwd, resolve(cwd, file)).split(sep).join('/');
}

function within(file: string, dir: string): boolean {
  return dir === '' || file === dir || file.startsWith(`${dir}/`);
}

/** The repository root is the working directory (`io.cwd`, else the process's: a hook runs there). */
export async function validateChangedCommand(
  given: string[],
  o: CiOptions & PolicyOptions & { explain?: boolean },
  io: Io,
): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const files = given.map((f) => repoPath(f, cwd));
  if (files.length === 0) return 0;
  // Capped as `validate` prints them, unless --full-messages (see core/message-cap.ts).
  const cap = capping(o.fullMessages === true);
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
  const policy = await runPolicy(cwd, d, checked, o);
  const groups = checked.map(({ catalog, checked: { result } }) => {
    const diagnostics = result.diagnostics.map((x) => accepted(repoRelative(catalog, x), catalog.path));
    all.push(...diagnostics);
    failed ||= !result.passed;
    const shown = diagnostics
      .filter((x) => !(result.passed && x.source === 'opm'))
      .map((x) => cap.finding(x));
    return { catalog, result, diagnostics, shown };
  });
  const pack = policyShown(policy) ? policy.all.map((x) => cap.finding(x)) : [];
  if (o.explain) await loadRuleCatalogue();
  const text = new FindingsText(
    [...groups.flatMap((g) => g.shown), ...pack],
    io.color?.out ?? false,
    o.explain,
  );
  for (const { catalog, result, diagnostics, shown } of groups) {
    const errors = diagnostics.filter((x) => x.severity === 'error').length;
    const warnings = diagnostics.filter((x) => x.severity === 'warning').length;
    const name = catalog.path === '.' || catalog.path === '' ? '.' : catalog.path;
    io.out(`${name}: ${result.passed ? 'passed' : 'failed'}, ${errors} error(s), ${warnings} warning(s)\n`);
    if (!result.passed) io.out(`  ${(cap.text(result.opmMessage) ?? '').replace(/\n/g, '\n  ')}\n`);
    io.out(text.lines(shown, '  '));
  }
  if (policyShown(policy) && checked.length > 0) {
    io.out(`${policyLine(policy)}\n${text.lines(pack, '  ')}`);
    all.push(...policy.all);
  }
  io.out(text.end());
  return exitCodeFor(
    all.map((x) => diagnosticToFinding(x, '')),
    o.failOn ?? 'error',
    failed,
  );
}
