import { describe, expect, it } from 'vitest';
import type { BlobOp } from '../../../src/core/edit/blob-op';
import { applyJsonOp, detectJsonStyle } from '../../../src/core/edit/json-blob';

const edit = (text: string, op: BlobOp): string => applyJsonOp(text, op, detectJsonStyle(text));

describe('JSON blob edits keep everything else byte-identical', () => {
  const cases: [string, string, BlobOp, string][] = [
    [
      'tab indentation',
      '{\n\t"schema": "olm.channel",\n\t"entries": [\n\t\t{\n\t\t\t"name": "a"\n\t\t}\n\t]\n}',
      { op: 'append', path: ['entries'], value: { name: 'b', replaces: 'a' } },
      '{\n\t"schema": "olm.channel",\n\t"entries": [\n\t\t{\n\t\t\t"name": "a"\n\t\t},\n\t\t{\n\t\t\t"name": "b",\n\t\t\t"replaces": "a"\n\t\t}\n\t]\n}',
    ],
    [
      'one-line JSON with ", " and ": " separators',
      '{"schema": "olm.channel", "entries": [{"name": "a"}]}',
      { op: 'append', path: ['entries'], value: { name: 'b', skips: ['a'] } },
      '{"schema": "olm.channel", "entries": [{"name": "a"}, {"name": "b", "skips": ["a"]}]}',
    ],
    [
      'an empty array in multi-line JSON opens up',
      '{\n  "schema": "olm.channel",\n  "entries": []\n}',
      { op: 'append', path: ['entries'], value: { name: 'b' } },
      '{\n  "schema": "olm.channel",\n  "entries": [\n    {\n      "name": "b"\n    }\n  ]\n}',
    ],
    [
      'null becomes a list',
      '{\n  "name": "a",\n  "skips": null\n}',
      { op: 'append', path: ['skips'], value: 'x' },
      '{\n  "name": "a",\n  "skips": [\n    "x"\n  ]\n}',
    ],
    [
      'CRLF',
      '{\r\n  "name": "a"\r\n}',
      { op: 'set', path: ['replaces'], value: 'x' },
      '{\r\n  "name": "a",\r\n  "replaces": "x"\r\n}',
    ],
    [
      'a key spelled otherwise is edited in place',
      '{\n  "name": "a",\n  "SkipRange": "<1.0.0"\n}',
      { op: 'set', path: ['skipRange'], value: '<2.0.0' },
      '{\n  "name": "a",\n  "SkipRange": "<2.0.0"\n}',
    ],
    [
      'removing the only item leaves []',
      '{\n  "entries": [\n    {\n      "name": "a"\n    }\n  ]\n}',
      { op: 'remove', path: ['entries', 0] },
      '{\n  "entries": []\n}',
    ],
    [
      'a key placed first',
      '{\n  "name": "a"\n}',
      { op: 'set', path: ['x'], value: 'y', placement: { samples: [], fallback: ['x', 'name'] } },
      '{\n  "x": "y",\n  "name": "a"\n}',
    ],
    [
      'strings are escaped as JSON, non-ASCII kept',
      '{\n  "name": "a"\n}',
      { op: 'set', path: ['message'], value: 'say "hi" <b> é' },
      '{\n  "name": "a",\n  "message": "say \\"hi\\" <b> é"\n}',
    ],
    [
      'removing the first of several members',
      '{"a": "1", "b": "2"}',
      { op: 'remove', path: ['a'] },
      '{"b": "2"}',
    ],
  ];
  it.each(cases)('%s', (_label, input, op, expected) => {
    expect(edit(input, op)).toBe(expected);
  });

  it('refuses text that does not parse and values of the wrong kind', () => {
    expect(() => edit('{"a": ', { op: 'set', path: ['a'], value: 'x' })).toThrow('the JSON does not parse');
    expect(() => edit('{"a": {"b": "c"}}', { op: 'set', path: ['a'], value: 'x' })).toThrow(
      '.a is not a string',
    );
  });
});
