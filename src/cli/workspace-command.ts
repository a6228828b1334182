/**
 * A repository root given to the CLI: `fbc-studio workspace DIR` says what is in it (catalogs with
 * their OpenShift version and opm's verdict, templates and the catalogs they render into, other
 * files, repository-level findings); `fbc-studio validate DIR` validates every catalog in it. When
 * DIR is itself one catalog, `validate` keeps exactly its single-catalog behaviour.
 */
import type { RepositoryCheck } from './validate-folder';
import { stringify as yamlStringify } from 'yaml';
import type { Diagnostic } from '../core/diagnostics';
import type { LoadResult } from '../core/load';
import { capping } from '../core/message-cap';
import {
  checkWorkspace,
  loadRepositoryJudging,
  repoRelative,
  type CheckedWorkspace,
  type Discovery,
} from '../core/workspace';
import type { Io } from './command-args';
import { discoverFolder } from './discover-folder';
import { FindingsText } from './findings-text';
import { loadRuleCatalogue } from './rule-catalogue';
import type { FailOn } from './report';
import { diagnosticToFinding, plainDiagnostic } from './report/from-diagnostics';
import { ciFormat, exitCodeFor, runCiReport } from './report/run';
import { policyJson, policyLine, policyShown, runPolicy, type PolicyOutcome } from './policy-run';
import type { ValidateOptions } from './validate-command';

function errorCount(ds: readonly Diagnostic[]): number {
  return ds.filter((d) => d.severity === 'error').length;
}

