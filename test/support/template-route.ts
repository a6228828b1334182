/**
 * A repository of ours opened as the app opens it, and the route of one of its catalogs to its
 * template (src/core/repository/template-route.ts): what the tests of actions that go to a template
 * share. The resolver holds every catalog of the repository, this one first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeFsSource } from '../../src/cli/node-source';
import { openRepository } from '../../src/core/repository';
import { templateRouteFor, withTemplate, type TemplateRoute } from '../../src/core/repository/template-route';
import { CatalogService } from '../../src/core/service/catalog-service';
import type { EditTarget } from '../../src/core/service/edit-session';
import { CatalogBundleResolver } from '../../src/core/template/bundle-resolver';

export async function routeOf(
  root: string,
  id: string,
): Promise<{ route: TemplateRoute; target: EditTarget }> {
  const service = new CatalogService();
  const { repository } = await openRepository(service, new NodeFsSource(root), {
    kind: 'files',
    readOnly: true,
  });
  const session = service.session(id);
  if (!session) throw new Error(`no catalog ${id} in ${root}`);
  const resolver = new CatalogBundleResolver(
    repository.catalogs.map((c) => ({ name: c.id, dc: service.session(c.id)!.editContext().dc })),
  ).preferring([id]);
  const route = templateRouteFor(
    repository,
    id,
    session.listFiles().map((f) => f.path),
    resolver,
  );
  if (!route) throw new Error(`${id} has no route to a template`);
  return { route, target: withTemplate(session, route, readFileSync(join(root, route.repoPath), 'utf8')) };
}
