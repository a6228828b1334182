/**
 * Adding a bundle to a repository's catalog that a basic template generates: the template gets
 * the entry and the `{image, schema}` item, and the catalog is rendered again from it — the new
 * bundle's blob coming from its folder, since no catalog holds its image yet — in one undo step.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundleFacts, proposeEntries, readBundleDir, renderBundle } from '../../../src/core/bundle';
import { MemorySource } from '../../../src/core/source/memory';
import { hasShared, skipReason } from '../../support/shared';
import { routedCatalog } from './corpus-route';
import { bundleFiles } from './bundle-fixture';

if (!hasShared) console.log(skipReason('adding a bundle through a template'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('addBundle on trustee v4.20 goes to its basic template', () => {
  it('edits the template, renders the catalog with the new bundle, and undo restores both', async () => {
    // As the worker composes a repository catalog's edits (src/core/repository/template-edits.ts).
    const { root, session, routed, edits } = await routedCatalog('openshift-trustee-fbc', 'v4.20/catalog');
    const route = routed.route!;
    expect(route.path).toBe('../catalog-template.yaml');
    const templateText = readFileSync(`${root}/v4.20/catalog-template.yaml`, 'utf8');
    const target = routed.target;
    const catalogBefore = session.getFile(route.catalogFile)!.text;

    const files = bundleFiles({
      pkg: 'trustee-operator',
      version: '1.3.0',
      replaces: 'trustee-operator.v1.2.1',
      skipRange: '>=0.1.0 <1.3.0',
      channels: 'stable',
    });
    const dir = await readBundleDir(new MemorySource(files, 'trustee-1.3.0'));
    const image = `registry.example.com/trustee-operator-bundle@sha256:${'1'.repeat(64)}`;
    const blob = renderBundle(dir, image) as unknown as Record<string, unknown>;
    const proposal = proposeEntries(bundleFacts(dir)!, session.editContext());
    expect(proposal.entries.map((e) => [e.channel, e.replaces, e.newChannel])).toEqual([
      ['stable', 'trustee-operator.v1.2.1', false],
    ]);

    const step = edits.perform('addBundle', { blob, entries: proposal.entries });
    expect(step.result.error).toBeUndefined();
    expect(step.result.changes.map((c) => c.path)).toEqual(['../catalog-template.yaml', route.catalogFile]);
    const template = target.getFile(route.path)!.text;
    // The template's own style (sorted keys, quoting) for the new lines; nothing else changes.
    expect(template).toBe(
      templateText
        .replace(
          "        skipRange: '>=0.1.0 <1.2.1'\n",
          "        skipRange: '>=0.1.0 <1.2.1'\n      - name: trustee-operator.v1.3.0\n        replaces: trustee-operator.v1.2.1\n        skipRange: '>=0.1.0 <1.3.0'\n",
        )
        .replace(
          '\nschema: olm.template.basic',
          `\n  - image: ${image}\n    schema: olm.bundle\nschema: olm.template.basic`,
        ),
    );
    const pkg = session.getPackage('trustee-operator');
    expect(pkg?.channels.find((c) => c.name === 'stable')?.head).toBe('trustee-operator.v1.3.0');
    expect(session.getFile(route.catalogFile)!.text).toContain(`"image": "${image}"`);

    edits.undo();
    expect(target.getFile(route.path)!.text).toBe(templateText);
    expect(session.getFile(route.catalogFile)!.text).toBe(catalogBefore);
  });
});
