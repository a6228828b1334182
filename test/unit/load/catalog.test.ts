/** loadCatalog: walk order, progress, abort, and the cheap per-file merge. */
import { describe, expect, it } from 'vitest';
import {
  compareWalkOrder,
  loadCatalog,
  loadFile,
  mergeFileLoads,
  type LoadProgress,
} from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';

const pkg = (n: string) => `schema: olm.package\nname: ${n}\n`;

describe('walk order', () => {
  it('is fs.WalkDir order: per-directory byte order, directories in place', () => {
    const paths = ['a.yaml', 'a/x.yaml', 'B.yaml', 'a-b.yaml', 'a/b/c.yaml', 'ä.yaml', 'z.yaml', '.hidden'];
    expect([...paths].sort(compareWalkOrder)).toEqual([
      '.hidden',
      'B.yaml',
      'a/b/c.yaml',
      'a/x.yaml',
      'a-b.yaml',
      'a.yaml',
      'z.yaml',
      'ä.yaml',
    ]);
  });
});

describe('loadCatalog', () => {
  it('loads files in walk order and merges their blobs in that order', async () => {
    const r = await loadCatalog(
      new MemorySource({ 'b.yaml': pkg('b'), 'a/x.yaml': pkg('ax'), 'a.yaml': pkg('a') }),
    );
    expect(r.order).toEqual(['a/x.yaml', 'a.yaml', 'b.yaml']);
    expect(r.dc.packages.map((p) => p.name)).toEqual(['ax', 'a', 'b']);
    expect([...r.files.keys()]).toEqual(r.order);
    expect(r.files.get('a.yaml')).toMatchObject({ format: 'yaml', blobs: 1, bytes: pkg('a').length });
  });

  it('reports progress after every file with byte counts', async () => {
    const seen: LoadProgress[] = [];
    await loadCatalog(new MemorySource({ 'a.yaml': pkg('a'), 'b.yaml': pkg('bb') }), {
      onProgress: (p) => seen.push({ ...p }),
    });
    const total = pkg('a').length + pkg('bb').length;
    expect(seen.at(-1)).toEqual({
      filesDone: 2,
      filesTotal: 2,
      bytesDone: total,
      bytesTotal: total,
      currentFile: 'b.yaml',
    });
    expect(seen.map((p) => p.filesDone)).toEqual([0, 1, 2]);
  });

  it('rejects with an AbortError when the signal fires', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`p${String(i).padStart(2, '0')}.yaml`] = pkg(`p${i}`);
    const ac = new AbortController();
    const run = loadCatalog(new MemorySource(files), {
      signal: ac.signal,
      onProgress: (p) => {
        if (p.filesDone === 3) ac.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    const pre = new AbortController();
    pre.abort();
    await expect(loadCatalog(new MemorySource(files), { signal: pre.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('mergeFileLoads recombines per-file loads without re-parsing', () => {
    const a = loadFile('a.yaml', pkg('a') + '---\nfoo: 1\n');
    const b = loadFile('b.json', '{"schema": "olm.package", "name": "b"}');
    const m = mergeFileLoads([a, b], ['README.md']);
    expect(m.dc.packages[0]).toBe(a.dc.packages[0]);
    expect(m.dc.packages.map((p) => p.name)).toEqual(['a', 'b']);
    expect(m.errors).toEqual(a.errors);
    expect(m.ignored).toEqual(['README.md']);
    expect(m.order).toEqual(['a.yaml', 'b.json']);
  });
});
