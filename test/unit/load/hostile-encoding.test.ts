/**
 * Bytes that are not UTF-8: go-yaml's reader refuses the YAML document that holds them (with its
 * message, located at the bad byte); Go's encoding/json keeps a JSON string readable with U+FFFD,
 * so a JSON file loads as it does in opm. Cases are generated here, byte by byte.
 */
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';

const enc = new TextEncoder();
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...enc.encode(p)] : p)));

const YAML_HEAD = 'schema: olm.package\nname: Caf';

describe('invalid UTF-8 in YAML (go-yaml readerc.go)', () => {
  const cases: [string, number[], string][] = [
    ['Latin-1 é before more text', [0xe9, 0x20, 0x78, 0x0a], 'invalid trailing UTF-8 octet'],
    // go-yaml checks the length before the trailing bytes: two bytes left is "incomplete".
    ['Latin-1 é before the last newline', [0xe9, 0x0a], 'incomplete UTF-8 octet sequence'],
    ['a lone continuation byte', [0x80, 0x0a], 'invalid leading UTF-8 octet'],
    ['a sequence cut by the end of the file', [0xe2, 0x82], 'incomplete UTF-8 octet sequence'],
    ['an overlong "/"', [0xc0, 0xaf, 0x0a], 'invalid length of a UTF-8 sequence'],
    ['an encoded surrogate', [0xed, 0xa0, 0x80, 0x0a], 'invalid Unicode character'],
  ];
  for (const [what, bad, message] of cases) {
    it(`${what}: "${message}" at the byte`, () => {
      const r = loadFile('p.yaml', bytes(YAML_HEAD, bad));
      expect(r.errors.map((e) => e.message)).toEqual([`error converting YAML to JSON: yaml: ${message}`]);
      expect(r.errors[0]!.location.start).toEqual({ line: 2, column: 10 });
      expect(r.file.invalidUtf8?.[0]?.byte).toBe(YAML_HEAD.length);
      expect(r.dc.packages).toEqual([]);
    });
  }

  it('fails only the document holding the byte; the next document still loads', () => {
    const r = loadFile('p.yaml', bytes(YAML_HEAD, [0xe9], ' x\n---\nschema: olm.package\nname: ok\n'));
    expect(r.errors).toHaveLength(1);
    expect(r.dc.packages.map((p) => p.name)).toEqual(['ok']);
  });

  it('a real U+FFFD written as UTF-8 is an ordinary character', () => {
    const r = loadFile('p.yaml', bytes('schema: olm.package\nname: a\uFFFD\n'));
    expect(r.errors).toEqual([]);
    expect(r.file.invalidUtf8).toBeUndefined();
  });
});

describe('invalid UTF-8 in JSON (encoding/json)', () => {
  it('a Latin-1 byte inside a string loads as U+FFFD, as opm reads it, and is remembered', () => {
    const r = loadFile('p.json', bytes('{"schema":"olm.package","name":"Caf', [0xe9], '"}'));
    expect(r.errors).toEqual([]);
    expect(r.dc.packages[0]!.name).toBe('Caf\uFFFD');
    expect(r.file.invalidUtf8).toEqual([{ byte: 35, index: 35, message: 'invalid trailing UTF-8 octet' }]);
  });
});
