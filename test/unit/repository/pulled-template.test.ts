/**
 * A template naming a bundle image no catalog of the repository holds (the bundle just built),
 * judged again once that bundle is pulled — what the app does through `fbc-studio open`'s server:
 * the template's status names the image to pull; with the pulled bundle the template renders, its
 * catalog's drift says the bundle is missing from it, and an action on the catalog goes to the
 * template and renders the catalog with the pulled bundle. The pulled bundle here is rendered from
 * a bundle folder of ours, as the server renders the pulled image (test/unit/server covers the pull).
 */
import { describe, expect, it } from 'vitest';
import { readBundleDir, renderBundle } from '../../../src/core/bundle';
import { loadFile } from '../../../src/core/load';
import { openRepository } from '../../../src/core/repository';
import { templateEdits } from '../../../src/core/repository/template-edits';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { EditSession } from '../../../src/core/service/edit-session';
import { MemorySource } from '../../../src/core/source/memory';
import { writeFbcJson } from '../../../src/core/template/fbc-writer';
import { ONE_BUNDLE_CATALOG, templateAdding } from '../../support/cli-run';
import { bundleFiles } from '../bundle/bundle-fixture';

const BUILT = `quay.io/acme/op-bundle@sha256:${'ab'.repeat(32)}`;

const TEMPLATE = templateAdding(BUILT);

/** What the server sends for the built image: the olm.bundle blob `render IMAGE` makes, unmigrated. */
async function pulledCatalog() {
  const files = bundleFiles({
    version: '1.1.0',
    channels: 'stable',
    defaultChannel: 'stable',
    replaces: 'op.v1.0.0',
  });
  const blob = renderBundle(await readBundleDir(new MemorySource(files)), BUILT, 'none');
  return { name: 'images pulled from registries', dc: loadFile('pulled.json', writeFbcJson([blob])).dc };
}

describe('a template whose bundle image no catalog holds, once it is pulled', () => {
  it('renders: drift says what the catalog lacks, and an action re-renders with the pulled bundle', async () => {
    const service = new CatalogService();
    const source = new MemorySource({
      'catalog/op/catalog.yaml': ONE_BUNDLE_CATALOG,
      'catalog-template.yaml': TEMPLATE,
    });
    const { repository, rejudge, templateDiff } = await openRepository(service, source, {
      kind: 'files',
      readOnly: false,
    });
    const before = repository.templates[0]!;
    expect(before.catalogs).toEqual(['catalog']);
    // Offline, the built image is unresolved and named for the pull; nothing is judged.
    expect(before.status.unresolvedImages).toEqual([BUILT]);
    expect(before.status.drift).toEqual([]);
    expect(templateDiff('catalog-template.yaml', 'catalog')).toBeUndefined();
    // No route for actions while the template cannot render.
    const offline = await templateEdits(service, repository, 'catalog', () => Promise.resolve(TEMPLATE));
    expect(offline?.route).toBeUndefined();

    const pulled = await pulledCatalog();
    const judged = rejudge(pulled);
    const status = judged.templates[0]!.status;
    expect(status.unresolved).toEqual([]);
    expect(status.drift).toHaveLength(1);
    expect(status.drift[0]?.lines).toEqual([
      'changed olm.channel op stable',
      'not committed olm.bundle op op.v1.1.0',
    ]);
    expect(judged.findings.map((f) => f.rule)).toContain('template-drift');
    expect(judged.templateDiff('catalog-template.yaml', 'catalog')).toContain(`+image: ${BUILT}`);

    // The catalog's edits go to the template, and its render holds the pulled bundle.
    const view = { ...repository, templates: judged.templates };
    const edits = await templateEdits(service, view, 'catalog', () => Promise.resolve(TEMPLATE), pulled);
    expect(edits?.route).toBeDefined();
    const session = new EditSession(edits!.target, edits!.router);
    const step = session.perform('promoteToChannel', { package: 'op', bundle: 'op.v1.1.0', channel: 'fast' });
    expect(step.result.error).toBeUndefined();
    expect(step.result.changes.map((c) => c.path)).toEqual(['../catalog-template.yaml', 'op/catalog.yaml']);
    const catalog = edits!.target.getFile('op/catalog.yaml')!.text;
    expect(catalog).toContain(`image: ${BUILT}`);
    expect(catalog).toMatch(/name: fast\n/);
  });
});
