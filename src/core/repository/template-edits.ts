/**
 * The edit target of a repository's catalog that a template generates: the catalog with its
 * template held beside it, and the router that sends its actions to the template (where that
 * template renders it alone, offline) and carries typed edits into it. One composition for the
 * worker and the tests; the template's text is read by the caller (a folder handle, Node's fs).
 */
import type { CatalogService } from '../service/catalog-service';
import type { EditRouter, EditTarget } from '../service/edit-session';
import type { FileEdit } from '../service/edit-types';
import { CatalogBundleResolver, type ResolverCatalog } from '../template/bundle-resolver';
import type { RepositoryView } from './open-repository';
import {
  carryViaTemplate,
  choicesViaTemplate,
  performViaTemplate,
  templateLinkFor,
  templateRouteFor,
  withTemplate,
  type TemplateLink,
  type TemplateRoute,
} from './template-route';

export interface TemplateEdits {
  target: EditTarget;
  router: EditRouter;
  /** Set when actions go to the template (it renders this catalog alone, offline). */
  route?: TemplateRoute;
  /** Set when exactly one template renders the catalog (typed edits can be carried into it). */
  link?: TemplateLink;
}

/**
 * Undefined for a catalog no template renders. `readTemplate` gets the template's repository path.
 * `pulled`: bundles pulled from registries for the template's images no catalog holds.
 */
export async function templateEdits(
  service: CatalogService,
  repo: RepositoryView,
  id: string,
  readTemplate: (repoPath: string) => Promise<string>,
  pulled?: ResolverCatalog,
): Promise<TemplateEdits | undefined> {
  const session = service.session(id);
  if (!session || !repo.templates.some((t) => t.catalogs.includes(id))) return undefined;
  // This catalog's own bundles first: re-rendered, it keeps the form (migrate level) it holds them in;
  // what was pulled is asked for after every catalog.
  const resolver = new CatalogBundleResolver([
    ...repo.catalogs.flatMap((c) => {
      const s = service.session(c.id);
      return s ? [{ name: c.id, dc: s.editContext().dc }] : [];
    }),
    ...(pulled ? [pulled] : []),
  ]).preferring([id]);
  const link = templateLinkFor(repo, id);
  const route = templateRouteFor(
    repo,
    id,
    session.listFiles().map((f) => f.path),
    resolver,
  );
  const held = route ?? link;
  if (!held) return undefined;
  const target = withTemplate(session, held, await readTemplate(held.repoPath));
  const router: EditRouter = {
    // Actions go to the template only where it renders this catalog alone, offline.
    ...(route
      ? {
          perform: (action: string, args: Record<string, unknown>) =>
            performViaTemplate(target, route, action, args),
          choices: (action: string, args: Record<string, unknown>) =>
            choicesViaTemplate(target, route, action, args),
        }
      : {}),
    ...(link
      ? { carry: (files: readonly FileEdit[]) => carryViaTemplate(target, link, files, resolver, route) }
      : {}),
  };
  return { target, router, ...(route ? { route } : {}), ...(link ? { link } : {}) };
}
