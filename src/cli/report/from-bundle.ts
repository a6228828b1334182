/**
 * `fbc-studio validate-bundle DIR -o github|sarif|junit [--fail-on error|warning|never]`: a bundle
 * directory's findings (src/core/bundle, rule group `bundle-dir`) as report findings. The errors
 * are operator-framework's checks (`ours: false`), the warnings ours. The bundle is one unit: JUnit
 * lists each of its files as a test, so a clean CSV shows as passing next to a failing annotations
 * file.
 */
import {
  checkBundle,
  readBundleDir,
  type BundleDir,
  type CheckOptions,
  type BundleFinding,
  type BundleReport,
} from '../../core/bundle';
import type { Io } from '../command-args';
import { NodeFsSource } from '../node-source';
import { EXIT_USAGE, exitCodeFor } from './fail-on';
import { cwdPrefix, joinPath } from './from-diagnostics';
import { renderReport } from './index';
import { loadRuleCatalogue } from '../rule-catalogue';
import type { CiFormat, FailOn, Report, ReportFinding } from './types';

function bundleFinding(f: BundleFinding, root: string, name: string): ReportFinding {
  return {
    ruleId: f.rule,
    severity: f.severity,
    message: f.message,
    // A finding about the whole bundle (no manifests/ folder) sits on the folder itself.
    file: f.file === undefined ? name : joinPath(root, f.file),
    ...(f.line === undefined ? {} : { line: f.line }),
    ours: f.source === 'fbc-studio',
    catalog: name,
  };
}

export function bundleReport(dir: string, bundle: BundleDir, checked: BundleReport): Report {
  const root = cwdPrefix(dir);
  const name = root || '.';
  return {
    command: 'validate-bundle',
    catalogs: [{ name, files: bundle.files.map((f) => joinPath(root, f)) }],
    findings: checked.findings.map((f) => bundleFinding(f, root, name)),
  };
}

/** With `--fail-on` or a CI format: 1 when a finding is at the level or the bundle is invalid. */
export function bundleExitCode(dir: string, checked: BundleReport, failOn: FailOn): number {
  const findings = checked.findings.map((f) => bundleFinding(f, '', dir));
  return exitCodeFor(findings, failOn, !checked.passed);
}

/** A CI format's run of `validate-bundle` on `dir`, to its exit code. */
export async function runBundleReport(
  dir: string,
  format: CiFormat,
  failOn: FailOn,
  fullMessages: boolean,
  io: Io,
  options: CheckOptions = {},
): Promise<number> {
  let bundle: BundleDir;
  try {
    bundle = await readBundleDir(new NodeFsSource(dir));
  } catch (e) {
    io.err(`${(e as Error).message}\n`);
    return EXIT_USAGE;
  }
  const checked = checkBundle(bundle, options);
  const report = bundleReport(dir, bundle, checked);
  await loadRuleCatalogue();
  io.out(renderReport(format, report, failOn, fullMessages));
  if (format === 'github') {
    const errors = checked.findings.filter((f) => f.severity === 'error').length;
    const warnings = checked.findings.filter((f) => f.severity === 'warning').length;
    io.out(
      `${report.catalogs[0]?.name}: ${checked.detection.format}, ${checked.passed ? 'valid' : 'invalid'}, ` +
        `${errors} error(s), ${warnings} warning(s)\n`,
    );
  }
  return bundleExitCode(dir, checked, failOn);
}
