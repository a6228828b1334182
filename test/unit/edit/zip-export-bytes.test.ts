/**
 * "Download .zip" never writes U+FFFD for a byte that is not UTF-8: a catalog file saved in
 * Latin-1 (`Café` as the single byte 0xE9) is exported byte for byte when unchanged, keeps that
 * byte when an action edits another part of it, and the export is refused, saying why, when an
 * edit copies text holding it (its byte is no longer known).
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildZip } from '../../../src/browser/write-zip';
import { bytesForEdit } from '../../../src/core/edit/original-bytes';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { EditSession } from '../../../src/core/service/edit-session';
import { MemorySource } from '../../../src/core/source/memory';

const latin1 = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

// JSON keeps U+FFFD inside strings as Go does, so this catalog loads (and validates) as opm reads it.
const CATALOG = latin1(
  [
    '{"schema":"olm.package","name":"cafe","defaultChannel":"stable","description":"Caf\xe9 au lait"}',
    '{"schema":"olm.channel","package":"cafe","name":"stable","entries":[{"name":"cafe.v1.0.0"}]}',
    '{"schema":"olm.channel","package":"cafe","name":"fast","entries":[{"name":"cafe.v1.0.0"}]}',
    '{"schema":"olm.bundle","package":"cafe","name":"cafe.v1.0.0","image":"quay.io/cafe/b:v1",' +
      '"properties":[{"type":"olm.package","value":{"packageName":"cafe","version":"1.0.0"}}]}',
    '',
  ].join('\n'),
);
const OTHER = latin1('Notes \xab brut \xbb\n');
const PATH = 'cafe/catalog.json';

async function opened() {
  const source = new MemorySource({ [PATH]: CATALOG, 'cafe/NOTES.txt': OTHER, 'README.md': '# hi\n' });
  const service = new CatalogService();
  await service.open(source, { kind: 'demo', readOnly: true });
  return { source, session: new EditSession(service) };
}

const unzip = (data: Uint8Array) => unzipSync(data);

describe('zip export of a catalog with Latin-1 bytes', () => {
  it('unchanged files, Latin-1 included, are exported with their exact bytes', async () => {
    const { source, session } = await opened();
    session.perform('setDefaultChannel', { package: 'cafe', channel: 'fast' });
    const files = unzip((await buildZip(source, session.edits(), 'all')).data);
    expect(files['cafe/NOTES.txt']).toEqual(OTHER);
    expect(files['README.md']).toEqual(utf8('# hi\n'));
  });

  it('an edited file keeps its Latin-1 byte where the edit did not touch it', async () => {
    const { source, session } = await opened();
    const r = session.perform('setDefaultChannel', { package: 'cafe', channel: 'fast' });
    expect(r.changes.map((c) => c.path)).toEqual([PATH]);
    const files = unzip((await buildZip(source, session.edits(), 'changed')).data);
    const expected = latin1(new TextDecoder('latin1').decode(CATALOG).replace('"stable"', '"fast"'));
    expect(files[PATH]).toEqual(expected);
    expect([...files[PATH]!].includes(0xe9)).toBe(true);
    expect(new TextDecoder().decode(files[PATH]).includes('\ufffd\ufffd')).toBe(false);
  });

  it('typing a real "é" over the bad byte writes UTF-8 there, the rest as it was', async () => {
    const { source, session } = await opened();
    const text = session.original(PATH)!;
    session.typeText(PATH, text.replace('Caf\ufffd', 'Café'));
    const files = unzip((await buildZip(source, session.edits(), 'changed')).data);
    expect(files[PATH]).toEqual(utf8(new TextDecoder('latin1').decode(CATALOG).replace('Caf\xe9', 'Café')));
  });

  it('refuses, naming the file and why, when an edit copies the character whose byte is lost', async () => {
    const { source, session } = await opened();
    const text = session.original(PATH)!;
    session.typeText(PATH, text + '{"schema":"x","copy":"Caf\ufffd"}\n');
    await expect(buildZip(source, session.edits(), 'all')).rejects.toThrow(
      /Nothing was exported: cafe\/catalog\.json: the edit moves or copies text holding bytes that are not valid UTF-8/,
    );
  });
});

describe('bytesForEdit', () => {
  it('a real U+FFFD in a valid UTF-8 file is just a character: copying it is fine', () => {
    const bytes = utf8('a\ufffdb\n');
    expect(bytesForEdit(bytes, 'a\ufffdb\n', 'a\ufffdb\nc\ufffd\n')).toEqual({
      bytes: utf8('a\ufffdb\nc\ufffd\n'),
    });
  });

  it('maps offsets past multi-byte, astral and bad sequences (each bad subpart one U+FFFD)', () => {
    const bytes = new Uint8Array([
      ...utf8('é😀'),
      0xe2,
      0x82, // a truncated 3-byte sequence: one U+FFFD
      0xff, // a byte that starts nothing: one U+FFFD
      ...utf8('tail'),
    ]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toBe('é😀\ufffd\ufffdtail');
    const r = bytesForEdit(bytes, text, text.replace('tail', 'TAIL'));
    expect(r).toEqual({ bytes: new Uint8Array([...utf8('é😀'), 0xe2, 0x82, 0xff, ...utf8('TAIL')]) });
    const front = bytesForEdit(bytes, text, 'x' + text);
    expect(front).toEqual({ bytes: new Uint8Array([...utf8('x'), ...bytes]) });
  });
});
