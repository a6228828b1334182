/**
 * A repository root given to the CLI: `fbc-studio workspace DIR` says what is in it (catalogs with
 * their OpenShift version and opm's verdict, templates and the catalogs they render into, other
 * files, repository-level findings); `fbc-studio validate DIR` validates every catalog in it. When
 * DIR is itself one catalog, `validate` keeps exactly its single-catalog behaviour.
 */
import { stringify as yamlStringify } from 'yaml';
import type { Diagnostic } from '../core/diagnostics';
import type { LoadResult } from '../core/load';
import { capping } from '../core/message-cap';
import { checkWorkspace, repoRelative, type CheckedWorkspace, type Discovery } from '../core/workspace';
import { parseDirectoryArgs, type Io } from './command-args';
import { formatDiagnostic } from './format-diagnostic';
import { discoverFolder } from './discover-folder';
import type { FailOn } from './report';
import { diagnosticToFinding } from './report/from-diagnostics';
import { exitCodeFor, runCiOptions } from './report/run';
import { EXIT_USAGE } from './report/fail-on';
import { POLICY_USAGE, takePolicyOptions, type PolicyOptions } from './policy-options';
import { policyJson, policyLine, policyShown, runPolicy, type PolicyOutcome } from './policy-run';

const USAGE =
  'Usage:\n  fbc-studio workspace <directory> [-o text|json|github|sarif|junit] [--fail-on error|warning|never] [--full-messages]\n' +
  `      ${POLICY_USAGE}\n`;

function plainDiagnostic({ ref: _ref, ...d }: Diagnostic): Omit<Diagnostic, 'ref'> {
  return d;
}

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

export async function workspaceCommand(allArgs: string[], io: Io): Promise<number> {
  const taken = takePolicyOptions(allArgs);
  if ('error' in taken) {
    io.err(`${taken.error}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const ci = await runCiOptions(taken.args, io, 'workspace', taken.opts);
  if (typeof ci === 'number') return ci;
  const parsed = parseDirectoryArgs(
    ci.args,
    io,
    { formats: ['text', 'json'], expected: '(text|json)' },
    USAGE,
  );
  if (!parsed) return ci.usageCode;
  const { output, dir } = parsed;
  const d = await discoverFolder(dir);
  const checked = checkWorkspace(d, { templates: true });
  const passed = checked.catalogs.every((c) => c.checked.result.passed);
  const policy = await runPolicy(dir, d, checked.catalogs, taken.opts);
  const code = Math.max(exitCode(checked, ci.failOn, !passed), exitCodeFor(policy.all, ci.failOn));
  const report = workspaceReport(d, checked, ci.fullMessages);
  const cap = capping(ci.fullMessages);
  if (output === 'json') {
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
  if (checked.findings.length > 0) {
    io.out(`Findings (${checked.findings.length}):\n`);
    for (const f of report.findings) io.out(`  ${formatDiagnostic(f)}\n`);
  }
  printPolicy(policy, io, cap);
  return code;
}

/** The pack's line and its findings, after opm's and ours. */
function printPolicy(policy: PolicyOutcome, io: Io, cap: ReturnType<typeof capping>): void {
  if (!policyShown(policy)) return;
  io.out(`${policyLine(policy)}\n`);
  for (const x of policy.all) io.out(`  ${formatDiagnostic(cap.finding(x))}\n`);
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
  output: string,
  io: Io,
  failOn: FailOn = 'error',
  fullMessages = false,
  dir = '.',
  policyOpts: PolicyOptions = {},
): Promise<number> {
  const cap = capping(fullMessages);
  const checked = checkWorkspace(d);
  const passed = checked.catalogs.every((c) => c.checked.result.passed);
  const policy = await runPolicy(dir, d, checked.catalogs, policyOpts);
  const code = Math.max(exitCode(checked, failOn, !passed), exitCodeFor(policy.all, failOn));
  if (output !== 'text') {
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
    io.out(output === 'json' ? JSON.stringify(report, null, 2) + '\n' : yamlStringify(report));
    return code;
  }
  for (const { catalog, checked: c } of checked.catalogs) {
    const { result } = c;
    io.out(
      `${catalogLine(catalog.path, catalog.ocpVersion, result.passed, errorCount(result.diagnostics))}\n`,
    );
    // As for a single catalog: opm's message when it fails, then the located findings.
    if (!result.passed) io.out(`  ${(cap.text(result.opmMessage) ?? '').replace(/\n/g, '\n  ')}\n`);
    const located = result.diagnostics.filter((x) => (result.passed ? x.source === 'fbc-studio' : true));
    if (located.length > 0) {
      io.out(`  Findings with locations:\n`);
      for (const x of located) io.out(`    ${formatDiagnostic(cap.finding(repoRelative(catalog, x)))}\n`);
    }
  }
  if (checked.findings.length > 0) {
    io.out(`Repository findings:\n`);
    for (const f of checked.findings) io.out(`  ${formatDiagnostic(cap.finding(f))}\n`);
  }
  printPolicy(policy, io, cap);
  return code;
}
