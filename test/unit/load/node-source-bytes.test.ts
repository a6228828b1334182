/** NodeFsSource over file names that are not UTF-8: listed, read by their bytes, shown as \xHH. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { loadCatalog } from '../../../src/core/load';
import { displayFileName } from '../../../src/core/load/utf8-errors';

const root = mkdtempSync(join(tmpdir(), 'fbc-bytes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

describe('file names that are not UTF-8', () => {
  it('reads a Latin-1 named file and one inside a Latin-1 named folder', async () => {
    // Linux file names are bytes; other systems may refuse them, and then there is nothing to test.
    try {
      writeFileSync(at(root, '/caf', [0xe9], '.yaml'), 'schema: olm.package\nname: cafe\n');
      mkdirSync(at(root, '/d', [0xff]));
      writeFileSync(at(root, '/d', [0xff], '/p.json'), '{"schema":"olm.package","name":"other"}');
    } catch (e) {
      console.log(`skipped: this file system refuses non-UTF-8 names (${String(e)})`);
      return;
    }
    const source = new NodeFsSource(root);
    const paths = (await source.list()).map((f) => f.path).sort();
    expect(paths).toEqual(['caf\\xe9.yaml', 'd\\xff/p.json']);
    const r = await loadCatalog(source);
    expect(r.errors).toEqual([]);
    expect(r.dc.packages.map((p) => [p.name, p.origin.file]).sort()).toEqual([
      ['cafe', 'caf\\xe9.yaml'],
      ['other', 'd\\xff/p.json'],
    ]);
  });

  it('display names escape only the bad bytes and keep names apart', () => {
    expect(displayFileName(Buffer.from('café.yaml'))).toEqual({ text: 'café.yaml', utf8: true });
    expect(displayFileName(at('caf', [0xe9], '.yaml')).text).toBe('caf\\xe9.yaml');
    expect(displayFileName(at('a', [0xe2, 0x82], 'b')).text).toBe('a\\xe2\\x82b');
    expect(displayFileName(at('x', [0xc0, 0xaf])).text).toBe('x\\xc0\\xaf');
  });
});
