import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareGoStrings,
  dns1123LabelErrors,
  goStringList,
  sortGoStrings,
} from '../../../src/core/model/go-format';
import { fieldKey, refTo, resolvePath } from '../../../src/core/model/json-path';

const REGEX_ERROR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end " +
  "with an alphanumeric character (e.g. 'my-name' or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

describe('dns1123LabelErrors (validation.IsDNS1123Label)', () => {
  it.each([
    ['foo', []],
    ['a1-b2', []],
    ['1abc', []],
    ['a'.repeat(63), []],
    ['a'.repeat(64), ['must be no more than 63 characters']],
    ['foo.bar', ['must not contain dots']],
    ['Foo', [REGEX_ERROR]],
    ['-foo', [REGEX_ERROR]],
    ['foo_bar', [REGEX_ERROR]],
    ['foo..bar', [REGEX_ERROR]],
    ['a.'.repeat(40) + 'a', ['must be no more than 63 characters', 'must not contain dots']],
    ['é'.repeat(32), ['must be no more than 63 characters', REGEX_ERROR]], // 64 UTF-8 bytes
  ])('%s', (name, errors) => {
    expect(dns1123LabelErrors(name)).toEqual(errors);
  });

  it('formats as a Go string list', () => {
    expect(goStringList(['must not contain dots'])).toBe('[must not contain dots]');
    expect(goStringList(['a', 'b c'])).toBe('[a b c]');
  });
});

describe('Go string order', () => {
  it('sorts by code point (UTF-8 bytes), not UTF-16 units', () => {
    expect(sortGoStrings(['\u{1F600}', '\uFF5E', 'b', 'B', 'a-b', 'a.b'])).toEqual([
      'B',
      'a-b',
      'a.b',
      'b',
      '\uFF5E',
      '\u{1F600}',
    ]);
  });

  it('agrees with comparing UTF-8 bytes', () => {
    const bytes = (s: string) => [...new TextEncoder().encode(s)];
    const cmpBytes = (a: number[], b: number[]) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++)
        if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
      return a.length - b.length;
    };
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(Math.sign(compareGoStrings(a, b))).toBe(Math.sign(cmpBytes(bytes(a), bytes(b))));
      }),
    );
  });
});

describe('paths in the blob’s own spelling', () => {
  it('finds the key Go decodes into a field, case-insensitively; the last in sorted order wins', () => {
    expect(fieldKey({ Entries: [] }, 'entries')).toBe('Entries');
    expect(fieldKey({ entries: 1, ENTRIES: 2 }, 'entries')).toBe('entries');
    expect(fieldKey({ ENTRIES: 2, entries: 1 }, 'entries')).toBe('entries');
    expect(fieldKey({ ſkips: [] }, 'skips')).toBe('ſkips');
    expect(fieldKey({}, 'image')).toBe('image');
  });

  it('resolves nested paths and falls back to the nearest existing ancestor', () => {
    const raw = { Entries: [{ name: 'a', SKIPS: ['x', ''] }] };
    expect(resolvePath(raw, ['entries', 0, 'skips', 1])).toEqual(['Entries', 0, 'SKIPS', 1]);
    const origin = { file: 'f.yaml', index: 0, start: 0, end: 10, format: 'yaml' as const };
    expect(refTo(origin, raw, ['entries', 0, 'skipRange']).path).toEqual(['Entries', 0]);
    expect(refTo(origin, raw, ['entries', 3, 'name']).path).toEqual(['Entries']);
  });
});
