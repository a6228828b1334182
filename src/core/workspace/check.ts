/**
 * Every catalog of a discovered repository validated as `opm validate <catalog>`, plus what only the
 * repository as a whole shows: version skew between catalogs, unparseable files left outside
 * every catalog, and catalogs that are not what their template renders (drift). The shape the CLI prints and the app will show.
 */
import type { CheckedCatalog } from '../api';
import type { Diagnostic } from '../diagnostics';
import { acceptanceOf, catalogOfFile } from '../repo-config/accept';
import type { RepoConfig } from '../repo-config/types';
import type { DiscoveredCatalog, Discovery } from './discover';
import { locate } from '../load';
import type { ResolverCatalog } from '../template/bundle-resolver';
import type { MigrateLevel } from '../template/migrate-level';
import { skewFindings } from './skew';
import { lifecycleOcpFindings } from './lifecycle-ocp';
import type * as RepositoryJudging from './repository-judging';
import type { StatusCatalog, TemplateStatus } from './template-status';
import { DROP_VERSIONS_FILES, readDropVersions } from './drop-versions';
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
  const checked = checkCatalogsAndRepository(d, opts);
  const config = d.workspace.config;
  return config ? acceptFindings(checked, config) : checked;
}

/**
 * Marks the findings of ours the repository configuration accepts (a catalog's by its path, a
 * repository finding by the catalog its file is in), and lists what is wrong in the configuration
 * first among the repository's findings.
 */
function acceptFindings(checked: CheckedWorkspace, config: RepoConfig): CheckedWorkspace {
  const mark = (x: Diagnostic, catalog: string | undefined): Diagnostic => {
    const accepted = acceptanceOf(config, x, catalog);
    return accepted ? { ...x, accepted } : x;
  };
  const paths = checked.catalogs.map((c) => c.catalog.path);
  return {
    catalogs: checked.catalogs.map(({ catalog, checked: c }) => ({
      catalog,
      checked: {
        ...c,
        result: { ...c.result, diagnostics: c.result.diagnostics.map((x) => mark(x, catalog.path)) },
      },
    })),
    templates: checked.templates,
    findings: [
      ...config.findings,
      ...checked.findings.map((x) => mark(x, catalogOfFile(paths, x.location?.file))),
    ],
  };
}

function checkCatalogsAndRepository(d: Discovery, opts: CheckOptions): CheckedWorkspace {
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
    const drops = dropVersionsOf(d);
    findings.push(
      ...skewFindings(
        catalogs.map(({ catalog, checked }) => {
          const cutoff = catalog.ocpVersion === null ? undefined : drops?.map.get(catalog.ocpVersion);
          return {
            path: catalog.path,
            ocpVersion: catalog.ocpVersion,
            isFile: catalog.isFile,
            checked,
            ...(cutoff !== undefined && { dropsUpTo: cutoff }),
          };
        }),
      ),
    );
  }
  for (const { catalog, checked } of catalogs) findings.push(...lifecycleOcpFindings(catalog, checked));
  if (!opts.templates) return { catalogs, templates: [], findings };
  const statusCatalogs = statusCatalogsOf(d, catalogs);
  if (!d.workspace.single) {
    findings.push(
      ...loadedJudging().imageDisagreements(
        catalogs.map(({ catalog, checked }) => ({
          path: catalog.path,
          dc: checked.load.dc,
          locate: (origin) => {
            const r = locate(checked.load.files, { origin, path: [] });
            return { ...r, file: repoRelativeFile(catalog, r.file) };
          },
        })),
      ),
    );
  }
  const judged = judgeTemplates(d, statusCatalogs);
  findings.push(...judged.findings);
  return { catalogs, templates: judged.templates, findings };
}

/**
 * Judging templates and images across catalogs (repository-judging.ts) is loaded only for a
 * discovery that has templates or more than one catalog: checking a single catalog never starts
 * that code (a good part of a small catalog's CLI start-up). checkWorkspace and judgeTemplates are
 * synchronous, so a caller that asks for `templates` loads it first.
 */
let judging: typeof RepositoryJudging | undefined;

