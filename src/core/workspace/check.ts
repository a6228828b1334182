/**
 * Every catalog of a discovered repository validated as `opm validate <catalog>`, plus what only the
 * repository as a whole shows: version skew between catalogs, unparseable files left outside
 * every catalog, and catalogs that are not what their template renders (drift). The shape the CLI prints and the app will show.
 */
import type { CheckedCatalog } from '../api';
import type { Diagnostic } from '../diagnostics';
import type { DiscoveredCatalog, Discovery } from './discover';
import { skewFindings } from './skew';
import { driftFindings, templateStatus, type StatusCatalog, type TemplateStatus } from './template-status';
import type { WorkspaceTemplate } from './types';
import { checkDiscoveredCatalog } from './validate';

export interface CheckedWorkspaceCatalog {
  catalog: DiscoveredCatalog;
  checked: CheckedCatalog;
}

export interface CheckedWorkspace {
  catalogs: CheckedWorkspaceCatalog[];
  /** Each template rendered offline against the catalogs it feeds (drift, unresolved images, errors). */
  templates: { template: WorkspaceTemplate; status: TemplateStatus }[];
  /** Repository-level findings (paths relative to the opened folder). */
  findings: Diagnostic[];
}

export interface CheckOptions {
  /**
   * Render every template offline and compare it with its catalogs (drift). Off for plain
   * validation: rendering and writing a large catalog costs more than validating it.
   */
  templates?: boolean;
  /**
   * A catalog validated already (the app's service opened each as a session of its own): used as
   * it is, so no catalog is validated twice. Undefined: validated here.
   */
  validated?: (catalog: DiscoveredCatalog) => CheckedCatalog | undefined;
}

export function checkWorkspace(d: Discovery, opts: CheckOptions = {}): CheckedWorkspace {
  const catalogs = d.catalogs.map((catalog) => ({
    catalog,
    checked: opts.validated?.(catalog) ?? checkDiscoveredCatalog(d, catalog),
  }));
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
        catalogs.map(({ catalog, checked }) => ({
          path: catalog.path,
          ocpVersion: catalog.ocpVersion,
          isFile: catalog.isFile,
          checked,
        })),
      ),
    );
  }
  const statusCatalogs: StatusCatalog[] = catalogs.map(({ catalog, checked }) => ({
    path: catalog.path,
    dc: checked.load.dc,
    files: catalog.files.flatMap((f) => {
      const fl = d.loads.get(f);
      return fl ? [{ path: fl.file.path, text: fl.file.text }] : [];
    }),
  }));
  if (!opts.templates) return { catalogs, templates: [], findings };
  const templates = d.workspace.templates.map((template) => ({
    template,
    status: templateStatus(template, d.loads.get(template.path)?.file.text ?? '', statusCatalogs),
  }));
  for (const t of templates) findings.push(...driftFindings(t.template, t.status));
  return { catalogs, templates, findings };
}

/** A catalog's diagnostic with its location made relative to the opened folder. */
export function repoRelative(catalog: DiscoveredCatalog, d: Diagnostic): Diagnostic {
  if (!d.location || catalog.dir === '') return d;
  const file = catalog.isFile ? catalog.path : `${catalog.path}/${d.location.file}`;
  return { ...d, location: { ...d.location, file } };
}
