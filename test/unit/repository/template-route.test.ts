/**
 * Editing goes to the source: an action on a catalog a template generates edits the template and
 * renders the catalog again from it, both in one undo step.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { openRepository } from '../../../src/core/repository';
import {
  performViaTemplate,
  relativePath,
  templateRouteFor,
  withTemplate,
  choicesViaTemplate,
} from '../../../src/core/repository/template-route';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { EditSession } from '../../../src/core/service/edit-session';
import { CatalogBundleResolver } from '../../../src/core/template/bundle-resolver';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('template routing'));

describe('relativePath', () => {
  it('names a template from its catalog folder', () => {
    expect(relativePath('v4.18/catalog', 'v4.18/catalog-template.yaml')).toBe('../catalog-template.yaml');
    expect(relativePath('catalogs/v4.18', 'templates/t.yaml')).toBe('../../templates/t.yaml');
    expect(relativePath('.', 't.yaml')).toBe('t.yaml');
  });
});

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('an action on kueue v4.23 goes to its template', () => {
  it('promote edits the template and re-renders the catalog; undo restores both', async () => {
    const root = sharedPath('corpus/fbc/openshift-kueue-fbc');
    const service = new CatalogService();
    const { repository } = await openRepository(service, new NodeFsSource(root), {
      kind: 'files',
      readOnly: true,
    });
    const id = 'v4.23/catalog';
    const session = service.session(id)!;
    const resolver = new CatalogBundleResolver(
      repository.catalogs.map((c) => ({ name: c.id, dc: service.session(c.id)!.editContext().dc })),
    );
    const route = templateRouteFor(
      repository,
      id,
      session.listFiles().map((f) => f.path),
      resolver,
    )!;
    expect(route).toMatchObject({
      path: '../catalog-template.yaml',
      repoPath: 'v4.23/catalog-template.yaml',
      catalogFile: 'kueue-operator/catalog.json',
      format: 'json',
    });
    const templateText = readFileSync(`${root}/v4.23/catalog-template.yaml`, 'utf8');
    const target = withTemplate(session, route, templateText);
    const edits = new EditSession(target, {
      perform: (a, args) => performViaTemplate(target, route, a, args),
      choices: (a, args) => choicesViaTemplate(target, route, a, args),
    });
    const catalogBefore = session.getFile(route.catalogFile)!.text;

    const args = { package: 'kueue-operator', bundle: 'kueue-operator.v1.4.1', channel: 'fast-v1.4' };
    const step = edits.perform('promoteToChannel', args);
    expect(step.result.error).toBeUndefined();
    expect(step.result.changes.map((c) => c.path)).toEqual([
      '../catalog-template.yaml',
      'kueue-operator/catalog.json',
    ]);
    // The semver template lists the bundle under Fast (its other lines untouched); the catalog is its
    // render, with the fast-v1.4 channel it generates.
    const template = target.getFile(route.path)!.text;
    expect(template.startsWith(templateText.split('\n').slice(0, 3).join('\n'))).toBe(true);
    expect(template).toMatch(
      /^Fast:\n {2}Bundles:\n {2}- Image: registry.redhat.io\/kueue\/kueue-operator-bundle@sha256:/m,
    );
    expect(session.getPackage('kueue-operator')?.channels.map((c) => c.name)).toContain('fast-v1.4');
    expect(edits.state().dirty.map((d) => d.path)).toEqual([
      '../catalog-template.yaml',
      'kueue-operator/catalog.json',
    ]);

    edits.undo();
    expect(target.getFile(route.path)!.text).toBe(templateText);
    expect(session.getFile(route.catalogFile)!.text).toBe(catalogBefore);
    expect(edits.state().dirty).toEqual([]);
  });
});

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('an action whose template would not render offline', () => {
  it('is refused with the unresolved image and the template line, and nothing changes', async () => {
    const root = sharedPath('corpus/fbc/openshift-kueue-fbc');
    const service = new CatalogService();
    const { repository } = await openRepository(service, new NodeFsSource(root), {
      kind: 'files',
      readOnly: true,
    });
    const session = service.session('v4.23/catalog')!;
    const resolver = new CatalogBundleResolver(
      repository.catalogs.map((c) => ({ name: c.id, dc: service.session(c.id)!.editContext().dc })),
    );
    const route = templateRouteFor(
      repository,
      'v4.23/catalog',
      session.listFiles().map((f) => f.path),
      resolver,
    )!;
    const text = readFileSync(`${root}/v4.23/catalog-template.yaml`, 'utf8');
    const target = withTemplate(session, route, text);
    // A respin to an image no catalog of the repository holds: the template could change, but the
    // catalog could not be rendered from it offline.
    const image = `registry.example.com/kueue/kueue-operator-bundle@sha256:${'0'.repeat(64)}`;
    const r = performViaTemplate(target, route, 'substituteBundle', {
      package: 'kueue-operator',
      bundle: 'kueue-operator.v1.4.1',
      replacement: 'kueue-operator.v1.4.2',
      image,
    });
    expect(r.changes).toEqual([]);
    expect(r.error).toMatch(
      new RegExp(
        `^the template would not render: unresolved image ${image.replace(/[.]/g, '\\.')} \\(needed by template \\.\\./catalog-template\\.yaml line \\d+\\)$`,
      ),
    );
    expect(target.getFile(route.path)?.text).toBe(text);
  });
});
