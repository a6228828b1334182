/**
 * A folder that holds no catalog (discovery found no olm.* blob in it: CI, editor and Kubernetes
 * YAML, bundle folders, a README). Ours, not opm's verdict: opm reads every file and fails on any
 * YAML or JSON document without a `schema` (R9); there being no catalog to judge, the exit code is
 * 0, as for an empty folder, unless `--fail-on warning`; we say so once, on stderr, and as one
 * `no-catalog-found` warning in every structured output, and judge none of its files.
 */
import type { Diagnostic } from '../core/diagnostics';
import type { Io } from './command-args';
import { exitCodeFor } from './report/fail-on';
import type { FailOn, ReportFinding } from './report/types';

export function noCatalogMessage(dir: string): string {
  return `no catalog found in ${dir}`;
}

/**
 * Operator bundle folders among `paths` (repository-relative), as opm's render tells one (isBundle: a
 * folder with both manifests/ and metadata/), sorted. A community-style repository holds nothing else.
 */
export function bundleFolders(paths: Iterable<string>): string[] {
  const manifests = new Set<string>();
  const metadata = new Set<string>();
  for (const p of paths) {
    const m = /^(?:(.*)\/)?(manifests|metadata)\/[^/]+$/.exec(p);
    if (m) (m[2] === 'manifests' ? manifests : metadata).add(m[1] ?? '.');
  }
  return [...manifests].filter((d) => metadata.has(d)).sort();
}

/**
 * What stderr says: the message, then, for a folder of operator bundles, that validate does not
 * check them and the command that does (a maintainer of a community-style repository runs
 * `validate` on it first).
 */
export function noCatalogText(
  dir: string,
  paths: Iterable<string>,
  templates: readonly string[] = [],
): string {
  const names = [...paths];
  const bundles = bundleFolders(names);
  if (bundles.length === 0)
    return `${noCatalogMessage(dir)}\n${templatesText(dir, templates)}${besideText(dir, names)}`;
  if (bundles[0] === '.') {
    return (
      `${noCatalogMessage(dir)}\n` +
      `it is an operator bundle (manifests/ and metadata/), which validate does not check; ` +
      `check it with: fbc-studio validate-bundle ${dir}\n`
    );
  }
  const shown = bundles.slice(0, 3).join(', ') + (bundles.length > 3 ? ', …' : '');
  const first = `${dir.replace(/\/+$/, '')}/${bundles[0]}`;
  const what = bundles.length === 1 ? 'an operator bundle' : `${bundles.length} operator bundles`;
  return (
    `${noCatalogMessage(dir)}\n` +
    `it holds ${what} (manifests/ and metadata/: ${shown}), which validate does not check; ` +
    `check ${bundles.length === 1 ? 'it' : 'one'} with: fbc-studio validate-bundle ${first}\n`
  );
}

/**
 * A repository that commits only its templates (the catalogs are rendered at build time and
 * git-ignored): validate has nothing to check, and says which command reads what is there.
 */
function templatesText(dir: string, templates: readonly string[]): string {
  if (templates.length === 0) return '';
  const sorted = [...templates].sort();
  const shown = sorted.slice(0, 3).join(', ') + (sorted.length > 3 ? ', …' : '');
  const what = sorted.length === 1 ? 'a catalog template' : `${sorted.length} catalog templates`;
  return (
    `it holds ${what} (${shown}) but no catalog rendered from ${sorted.length === 1 ? 'it' : 'them'}; ` +
    `render ${sorted.length === 1 ? 'it' : 'one'} with: fbc-studio render-template ` +
    `${dir.replace(/\/+$/, '')}/${sorted[0] ?? ''}\n`
  );
}

/**
 * The formats read beside OLM (docs/formats.md), by the file that marks them: a Crossplane package
 * (`crossplane.yaml`, or an Upbound project's `upbound.yaml`) and a Fleet bundle (`fleet.yaml`).
 * validate judges neither; the line names the command that does.
 */
function besideText(dir: string, paths: Iterable<string>): string {
  const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const all = [...paths];
  const lines: string[] = [];
  const crossplane = all.filter((p) => base(p) === 'crossplane.yaml' || base(p) === 'upbound.yaml').sort();
  if (crossplane.length > 0)
    lines.push(
      `it holds a Crossplane package (${crossplane[0] ?? ''}), which validate does not check; ` +
        `check it with: fbc-studio crossplane validate ${dir}\n`,
    );
  const fleet = all.filter((p) => base(p) === 'fleet.yaml').sort();
  if (fleet.length > 0)
    lines.push(
      `it holds a Fleet bundle (${fleet[0] ?? ''}), which validate does not check; ` +
        `check it with: fbc-studio fleet validate ${dir}\n`,
    );
  return lines.join('');
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
export async function reportNoCatalog(
  dir: string,
  paths: Iterable<string>,
  output: string,
  io: Io,
  failOn: FailOn,
  templates: readonly string[] = [],
): Promise<number> {
  io.err(noCatalogText(dir, paths, templates));
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
