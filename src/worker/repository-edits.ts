/**
 * Editing a catalog of a repository (one catalog per OpenShift version): the catalog's folder in the
 * repository, and the route of its edits through a template that renders it. Loaded by the catalog
 * worker with the first edit in a repository, so opening a single catalog never loads it.
 */
import { DEFAULT_CATALOG_ID, type CatalogService } from '../core/service/catalog-service';
import type { RepositoryView } from '../core/repository/open-repository';
import { subSource } from '../core/workspace/sub-source';
import type { OpenedCatalog } from '../browser/write-session';
import type { ResolverCatalog } from '../core/template/bundle-resolver';

/** What the worker opened: the repository's folder. */
type Opened = Pick<OpenedCatalog, 'spec' | 'source'>;

/**
 * Catalog `id` of the repository: where it is (`at`) and, when a template renders it, the route
 * (its images no catalog holds resolved from `pulled`, when the server pulled them).
 */
export async function repositoryEdits(
  service: CatalogService,
  repo: RepositoryView,
  opened: Opened,
  id: string,
  pulled?: ResolverCatalog,
) {
  return { at: openedCatalog(opened, id), routed: await templateRoute(service, repo, opened, id, pulled) };
}

/** The folder and source of catalog `id`: the opened folder itself, or its catalog folder in the repository. */
function openedCatalog(opened: Opened, id: string): OpenedCatalog {
  if (id === DEFAULT_CATALOG_ID) return opened;
  const { spec, source } = opened;
  return { spec, source: subSource(source, id), subdirectory: id, repository: source };
}

/**
 * A repository's catalog generated from a template: its actions edit the template and render the
 * catalog again (src/core/repository/template-edits.ts). Undefined for any other catalog.
 */
async function templateRoute(
  service: CatalogService,
  repo: RepositoryView,
  opened: Opened,
  id: string,
  pulled: ResolverCatalog | undefined,
) {
  if (!repo.templates.some((t) => t.catalogs.includes(id))) return undefined;
  const { templateEdits } = await import('../core/repository/template-edits');
  return templateEdits(
    service,
    repo,
    id,
    async (path) => new TextDecoder().decode(await opened.source.read(path)),
    pulled,
  );
}
