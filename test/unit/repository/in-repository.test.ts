import { describe, expect, it } from 'vitest';
import { inRepository } from '../../../src/browser/write-session';

/** A repository catalog's edits are written from the repository root: its template sits beside it. */
describe('inRepository', () => {
  it('places a catalog path and a template beside the catalog in the repository', () => {
    expect(inRepository('v4.23/catalog', 'kueue-operator/catalog.json')).toBe(
      'v4.23/catalog/kueue-operator/catalog.json',
    );
    expect(inRepository('v4.23/catalog', '../catalog-template.yaml')).toBe('v4.23/catalog-template.yaml');
    expect(inRepository('catalogs/v4.18', '../../templates/t.yaml')).toBe('templates/t.yaml');
    // A folder that is one catalog: paths as they are.
    expect(inRepository('', 'aurora-operator/catalog.yaml')).toBe('aurora-operator/catalog.yaml');
  });
});

/** "The whole catalog" zip of a repository's catalog: that catalog only, and its edited template beside it. */
describe('catalogInZip', () => {
  it("zips the catalog's files under its folder's name, the template it edited beside them, nothing else", async () => {
    const { unzipSync, strFromU8 } = await import('fflate');
    const { buildZip } = await import('../../../src/browser/write-zip');
    const { MemorySource } = await import('../../../src/core/source/memory');
    const { catalogInZip } = await import('../../../src/browser/write-session');
    const repo = new MemorySource({
      'README.md': '# repo\n',
      'v4.18/catalog/etcd/catalog.yaml': 'old: 1\n',
      'v4.19/catalog/etcd/catalog.yaml': 'schema: x\n',
      'v4.19/catalog-template.yaml': 'entries: []\n',
    });
    const [source, edits] = catalogInZip(repo, 'v4.19/catalog', [
      { path: 'v4.19/catalog-template.yaml', original: 'entries: []\n', text: 'entries: [a]\n' },
    ]);
    expect(source.name).toBe('catalog');
    const zipped = unzipSync((await buildZip(source, edits, 'all')).data);
    expect(Object.keys(zipped).sort()).toEqual(['catalog-template.yaml', 'catalog/etcd/catalog.yaml']);
    expect(strFromU8(zipped['catalog-template.yaml']!)).toBe('entries: [a]\n');
    expect(strFromU8(zipped['catalog/etcd/catalog.yaml']!)).toBe('schema: x\n');
  });
});
