/**
 * A folder given to `validate` or `workspace`, checked into a report: discovery finds its catalogs
 * (the folder itself when it is one), each is validated as `opm validate <catalog>`, and the
 * repository-level findings (skew, strays, and with `templates` the template drift) come after.
 */
import { checkWorkspace, repoRelative } from '../../core/workspace';
import { discoverFolder } from '../discover-folder';
import { noCatalogFinding, noCatalogMessage } from '../no-catalog';
import { cwdPrefix, diagnosticToFinding, joinPath } from './from-diagnostics';
import type { Report } from './types';

export interface FolderReport {
  report: Report;
  /** opm rejects at least one catalog. */
  failed: boolean;
  /** The folder holds no catalog: what to say on stderr (the report holds it as one warning). */
  noCatalog?: string;
}

export async function reportForFolder(
  dir: string,
  command: string,
  opts: { templates?: boolean } = {},
): Promise<FolderReport> {
  const d = await discoverFolder(dir);
  const checked = checkWorkspace(d, opts);
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
  if (checked.catalogs.length > 0) return { report, failed };
  report.findings.push(noCatalogFinding(dir, joinPath(prefix, '.')));
  return { report, failed, noCatalog: noCatalogMessage(dir) };
}
