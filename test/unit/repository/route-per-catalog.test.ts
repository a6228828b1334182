/**
 * A generated catalog's edits render it again from its template, as its own pipeline renders it: a
 * repository keeping one template for every version, rendered with olm.bundle.object up to 4.16 and
 * olm.csv.metadata after, re-renders a 4.17 catalog with its own bundles (resolved from itself
 * first), never with the older form of the same digests.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { openRepository } from '../../../src/core/repository';
import { templateEdits } from '../../../src/core/repository/template-edits';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('template re-renders per catalog on a real repository'));

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)(
  're-rendering a catalog from its template (openshift-file-integrity-operator-fbc)',
  () => {
    it('v4.17: the images it re-renders from resolve from the catalog itself', async () => {
      const root = sharedPath('corpus/fbc/openshift-file-integrity-operator-fbc');
      const service = new CatalogService();
      const { repository } = await openRepository(service, new NodeFsSource(root), {
        kind: 'files',
        readOnly: true,
      });
      const id = 'catalog/v4.17/file-integrity-operator';
      const routed = (await templateEdits(service, repository, id, async (p) =>
        readFileSync(`${root}/${p}`, 'utf8'),
      ))!;
      const route = routed.route!;
      expect(route.catalogFile).toBe('catalog.yaml');
      // Every image of the template resolves from this catalog (kept there as olm.csv.metadata), not
      // from v4.12–v4.16, which keep the same digests as olm.bundle.object and come first in the list.
      const template = readFileSync(`${root}/${route.repoPath}`, 'utf8');
      const images = [...template.matchAll(/image: (\S+@sha256:[0-9a-f]{64})/g)].map((m) => m[1] as string);
      expect(images).toHaveLength(11);
      expect(new Set(images.map((image) => route.resolver.resolve(image)?.catalog))).toEqual(new Set([id]));
      // A bundle being added comes first, and the catalog's own bundles still before the others'.
      const dc = service.session(id)!.editContext().dc;
      const adding = route.resolver.withCatalog({
        name: 'the bundle being added',
        dc: { ...dc, bundles: [] },
      });
      expect(adding.resolve(images[0] as string)?.catalog).toBe(id);
    });
  },
);
