/**
 * A folder given to `validate` or `workspace`, checked into a report: discovery finds its catalogs
 * (the folder itself when it is one), each is validated as `opm validate <catalog>`, and the
 * repository-level findings (skew, strays, and with `templates` the template drift) come after.
 */
import { checkWorkspace, loadRepositoryJudging, repoRelative, type Discovery } from '../../core/workspace';
import { discoverForReport, verdictsOnly } from '../validate-folder';
import type { FolderListing } from '../node-source';
import { noCatalogFinding, noCatalogText } from '../no-catalog';
import { cwdPrefix, diagnosticToFinding, joinPath } from './from-diagnostics';
import { packByName, type PolicyOptions } from '../policy-options';
import type { PolicyDecided } from '../policy-run';
import type { Report } from './types';

export interface FolderReport {
  report: Report;
  /** opm rejects at least one catalog. */
  failed: boolean;
  /** The folder holds no catalog: what to say on stderr, lines ended (the report holds it as one warning). */
  noCatalog?: string;
  /** Which policy pack ran and why (when one ran or --policy was given). */
  policyLine?: string;
}

export async function reportForFolder(
  dir: string,
  command: string,
  opts: { templates?: boolean; policy?: PolicyOptions } = {},
): Promise<FolderReport> {
  let decided: PolicyDecided | undefined;
  // Threads keep the parses where they were made unless the report needs more than the verdicts
  // (validate-folder.ts verdictsOnly; templates are rendered only when asked).
  const verdictOnly = async (found: Discovery, listing: FolderListing) => {
    if (opts.templates) return false;
    const r = await verdictsOnly(dir, found, listing, opts.policy ?? {});
    decided = r.decided;
    return r.ok;
  };
  // Known before reading: the report reads more than the verdicts, so threads would only parse twice.
  const more = opts.templates === true || packByName(opts.policy);
  const { d, validated, listing } = await discoverForReport(dir, verdictOnly, !more);
  if (opts.templates) await loadRepositoryJudging(d);
  const checked = checkWorkspace(d, validated ? { ...opts, validated } : opts);
  const prefix = cwdPrefix(dir);
  const report: Report = { command, catalogs: [], findings: [] };
  for (const { catalog, checked: c } of checked.catalogs) {
    const name = joinPath(prefix, catalog.path);
    report.catalogs.push({ name, files: catalog.files.map((f) => joinPath(prefix, f)) });
    for (const x of c.result.diagnostics) {
      report.findings.push(diagnosticToFinding(repoRelative(catalog, x), prefix, name));
    }
  }
  for (const f of checked.findings) report.findings.push(diagnosticToFinding(f, prefix));
  const failed = checked.catalogs.some((c) => !c.checked.result.passed);
  if (checked.catalogs.length > 0) {
    // The policy pack's findings, each under its catalog, marked with the pack's rule ids.
    const { runPolicy, policyLine, policyShown } = await import('../policy-run');
    const policy = await runPolicy(
      dir,
      d,
      checked.catalogs,
      opts.policy ?? {},
      validated && decided,
      listing,
    );
    for (const { catalog } of checked.catalogs) {
      const name = joinPath(prefix, catalog.path);
      for (const x of policy.byCatalog.get(catalog.path) ?? [])
        report.findings.push(diagnosticToFinding(x, prefix, name));
    }
    for (const x of policy.repository) report.findings.push(diagnosticToFinding(x, prefix));
    return { report, failed, ...(policyShown(policy) ? { policyLine: policyLine(policy) } : {}) };
  }
  report.findings.push(noCatalogFinding(dir, joinPath(prefix, '.')));
  return {
    report,
    failed,
    noCatalog: noCatalogText(
      dir,
      d.infos.keys(),
      d.workspace.templates.map((t) => t.path),
    ),
  };
}
