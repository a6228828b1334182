/**
 * Every catalog of a discovered repository validated as `opm validate <catalog>`, plus what only the
 * repository as a whole shows: version skew between catalogs and unparseable files left outside
 * every catalog. The shape the CLI prints and the app will show.
 */
import type { CheckedCatalog } from '../api';
import type { Diagnostic } from '../diagnostics';
import type { DiscoveredCatalog, Discovery } from './discover';
import { skewFindings } from './skew';
import { checkDiscoveredCatalog } from './validate';

export interface CheckedWorkspaceCatalog {
  catalog: DiscoveredCatalog;
  checked: CheckedCatalog;
}

export interface CheckedWorkspace {
  catalogs: CheckedWorkspaceCatalog[];
  /** Repository-level findings (paths relative to the opened folder). */
  findings: Diagnostic[];
}

export function checkWorkspace(d: Discovery): CheckedWorkspace {
  const catalogs = d.catalogs.map((catalog) => ({ catalog, checked: checkDiscoveredCatalog(d, catalog) }));
  const findings: Diagnostic[] = d.workspace.strays.map((s) => ({
    severity: 'warning',
    source: 'fbc-studio',
    rule: 'unparsed-outside-catalog',
    message: `not part of any catalog, and does not parse: ${s.message}`,
    location: { file: s.path, start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
  }));
  if (!d.workspace.single) {
    findings.push(
      ...skewFindings(
        catalogs.map((c) => ({ path: c.catalog.path, ocpVersion: c.catalog.ocpVersion, checked: c.checked })),
      ),
    );
  }
  return { catalogs, findings };
}

/** A catalog's diagnostic with its location made relative to the opened folder. */
export function repoRelative(catalog: DiscoveredCatalog, d: Diagnostic): Diagnostic {
  if (!d.location || catalog.dir === '') return d;
  const file = catalog.isFile ? catalog.path : `${catalog.path}/${d.location.file}`;
  return { ...d, location: { ...d.location, file } };
}