function packagesOf(load: LoadResult): string[] {
  return [...new Set(load.dc.packages.map((p) => p.name))];
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

function catalogLine(path: string, ocpVersion: string | null, passed: boolean, errors: number): string {
  const version = ocpVersion === null ? 'no OpenShift version' : `OpenShift ${ocpVersion}`;
  return `${path} (${version}): ${passed ? 'passed' : 'failed'}, ${plural(errors, 'error')}`;
}

function judged(checked: CheckedWorkspace, path: string) {
  const status = checked.templates.find((x) => x.template.path === path)?.status;
  if (!status) return {};
  return {
    judged: status.drift.map(({ catalog, level, levelWhy, groups }) => ({
      catalog,
      level,
      levelWhy,
      groups,
    })),
  };
}

/** The JSON report of `workspace -o json`. */
export function workspaceReport(d: Discovery, checked: CheckedWorkspace, full = false) {
  const ws = d.workspace;
  const cap = capping(full);
  return {
    catalogs: checked.catalogs.map(({ catalog, checked: c }) => ({
      path: catalog.path,
      ocpVersion: catalog.ocpVersion,
      passed: c.result.passed,
      // A package name can be megabytes long too.
      packages: packagesOf(c.load).map(cap.text),
      errors: errorCount(c.result.diagnostics),
    })),
    templates: ws.templates.map((t) => ({
      path: t.path,
      schema: t.schema,
      catalogs: t.catalogs,
      link: t.link,
      ...(t.veneer ? { veneer: true } : {}),
      // Each catalog as judged: its migrate level and why, what differs by group (never the diff).
      ...judged(checked, t.path),
    })),
    configuration: ws.configs,
    // What the repository configuration (.fbc-studio.yaml) applies: its mistakes are findings.
    ...(ws.config && {
      repositoryConfiguration: {
        path: ws.config.path,
        catalogs: ws.config.catalogs,
        mirrors: ws.config.mirrors,
        accepted: ws.config.accepted.map(({ location: _l, ...a }) => a),
      },
    }),
    other: ws.other,
    findings: checked.findings.map((f) => plainDiagnostic(cap.finding(f))),
  };
}

/** `fbc-studio workspace DIR`: options as for validate (the same declaration). */
export async function workspaceCommand(dir: string, o: ValidateOptions, io: Io): Promise<number> {
  const format = ciFormat(o.output);
  if (format) return runCiReport(dir, 'workspace', format, o, io);
  const failOn = o.failOn ?? 'error';
  const d = await discoverFolder(dir);
  await loadRepositoryJudging(d);
  const checked = checkWorkspace(d, { templates: true });
  const passed = checked.catalogs.every((c) => c.checked.result.passed);
  const policy = await runPolicy(dir, d, checked.catalogs, o);
  const code = Math.max(exitCode(checked, failOn, !passed), exitCodeFor(policy.all, failOn));
  const report = workspaceReport(d, checked, o.fullMessages);
  const cap = capping(o.fullMessages === true);
  if (o.output === 'json') {
    const withPolicy = policyShown(policy)
      ? { ...report, policy: policyJson(policy, (x) => plainDiagnostic(cap.finding(x))) }
      : report;
    io.out(JSON.stringify(withPolicy, null, 2) + '\n');
    return code;
  }
  io.out(`Catalogs (${report.catalogs.length}):\n`);
  for (const c of report.catalogs) {
    io.out(
      `  ${catalogLine(c.path, c.ocpVersion, c.passed, c.errors)}; ${c.packages.join(', ') || 'no packages'}\n`,
    );
  }
  io.out(`Templates (${report.templates.length}):\n`);
  for (const t of report.templates) {
    const into = t.catalogs.length ? t.catalogs.join(', ') : 'no catalog here';
    io.out(`  ${t.path} (${t.schema}${t.veneer ? ', veneer' : ''}) → ${into} [${t.link}]\n`);
  }
  const rc = report.repositoryConfiguration;
  if (rc) {
    io.out(
      `Repository configuration: ${rc.path} (${plural(rc.catalogs.length, 'catalog pin')}, ` +
        `${plural(rc.mirrors.length, 'mirror')}, ${rc.accepted.length} accepted)\n`,
    );
  }
  io.out(`Other files (${report.other.length}):\n`);
  for (const p of report.other) io.out(`  ${p}\n`);
  const findings = checked.findings.map((f) => cap.finding(f));
  const pack = packFindings(policy, cap);
  if (o.explain) await loadRuleCatalogue();
  const text = new FindingsText([...findings, ...pack], io.color?.out ?? false, o.explain);
  if (findings.length > 0) io.out(`Findings (${findings.length}):\n${text.lines(findings, '  ')}`);
  printPolicy(policy, io, text, pack);
  io.out(text.end());
  return code;
}

/** The pack's findings to print: none unless the pack is shown (policy-run.ts `policyShown`). */
function packFindings(policy: PolicyOutcome, cap: ReturnType<typeof capping>): Diagnostic[] {
  return policyShown(policy) ? policy.all.map((x) => cap.finding(x)) : [];
}

/** The pack's line (which pack and why) and its findings under it, after opm's and ours. */
function printPolicy(policy: PolicyOutcome, io: Io, text: FindingsText, pack: Diagnostic[]): void {
  if (!policyShown(policy)) return;
  io.out(`${policyLine(policy)}\n${text.lines(pack, '  ')}`);
}

/** The exit code at --fail-on over every catalog's findings and the repository's. */
function exitCode(checked: CheckedWorkspace, failOn: FailOn, failed: boolean): number {
  const all = [...checked.catalogs.flatMap((c) => c.checked.result.diagnostics), ...checked.findings];
  return exitCodeFor(
    all.map((x) => diagnosticToFinding(x, '')),
    failOn,
    failed,
  );
}

/**
 * `validate DIR` on a repository root (validate-command.ts tells it from one catalog): every catalog
 * validated, one line each with its findings, the repository's findings, and the exit code over all.
 */
export async function validateRepository(
  d: Discovery,
  o: ValidateOptions,
  io: Io,
  dir: string,
  from?: Omit<RepositoryCheck, 'repository'>,
): Promise<number> {
  const failOn = o.failOn ?? 'error';
  const cap = capping(o.fullMessages === true);
  // `from`: the check's listing and, when the threads that hold the catalogs' files validated them,
  // their verdicts and the pack decided on the way (validate-folder.ts).
  const validated = from?.validated;
  const checked = checkWorkspace(d, validated ? { validated } : {});
  const passed = checked.catalogs.every((c) => c.checked.result.passed);
  const policy = await runPolicy(dir, d, checked.catalogs, o, from?.decided, from?.listing);
  const code = Math.max(exitCode(checked, failOn, !passed), exitCodeFor(policy.all, failOn));
  if (o.output !== 'text') {
    const report = {
      passed,
      catalogs: checked.catalogs.map(({ catalog, checked: c }) => ({
        path: catalog.path,
        ocpVersion: catalog.ocpVersion,
        passed: c.result.passed,
        ...(c.result.passed ? {} : { error: { message: cap.text(c.result.opmMessage) } }),
        diagnostics: c.result.diagnostics.map((x) => plainDiagnostic(cap.finding(repoRelative(catalog, x)))),
      })),
      findings: checked.findings.map((f) => plainDiagnostic(cap.finding(f))),
      ...(policyShown(policy) && { policy: policyJson(policy, (x) => plainDiagnostic(cap.finding(x))) }),
    };
    io.out(o.output === 'json' ? JSON.stringify(report, null, 2) + '\n' : yamlStringify(report));
    return code;
  }
  // As for a single catalog: opm's message when it fails, then the located findings, one line each.
  const groups = checked.catalogs.map(({ catalog, checked: { result } }) => ({
    catalog,
    result,
    located: result.diagnostics
      .filter((x) => (result.passed ? x.source === 'fbc-studio' : true))
      .map((x) => cap.finding(repoRelative(catalog, x))),
  }));
  const repository = checked.findings.map((f) => cap.finding(f));
  const pack = packFindings(policy, cap);
  if (o.explain) await loadRuleCatalogue();
  const text = new FindingsText(
    [...groups.flatMap((g) => g.located), ...repository, ...pack],
    io.color?.out ?? false,
    o.explain,
  );
  for (const { catalog, result, located } of groups) {
    io.out(
      `${catalogLine(catalog.path, catalog.ocpVersion, result.passed, errorCount(result.diagnostics))}\n`,
    );
    if (!result.passed) io.out(`  ${(cap.text(result.opmMessage) ?? '').replace(/\n/g, '\n  ')}\n`);
    io.out(text.lines(located, '  '));
  }
  if (repository.length > 0) io.out(`Repository findings:\n${text.lines(repository, '  ')}`);
  printPolicy(policy, io, text, pack);
  io.out(text.end());
  return code;
}
