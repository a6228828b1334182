/**
 * The view a catalog opens on: the demo's chosen graph still shows every kind of upgrade edge (so
 * a change to the demo that makes it less telling fails here), a one-package catalog its package,
 * a repository its overview.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_FIRST_VIEW, firstView } from '../../../src/app/opening/first-view';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { demoTree } from '../service/demo-files';

describe('firstView', () => {
  it('the demo opens on a channel with replaces, skips and skipRange edges', async () => {
    const service = new CatalogService();
    await service.open(new MemorySource(demoTree(), 'demo'), { kind: 'demo', readOnly: true });
    const packages = service.getPackageList();
    expect(firstView({ demo: true, inRepository: false, packages })).toEqual(DEMO_FIRST_VIEW);
    const ch = service
      .editContext()
      .model.packages.get(DEMO_FIRST_VIEW.pkg)
      ?.channels.get(DEMO_FIRST_VIEW.ch);
    const bundles = [...(ch?.bundles.values() ?? [])];
    expect(bundles.some((b) => b.replaces !== '')).toBe(true);
    expect(bundles.some((b) => b.skips.length > 0)).toBe(true);
    expect(bundles.some((b) => b.skipRange !== '')).toBe(true);
  });

  it('one package: that package on its default channel; several, or a repository: the overview', () => {
    const one = [{ name: 'solo-operator', defaultChannel: 'stable' }];
    expect(firstView({ demo: false, inRepository: false, packages: one })).toEqual({
      pkg: 'solo-operator',
      ch: 'stable',
    });
    expect(firstView({ demo: false, inRepository: true, packages: one })).toBeUndefined();
    const two = [...one, { name: 'other-operator', defaultChannel: '' }];
    expect(firstView({ demo: false, inRepository: false, packages: two })).toBeUndefined();
    // A package without a default channel opens without naming one (the view picks the first).
    expect(firstView({ demo: false, inRepository: false, packages: [two[1]!] })).toEqual({
      pkg: 'other-operator',
    });
  });
});