function needsJudging(d: Discovery): boolean {
  return d.workspace.templates.length > 0 || !d.workspace.single;
}

/** Loads repository judging when `d` needs it (before checkWorkspace `templates` or judgeTemplates). */
export async function loadRepositoryJudging(d: Discovery): Promise<void> {
  if (needsJudging(d)) judging ??= await import('./repository-judging');
}

function loadedJudging(): typeof RepositoryJudging {
  if (!judging) throw new Error('a repository judged before loadRepositoryJudging(discovery)');
  return judging;
}

/**
 * Each template of the repository judged against its catalogs (drift, unresolved images, errors)
 * and the drift findings. `pulled`: bundles pulled from registries for the images no catalog holds
 * (the app through `fbc-studio open`'s server, as `render-template` on the command line).
 */
export function judgeTemplates(
  d: Discovery,
  statusCatalogs: readonly StatusCatalog[],
  pulled?: ResolverCatalog,
): Pick<CheckedWorkspace, 'templates' | 'findings'> {
  if (d.workspace.templates.length === 0) return { templates: [], findings: [] };
  const { driftFindings, repositoryResolver, templateStatus } = loadedJudging();
  const own = repositoryResolver(statusCatalogs);
  const resolver = pulled ? own.withCatalog(pulled) : own;
  const templates = d.workspace.templates.map((template) => ({
    template,
    status: templateStatus(template, d.loads.get(template.path)?.file.text ?? '', statusCatalogs, resolver),
  }));
  return { templates, findings: templates.flatMap((t) => driftFindings(t.template, t.status)) };
}

/** A repository finding marked when the repository configuration accepts it (as checkWorkspace marks them). */
export function acceptedRepositoryFinding(
  config: RepoConfig,
  catalogPaths: readonly string[],
  x: Diagnostic,
): Diagnostic {
  const accepted = acceptanceOf(config, x, catalogOfFile(catalogPaths, x.location?.file));
  return accepted ? { ...x, accepted } : x;
}

/** The repository's map of Y-streams each OpenShift version's catalog drops (drop-versions.ts), if any. */
function dropVersionsOf(d: Discovery): { file: string; map: Map<string, string> } | undefined {
  for (const file of DROP_VERSIONS_FILES) {
    const text = d.loads.get(file)?.file.text;
    const map = text === undefined ? undefined : readDropVersions(text);
    if (map) return { file, map };
  }
  return undefined;
}

/** What judging templates needs of each catalog (also for a diff asked for later). */
export function statusCatalogsOf(
  d: Discovery,
  catalogs: readonly CheckedWorkspaceCatalog[],
): StatusCatalog[] {
  const drops = dropVersionsOf(d);
  return catalogs.map(({ catalog, checked }) => {
    // The repository configuration may set a catalog's migrate level on its WorkspaceCatalog.
    const { migrateLevel } = catalog as { migrateLevel?: MigrateLevel };
    const cutoff = catalog.ocpVersion === null ? undefined : drops?.map.get(catalog.ocpVersion);
    return {
      path: catalog.path,
      dc: checked.load.dc,
      ocpVersion: catalog.ocpVersion,
      ...(migrateLevel ? { migrateLevel } : {}),
      ...(drops && cutoff !== undefined && { pruning: { file: drops.file, cutoff } }),
      files: catalog.files.flatMap((f) => {
        const fl = d.loads.get(f);
        return fl ? [{ path: fl.file.path, text: fl.file.text }] : [];
      }),
    };
  });
}

/** A catalog's file (relative to the catalog) relative to the opened folder. */
function repoRelativeFile(catalog: DiscoveredCatalog, file: string): string {
  if (catalog.dir === '') return file;
  return catalog.isFile ? catalog.path : `${catalog.path}/${file}`;
}

/** A catalog's diagnostic with its location made relative to the opened folder. */
export function repoRelative(catalog: DiscoveredCatalog, d: Diagnostic): Diagnostic {
  if (!d.location || catalog.dir === '') return d;
  return { ...d, location: { ...d.location, file: repoRelativeFile(catalog, d.location.file) } };
}
