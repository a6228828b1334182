/**
 * A catalog of a real repository from ../shared/corpus opened as the worker opens it, with its edits
 * routed to the template that renders it (src/core/repository/template-edits.ts): what the add-bundle
 * tests on corpus templates start from.
 */
import { readFileSync } from 'node:fs';
import { NodeFsSource } from '../../../src/cli/node-source';
import { openRepository } from '../../../src/core/repository';
import { templateEdits } from '../../../src/core/repository/template-edits';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { EditSession } from '../../../src/core/service/edit-session';
import { sharedPath } from '../../support/shared';

export async function routedCatalog(repo: string, id: string) {
  const root = sharedPath(`corpus/fbc/${repo}`);
  const service = new CatalogService();
  const { repository } = await openRepository(service, new NodeFsSource(root), {
    kind: 'files',
    readOnly: true,
  });
  const session = service.session(id)!;
  const routed = (await templateEdits(service, repository, id, async (p) =>
    readFileSync(`${root}/${p}`, 'utf8'),
  ))!;
  const edits = new EditSession(routed.target, routed.router);
  return { root, session, routed, edits };
}
