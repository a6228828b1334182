/** Blob origins and lazy field locations (file/line/column, 1-based, UTF-16 columns). */
import { describe, expect, it } from 'vitest';
import { loadCatalog, loadFile, locate, mergeFileLoads } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';

const YAML = `---
schema: olm.package
name: foo
defaultChannel: alpha
---
# the channel
schema: olm.channel
package: foo
name: alpha
entries:
  - name: foo.v0.1.0
  - name: foo.v0.2.0
    replaces: 'foo.v0.1.0'
    skips:
      - foo.v0.0.9
`;

const JSON_TEXT = `{
    "schema": "olm.package",
    "name": "foo",
    "defaultChannel": "alpha"
}
{
    "schema": "olm.channel",
    "package": "foo",
    "name": "alpha",
    "entries": [
        {"name": "foo.v0.1.0"},
        {
            "name": "foo.v0.2.0",
            "replaces": "foo.v0.1.0",
            "skips": ["foo.v0.0.9"]
        }
    ]
}`;

function at(text: string, file: string, path: (string | number)[], kind: 'channel' | 'package' = 'channel') {
  const fl = loadFile(file, text);
  const r = mergeFileLoads([fl]);
  const origin = kind === 'channel' ? r.dc.channels[0]!.origin : r.dc.packages[0]!.origin;
  return locate(r.files, { origin, path });
}

describe('locate', () => {
  it('resolves a field path in a YAML document to its value', () => {
    expect(at(YAML, 'c.yaml', ['entries', 1, 'replaces'])).toEqual({
      file: 'c.yaml',
      start: { line: 13, column: 15 },
      end: { line: 13, column: 27 },
    });
    expect(at(YAML, 'c.yaml', ['entries', 1, 'skips', 0]).start).toEqual({ line: 15, column: 9 });
    expect(at(YAML, 'c.yaml', ['name'], 'package').start).toEqual({ line: 3, column: 7 });
  });

  it('resolves the same path in a JSON stream', () => {
    expect(at(JSON_TEXT, 'c.json', ['entries', 1, 'replaces'])).toEqual({
      file: 'c.json',
      start: { line: 14, column: 25 },
      end: { line: 14, column: 37 },
    });
    expect(at(JSON_TEXT, 'c.json', ['entries', 0, 'name']).start).toEqual({ line: 11, column: 18 });
    expect(at(JSON_TEXT, 'c.json', ['defaultChannel'], 'package').start).toEqual({ line: 4, column: 23 });
  });

  it('falls back to the nearest existing parent, then the blob start', () => {
    expect(at(YAML, 'c.yaml', ['entries', 1, 'skipRange']).start).toEqual({ line: 12, column: 5 });
    expect(at(JSON_TEXT, 'c.json', ['entries', 7, 'name']).start).toEqual({ line: 10, column: 16 });
    // Nothing on the path exists: the blob's first content line (after `---` and comments).
    expect(at(YAML, 'c.yaml', ['nope']).start).toEqual({ line: 7, column: 1 });
    expect(at(JSON_TEXT, 'c.json', ['nope']).start).toEqual({ line: 6, column: 1 });
  });

  it('points block scalars at their indicator and finds keys through merges', () => {
    const text = 'schema: x\nbase: &b\n  k: v\nd:\n  <<: *b\n  text: |\n    hello\n';
    const fl = loadFile('m.yaml', text);
    const r = mergeFileLoads([fl]);
    const origin = r.dc.others[0]!.origin;
    expect(locate(r.files, { origin, path: ['d', 'text'] }).start).toEqual({ line: 6, column: 9 });
    expect(locate(r.files, { origin, path: ['d', 'k'] }).start).toEqual({ line: 3, column: 6 });
  });
});

describe('blob origins', () => {
  it('are document ranges in multi-document YAML', () => {
    const fl = loadFile('c.yaml', YAML);
    const [p, c] = [fl.dc.packages[0]!.origin, fl.dc.channels[0]!.origin];
    expect([p.index, p.format, c.index]).toEqual([0, 'yaml', 1]);
    expect(YAML.slice(p.start, p.end)).toBe('---\nschema: olm.package\nname: foo\ndefaultChannel: alpha\n');
    expect(YAML.slice(c.start, c.end).startsWith('# the channel\nschema: olm.channel')).toBe(true);
    expect(c.end).toBe(YAML.length);
  });

  it('are value ranges in concatenated JSON', () => {
    const fl = loadFile('c.json', JSON_TEXT);
    const [p, c] = [fl.dc.packages[0]!.origin, fl.dc.channels[0]!.origin];
    expect(JSON.parse(JSON_TEXT.slice(p.start, p.end))).toEqual(fl.dc.packages[0]!.raw);
    expect(JSON.parse(JSON_TEXT.slice(c.start, c.end))).toEqual(fl.dc.channels[0]!.raw);
    expect([p.start, JSON_TEXT[p.end - 1], c.index, c.format]).toEqual([0, '}', 1, 'json']);
  });

  it('locate works on a whole catalog result', async () => {
    const r = await loadCatalog(new MemorySource({ 'a/c.yaml': YAML, 'b/c.json': JSON_TEXT }));
    const ch = r.dc.channels.find((c) => c.origin.file === 'b/c.json')!;
    expect(locate(r.files, { origin: ch.origin, path: ['entries', 1, 'skips', 0] })).toEqual({
      file: 'b/c.json',
      start: { line: 15, column: 23 },
      end: { line: 15, column: 35 },
    });
  });
});

describe('locations in a large file', () => {
  // Lines are indexed only as far as a finding asks (locate of a 200 MB catalog's channels need not
  // scan its bundles): the same places whichever order they are asked in, far and near.
  const bundles = Array.from(
    { length: 3000 },
    (_, i) => `{\n  "schema": "olm.bundle",\n  "package": "foo",\n  "name": "foo.v${i}.0.0"\n}`,
  );
  const text = [`{\n  "schema": "olm.package",\n  "name": "foo"\n}`, ...bundles].join('\n');

  it('line and column of the last, the first and a middle blob agree with the line each starts on', () => {
    const fl = loadFile('big.json', text);
    const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
    const picks = [2999, 0, 1500, 2998, 1];
    for (const k of picks) {
      const b = fl.dc.bundles[k]!;
      const at = locate(new Map([['big.json', fl.file]]), { origin: b.origin, path: ['name'] });
      const nameAt = text.indexOf(`"foo.v${k}.0.0"`);
      expect(at.start).toEqual({ line: lineOf(nameAt), column: 11 });
    }
  });
});

describe('JSON keys written with escapes', () => {
  it('are found by the key they spell', () => {
    const text = '{\n  "schema": "olm.package",\n  "na\\u006de": "foo",\n  "defaultChannel": "a"\n}';
    const fl = loadFile('e.json', text);
    const p = fl.dc.packages[0]!;
    expect(p.name).toBe('foo');
    const at = locate(new Map([['e.json', fl.file]]), { origin: p.origin, path: ['name'] });
    expect(at.start).toEqual({ line: 3, column: 16 });
  });
});
