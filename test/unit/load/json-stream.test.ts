/** JSON-mode files: the k8s YAMLOrJSONDecoder's JSON stream rules (fbc-rules §1.4, R5). */
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';

const others = (text: string) => loadFile('f.json', text).dc.others.map((o) => o.raw);
const errors = (text: string) => loadFile('f.json', text).errors.map((e) => [e.rule, e.message]);

describe('JSON stream', () => {
  it('decides JSON by the first non-space character, whatever the extension', () => {
    expect(loadFile('x.yaml', '  \n{"schema": "a"}').file.format).toBe('json');
    expect(loadFile('x.json', 'schema: a').file.format).toBe('yaml');
    // A BOM is not whitespace: YAML mode (which still parses the JSON).
    const bom = loadFile('x.json', '\ufeff{"schema": "a"}');
    expect(bom.file.format).toBe('yaml');
    expect(bom.dc.others.map((o) => o.schema)).toEqual(['a']);
  });

  it('reads concatenated values with or without separators', () => {
    expect(others('{"schema":"a"}{"schema":"b"}\n\n  {"schema":"c"}')).toEqual([
      { schema: 'a' },
      { schema: 'b' },
      { schema: 'c' },
    ]);
  });

  it('falls back to YAML when the 1st or 2nd value fails and YAML reads it', () => {
    // A trailing comma is not JSON but is a YAML flow mapping.
    expect(others('{"schema":"a",}')).toEqual([{ schema: 'a' }]);
    expect(errors('{"schema":"a",}')).toEqual([]);
    expect(others('{"schema":"a"}\n{"schema":"b",}')).toEqual([{ schema: 'a' }, { schema: 'b' }]);
    // After the switch the rest of the file is YAML documents.
    expect(others('{"schema":"a"}\n---\nschema: b\n')).toEqual([{ schema: 'a' }, { schema: 'b' }]);
  });

  it('reports a syntax error in the 1st or 2nd value as `json: offset N:` (bytes from the file start)', () => {
    expect(errors('{"schema": "a" "b": 1}')).toEqual([
      ['R5', `json: offset 16: invalid character '"' after object key:value pair`],
    ]);
    expect(errors('{"schema":"a"}\n{"schema":"é" "x"}')).toEqual([
      ['R5', `json: offset 31: invalid character '"' after object key:value pair`],
    ]);
  });

  it('reports later errors bare, with no YAML fallback', () => {
    expect(errors('{"schema":"a"}{"schema":"b"}\n{"schema":"c",}')).toEqual([
      ['R5', "invalid character '}' looking for beginning of object key string"],
    ]);
    expect(errors('{"schema":"a"}{"schema":"b"}\n{"schema":"c"}\n}')).toEqual([
      ['R5', "invalid character '}' looking for beginning of value"],
    ]);
  });

  it('reports a truncated value as `unexpected EOF`', () => {
    expect(errors('{"schema": "a", "b": [')).toEqual([['R5', 'unexpected EOF']]);
    expect(errors('{"schema":"a"}{"schema":"b"}{"c": [')).toEqual([['R5', 'unexpected EOF']]);
  });

  it('keeps reading after a late error when a new object starts on a later line', () => {
    const r = loadFile('f.json', '{"schema":"a"}{"schema":"b"}\n{"schema":"c" x\n{"schema":"d"}\n');
    expect(r.dc.others.map((o) => o.schema)).toEqual(['a', 'b', 'd']);
    expect(r.errors.map((e) => e.rule)).toEqual(['R5']);
  });

  it('hands non-object values to Meta: R6 without prefix, null as an empty blob', () => {
    expect(errors('{"schema":"a"} [1, 2]')).toEqual([
      [
        'R6',
        'json: cannot unmarshal array into Go value of type map[string]interface {} at offset 1 (indicated by <==)\n[ <== \n    1,\n    2\n]',
      ],
    ]);
    expect(errors('{"schema":"a"} null')).toEqual([['R9', "object 'null\n' is missing root schema field"]]);
    expect(errors('{"schema":"a"}{"schema":"b"} "str"')).toEqual([
      [
        'R6',
        'json: cannot unmarshal string into Go value of type map[string]interface {} at offset 5 (indicated by <==)\n"str" <==',
      ],
    ]);
  });

  it('prints the re-encoded blob (sorted keys, no HTML escaping, trailing newline) in R9', () => {
    expect(errors('{"z": 1.50, "a": "<&>", "m": {"b": 1e21, "a": 1e-7}}')).toEqual([
      ['R9', `object '{"a":"<&>","m":{"a":1e-7,"b":1e+21},"z":1.5}\n' is missing root schema field`],
    ]);
  });

  it('finds value boundaries with braces and escaped quotes inside strings', () => {
    expect(others('{"schema":"a","s":"}{\\"\\\\"}{"schema":"b","t":"\\\\"}')).toEqual([
      { schema: 'a', s: '}{"\\' },
      { schema: 'b', t: '\\' },
    ]);
  });

  it('keeps long strings equal to what JSON.parse gives', () => {
    const long = 'QUJD'.repeat(500);
    const esc = 'x\\n'.repeat(200);
    const r = loadFile('f.json', `{"schema":"a","d":"${long}","e":"${esc}","arr":["${long}"]}`);
    expect(r.dc.others[0]?.raw).toEqual(
      JSON.parse(`{"schema":"a","d":"${long}","e":"${esc}","arr":["${long}"]}`),
    );
  });
});
