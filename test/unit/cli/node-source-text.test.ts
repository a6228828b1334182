import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { readTextFile } from '../../../src/cli/read-text';

const dir = mkdtempSync(join(tmpdir(), 'fbc-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Uint8Array): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

describe('reading a catalog file as text in Node', () => {
  it('reads ASCII, UTF-8 and files larger than the reused buffer exactly as a UTF-8 decode does', () => {
    const samples = [
      '{"schema":"olm.package","name":"a"}\n',
      '{"schema":"olm.package","name":"a","description":"Überwachung — 監視 🚀"}\n',
      'x'.repeat(3 << 20) + '\n', // grows the 1 MB buffer
      'é'.repeat(1 << 20), // non-ASCII and larger than the buffer
      '',
    ];
    for (const [i, text] of samples.entries()) {
      expect(readTextFile(file(`s${i}.json`, text))).toBe(text);
    }
    // Past the buffer's cap the file goes through Node's own UTF-8 read, with the same text.
    expect(readTextFile(join(dir, 's1.json'), 8)).toBe(samples[1]);
    // A small file read after a big one is not polluted by the big one's bytes.
    expect(readTextFile(join(dir, 's0.json'))).toBe(samples[0]);
  });

  it('leaves invalid UTF-8 to the byte reader (readText resolves undefined), and keeps a real U+FFFD out too', async () => {
    file('bad.yaml', new Uint8Array([0x61, 0x3a, 0x20, 0xff, 0x0a]));
    file('ok.yaml', 'a: b\n');
    const source = new NodeFsSource(dir);
    await source.list();
    expect(await source.readText('bad.yaml')).toBeUndefined();
    expect(await source.readText('ok.yaml')).toBe('a: b\n');
  });

  it('reports a missing file with Go’s error text', async () => {
    const source = new NodeFsSource(dir);
    await expect(source.readText('missing.json')).rejects.toThrow(
      /^open .*missing\.json: no such file or directory$/,
    );
  });
});
