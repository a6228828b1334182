/**
 * A folder that holds no catalog (discovery found no olm.* blob in it: CI, editor and Kubernetes
 * YAML, bundle folders, a README). opm passes it as it passes an empty folder, so the exit code is
 * 0 unless `--fail-on warning`; we say so once, on stderr, and as one `no-catalog-found` warning in
 * every structured output, and judge none of its files.
 */
import type { Diagnostic } from '../core/diagnostics';
import type { Io } from './command-args';
import { exitCodeFor } from './report/fail-on';
import type { FailOn, ReportFinding } from './report/types';

export function noCatalogMessage(dir: string): string {
  return `no catalog found in ${dir}`;
}

/** The warning of `-o json|yaml`: about the folder, so at no line of any file. */
export function noCatalogDiagnostic(dir: string): Diagnostic {
  return {
    severity: 'warning',
    source: 'fbc-studio',
    rule: 'no-catalog-found',
    message: noCatalogMessage(dir),
  };
}

/**
 * The warning of the CI formats, at the folder as the user reaches it (`folder`): code scanning
 * drops a SARIF result that has no location.
 */
export function noCatalogFinding(dir: string, folder: string): ReportFinding {
  return {
    ruleId: 'no-catalog-found',
    severity: 'warning',
    message: noCatalogMessage(dir),
    file: folder,
    ours: true,
  };
}

/**
 * `validate DIR` of such a folder, in text, json or yaml: the message on stderr; for json and yaml
 * the repository report's shape with no catalog and the one warning. The exit code at `--fail-on`.
 */
export async function reportNoCatalog(dir: string, output: string, io: Io, failOn: FailOn): Promise<number> {
  io.err(`${noCatalogMessage(dir)}\n`);
  const warning = noCatalogDiagnostic(dir);
  if (output !== 'text') {
    const report = { passed: true, catalogs: [], findings: [warning] };
    // The YAML library is loaded only for -o yaml, as validate does.
    io.out(
      output === 'json' ? JSON.stringify(report, null, 2) + '\n' : (await import('yaml')).stringify(report),
    );
  }
  return exitCodeFor([warning], failOn);
}
