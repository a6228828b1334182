/** The worker's Compare: the open catalog against another catalog, or a revision, as the view asks. */
import { describe, expect, it } from 'vitest';
import { compareTargets, compareWith, type CompareContext } from '../../../src/core/diff/compare-service';
import { MemorySource } from '../../../src/core/source/memory';
import { model, NEW, OLD } from './fixtures';

async function context(): Promise<CompareContext> {
  const models = new Map([
    ['v4.18/catalog', await model(OLD)],
    ['v4.19/catalog', await model(NEW)],
  ]);
  const files = Object.fromEntries([
    ...Object.entries(OLD).map(([p, t]) => [`v4.18/catalog/${p}`, t]),
    ...Object.entries(NEW).map(([p, t]) => [`v4.19/catalog/${p}`, t]),
  ]);
  return {
    source: new MemorySource(files),
    current: 'v4.19/catalog',
    catalogs: [...models.keys()],
    model: (id) => models.get(id),
  };
}

describe('compare-service', () => {
  it('offers the other catalogs, and no revisions without .git', async () => {
    expect(await compareTargets(await context())).toEqual({
      current: 'v4.19/catalog',
      catalogs: [{ id: 'v4.18/catalog', label: 'v4.18/catalog' }],
      revisions: null,
    });
  });

  it('compares with another catalog of the repository, Markdown included', async () => {
    const r = await compareWith(await context(), { kind: 'catalog', id: 'v4.18/catalog' });
    if ('error' in r) throw new Error(r.error);
    expect(r.oldLabel).toBe('v4.18/catalog');
    expect(r.newLabel).toBe('v4.19/catalog (working tree)');
    expect(r.diff.packages.map((p) => p.name)).toEqual(['etcd', 'fresh', 'gone']);
    expect(r.markdown.startsWith('## Catalog diff: v4.18/catalog → v4.19/catalog (working tree)\n')).toBe(
      true,
    );
  });

  it('says why a revision cannot be compared', async () => {
    expect(await compareWith(await context(), { kind: 'revision', ref: 'HEAD' })).toEqual({
      error: 'The open folder is not a Git repository (it has no .git folder)',
    });
    expect(await compareWith(await context(), { kind: 'catalog', id: 'v9/catalog' })).toEqual({
      error: 'No catalog "v9/catalog" is open',
    });
  });

  it('compares with a picked folder or zip, and either way round', async () => {
    const { zipSync, strToU8 } = await import('fflate');
    const zip = zipSync(
      Object.fromEntries(Object.entries(OLD).map(([p, t]) => [`old-catalog/${p}`, strToU8(t)])),
    );
    const { zipSource } = await import('../../../src/core/source/zip');
    const ctx = await context();
    const r = await compareWith(ctx, { kind: 'source', source: zipSource(zip, 'old.zip'), label: 'old.zip' });
    if ('error' in r) throw new Error(r.error);
    expect([r.oldLabel, r.newLabel, r.swapped]).toEqual(['old.zip', 'v4.19/catalog (working tree)', false]);
    expect(r.diff.packages.map((p) => [p.name, p.status])).toEqual([
      ['etcd', 'changed'],
      ['fresh', 'added'],
      ['gone', 'removed'],
    ]);
    const back = await compareWith(
      ctx,
      { kind: 'source', source: new MemorySource(OLD), label: 'old folder' },
      true,
    );
    if ('error' in back) throw new Error(back.error);
    expect([back.oldLabel, back.newLabel, back.swapped]).toEqual([
      'v4.19/catalog (working tree)',
      'old folder',
      true,
    ]);
    expect(back.diff.packages.map((p) => [p.name, p.status])).toEqual([
      ['etcd', 'changed'],
      ['fresh', 'removed'],
      ['gone', 'added'],
    ]);
    expect(back.markdown).toContain('## Catalog diff: v4.19/catalog (working tree) → old folder');
  });
});
