/** YAML-mode files: k8s YAMLReader splitting and go-yaml v2 scalar resolution (fbc-rules §1.4). */
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';

const load = (text: string) => loadFile('f.yaml', text);
const raws = (text: string) => load(text).dc.others.map((o) => o.raw);
const msgs = (text: string) => load(text).errors.map((e) => e.message);
const EMPTY = "object '' is missing root schema field";

describe('document splitting', () => {
  it('splits on lines that start with ---, allowing trailing comments', () => {
    expect(raws('schema: a\n---\nschema: b\n--- # note\nschema: c\n---   \nschema: d\n')).toEqual([
      { schema: 'a' },
      { schema: 'b' },
      { schema: 'c' },
      { schema: 'd' },
    ]);
  });

  it('rejects other text after --- (R3) and keeps the documents around it', () => {
    const r = load('schema: a\n--- |\nschema: b\n');
    expect(r.errors.map((e) => [e.rule, e.message, e.location.start.line])).toEqual([
      ['R3', 'invalid Yaml document separator: |', 2],
    ]);
    expect(r.dc.others.map((o) => o.schema)).toEqual(['a', 'b']);
    expect(msgs('schema: a\n----\n')).toEqual(['invalid Yaml document separator: -']);
  });

  it('keeps a leading --- in its document; two in a row before content are harmless', () => {
    expect(msgs('---\nschema: a\n---\n---\nschema: b\n')).toEqual([]);
    expect(raws('---\nschema: a\n')).toEqual([{ schema: 'a' }]);
  });

  it('makes empty blobs of documents that are empty after parsing', () => {
    expect(msgs('---\n')).toEqual([EMPTY]);
    expect(msgs('\n')).toEqual([EMPTY]);
    expect(msgs('# only a comment\n')).toEqual([EMPTY]);
    expect(msgs('~\n')).toEqual([EMPTY]);
    expect(msgs('null\n')).toEqual([EMPTY]);
    expect(msgs('schema: a\n---\n\n')).toEqual([EMPTY]);
    expect(msgs('schema: a\n---\n---\n')).toEqual([EMPTY]);
    expect(msgs('schema: a\n---\n---\n---\nschema: b\n')).toEqual([EMPTY]);
  });

  it('ignores a 0-byte file, a trailing blank line and a final --- (with or without newline)', () => {
    expect(load('').file.format).toBe('empty');
    expect(msgs('')).toEqual([]);
    expect(msgs('schema: a\n\n\n')).toEqual([]);
    expect(msgs('schema: a\n---\n')).toEqual([]);
    expect(msgs('schema: a\n---')).toEqual([]);
  });

  it('handles CRLF line ends and ... document end markers', () => {
    expect(raws('schema: a\r\nk: v\r\n---\r\nschema: b\r\n')).toEqual([
      { schema: 'a', k: 'v' },
      { schema: 'b' },
    ]);
    expect(raws('schema: a\n...\n---\nschema: b\n...\n')).toEqual([{ schema: 'a' }, { schema: 'b' }]);
  });

  it('reports syntax errors with the line inside the document and the file position', () => {
    const r = load('schema: a\n---\nschema: b\nkey: x: y\n');
    expect(r.errors.map((e) => e.message)).toEqual([
      'error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this context',
    ]);
    expect(r.errors[0]?.location.start.line).toBe(4);
    expect(r.dc.others.map((o) => o.schema)).toEqual(['a']);
  });

  it('prefixes R6-R8 with the sigs.k8s.io/yaml wrapping', () => {
    expect(msgs('- a\n- b\n')).toEqual([
      'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {} at offset 1 (indicated by <==)\n[ <== \n    "a",\n    "b"\n]',
    ]);
    expect(msgs('42\n')).toEqual([
      'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal number into Go value of type map[string]interface {} at offset 2 (indicated by <==)\n42 <==',
    ]);
    expect(msgs('schema: [1]\n')).toEqual([
      'error unmarshaling JSON: while decoding JSON: expected value for key "schema" to be a string, got [%!t(float64=1)]: [1]',
    ]);
  });
});

describe('YAML 1.1 scalars as go-yaml v2 resolves them', () => {
  const value = (scalar: string) => (raws(`schema: x\nv: ${scalar}\n`)[0] as { v: unknown }).v;

  it.each([
    ['y', true],
    ['Yes', true],
    ['ON', true],
    ['True', true],
    ['n', false],
    ['No', false],
    ['off', false],
    ['FALSE', false],
    ['yEs', 'yEs'],
    ['~', null],
    ['Null', null],
    ['NULL', null],
    ['', null],
    ['1.10', 1.1],
    ['010', 8],
    ['0x1F', 31],
    ['0o17', 15],
    ['0b101', 5],
    ['1_000', 1000],
    ['1e3', 1000],
    ['08', 8],
    ['+12', 12],
    ['.5', 0.5],
    ['0.1.0', '0.1.0'],
    ['2001-12-14', '2001-12-14'],
    ['2001-12-14t21:59:43.10-05:00', '2001-12-14t21:59:43.10-05:00'],
    ['190:20:30', '190:20:30'],
    ['1e400', '1e400'],
    ['"010"', '010'],
    ["'yes'", 'yes'],
    ['!!str 5', '5'],
    ['!custom text', 'text'],
  ])('%s → %j', (scalar, expected) => {
    expect(value(scalar)).toEqual(expected);
  });

  it('turns .inf and .nan into a JSON conversion error', () => {
    expect(msgs('schema: x\nv: .inf\n')).toEqual([
      'error converting YAML to JSON: json: unsupported value: +Inf',
    ]);
    expect(msgs('schema: x\nv: -.Inf\n')).toEqual([
      'error converting YAML to JSON: json: unsupported value: -Inf',
    ]);
  });

  it('stringifies non-string keys like sigs.k8s.io/yaml and rejects null keys', () => {
    expect(raws('schema: x\ny: 1\n010: 2\n1.5: 3\n')).toEqual([{ schema: 'x', true: 1, '8': 2, '1.5': 3 }]);
    expect(msgs('schema: x\n~: 1\n')).toEqual([
      'error converting YAML to JSON: unsupported map key of type: %!s(<nil>), key: <nil>, value: 1',
    ]);
  });

  it('allows duplicate keys (last wins) and resolves anchors, aliases and merges', () => {
    expect(raws('schema: x\na: 1\na: 2\n')).toEqual([{ schema: 'x', a: 2 }]);
    expect(raws('schema: x\nbase: &b {p: 1, q: 2}\nd:\n  <<: *b\n  q: 3\nl: [*b]\n')).toEqual([
      { schema: 'x', base: { p: 1, q: 2 }, d: { p: 1, q: 3 }, l: [{ p: 1, q: 2 }] },
    ]);
  });
});
