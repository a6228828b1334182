/** One bad blob or file never hides the rest; errors carry file, line and column, in load order. */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';
import type { CatalogSource } from '../../../src/core/source/types';

const pkg = (name: string) => `schema: olm.package\nname: ${name}\ndefaultChannel: stable\n`;

describe('error isolation', () => {
  it('a broken file still lets every blob of the other files load', async () => {
    const r = await loadCatalog(
      new MemorySource({
        'a/index.yaml':
          pkg('a') + '---\nschema: olm.channel\npackage: a\nname: stable\nentries: [{name: a.v1}]\n',
        'b/index.json':
          '{"schema": "olm.package", "name": "b"}\n{"schema": "olm.channel", "package": "b", "name": "stable", "entries": [{"name": "b.v1",]}\n',
        'c/index.yaml': pkg('c') + '---\nschema: olm.bundle\npackage: c\nname: c.v1\nimage: img\n',
      }),
    );
    expect(r.dc.packages.map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(r.dc.channels.map((c) => c.package)).toEqual(['a']);
    expect(r.dc.bundles.map((b) => b.name)).toEqual(['c.v1']);
    expect(r.errors).toHaveLength(1);
    const e = r.errors[0]!;
    expect(e.rule).toBe('R5');
    expect(e.file).toBe('b/index.json');
    expect(e.message).toBe(
      "json: offset 128: invalid character ']' looking for beginning of object key string",
    );
    expect(e.location).toEqual({
      file: 'b/index.json',
      start: { line: 2, column: 89 },
      end: { line: 2, column: 91 },
    });
  });

  it('a bad blob in the middle of a file keeps the blobs after it, with its location', async () => {
    const r = await loadCatalog(
      new MemorySource({
        'index.yaml': `${pkg('p')}---\nschema: olm.channel\npackage: p\nname: stable\nentries:\n  - name: p.v1\n    skips: [1]\n---\n${pkg('q')}`,
      }),
    );
    expect(r.dc.packages.map((p) => p.name)).toEqual(['p', 'q']);
    expect(r.errors.map((e) => [e.rule, e.message, e.location.start])).toEqual([
      [
        'R11',
        'parse channel: json: cannot unmarshal number into Go struct field ChannelEntry.entries.skips of type string',
        { line: 10, column: 13 },
      ],
    ]);
    expect(r.errors[0]?.ref?.path).toEqual(['entries', 0, 'skips', 0]);
  });

  it('keeps errors in load order so errors[0] is what opm reports', async () => {
    const r = await loadCatalog(
      new MemorySource({
        'z.yaml': 'foo: 1\n',
        'a/x.yaml': 'schema: [1]\n',
        'a.yaml': '- 1\n',
      }),
    );
    expect(r.order).toEqual(['a/x.yaml', 'a.yaml', 'z.yaml']);
    expect(r.errors.map((e) => [e.file, e.rule])).toEqual([
      ['a/x.yaml', 'R8'],
      ['a.yaml', 'R6'],
      ['z.yaml', 'R9'],
    ]);
  });

  it('reports an unreadable file as R2 with the OS text and carries on', async () => {
    const inner = new MemorySource({ 'a.yaml': pkg('a'), 'b.yaml': pkg('b'), 'c.yaml': pkg('c') });
    const source: CatalogSource = {
      name: 'flaky',
      list: () => inner.list(),
      read: (p) =>
        p === 'b.yaml' ? Promise.reject(new Error('read b.yaml: is a directory')) : inner.read(p),
    };
    const r = await loadCatalog(source);
    expect(r.dc.packages.map((p) => p.name)).toEqual(['a', 'c']);
    expect(r.errors.map((e) => [e.rule, e.file, e.message])).toEqual([
      ['R2', 'b.yaml', 'read b.yaml: is a directory'],
    ]);
  });
});
