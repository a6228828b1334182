import { describe, expect, it } from 'vitest';
import { progressReporter } from '../../../src/core/service/load-progress';
import { readCatalogFiles } from '../../../src/core/service/session-read';
import { MemorySource } from '../../../src/core/source/memory';
import type { LoadProgress } from '../../../src/core/service/views';

const pkg = (name: string) => `schema: olm.package\nname: ${name}\n`;

describe('reading a catalog from its source', () => {
  it('loads the files opm would, in walk order, honouring .indexignore, with progress', async () => {
    const source = new MemorySource({
      'b/catalog.yaml': pkg('b'),
      'a/catalog.yaml': pkg('a'),
      'a/notes.md': 'ignored by pattern',
      '.indexignore': '*.md\n',
    });
    const seen: LoadProgress[] = [];
    const read = await readCatalogFiles(
      source,
      progressReporter((p) => seen.push(p)),
      () => undefined,
    );
    expect([...read.loads.keys()]).toEqual(['a/catalog.yaml', 'b/catalog.yaml']);
    expect(read.ignored).toEqual(['a/notes.md']);
    expect(read).toMatchObject({ filesRead: 2, filesTotal: 2 });
    expect(read.bytesRead).toBe(read.bytesTotal);
    expect(seen[0]?.phase).toBe('listing');
  });

  it('an unreadable file becomes opm’s R2 with the OS error; the others load', async () => {
    const inner = new MemorySource({ 'a.yaml': pkg('a'), 'b.yaml': pkg('b') });
    const source = {
      name: 'x',
      list: () => inner.list(),
      read: (p: string) =>
        p === 'a.yaml' ? Promise.reject(new Error('open a.yaml: denied')) : inner.read(p),
    };
    const read = await readCatalogFiles(source, progressReporter(undefined), () => undefined);
    expect(read.loads.get('a.yaml')?.errors.map((e) => [e.rule, e.message])).toEqual([
      ['R2', 'open a.yaml: denied'],
    ]);
    expect(read.loads.get('b.yaml')?.errors).toEqual([]);
    expect(read.filesRead).toBe(2);
  });

  it('stops where `check` throws', async () => {
    let reads = 0;
    const inner = new MemorySource({ 'a.yaml': pkg('a'), 'b.yaml': pkg('b') });
    const source = { name: 'x', list: () => inner.list(), read: (p: string) => (reads++, inner.read(p)) };
    const stop = new Error('stop');
    await expect(
      readCatalogFiles(source, progressReporter(undefined), () => {
        if (reads > 0) throw stop;
      }),
    ).rejects.toBe(stop);
  });
});
