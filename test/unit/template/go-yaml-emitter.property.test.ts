import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { goYamlMarshal } from '../../../src/core/template/go-yaml-emitter';

/**
 * Whatever the value, the emitter's text reads back as that value under YAML 1.1 (the version
 * go-yaml v2 and opm read): folding, quoting, escapes and block hints never change content. Strings
 * are drawn from pieces that stress those rules (spaces and double spaces, breaks of every kind,
 * indicators, quotes, BOM, characters outside the BMP), mixed with arbitrary Unicode.
 *
 * LS and PS are left out: go-yaml copies them raw into single-quoted and literal scalars, where a
 * YAML 1.1 reader takes them for line breaks. opm's output has that quirk too, so we keep it.
 */

const piece = fc.constantFrom(
  'word',
  'longer-word',
  'x'.repeat(40),
  ' ',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\t',
  ': ',
  '#',
  ' #',
  '- ',
  '? ',
  "'",
  '"',
  '\\',
  'é',
  '你好',
  '🚀',
  '\u0085',
  '\r',
  '\ufeff',
  '\u00a0',
  '\u0007',
  'yes',
  'null',
  '~',
  '1.5',
  '0x1F',
  '---',
  '...',
  '[',
  '{',
  ',',
  '&',
  '*',
  '!',
  '|',
  '>',
  '%',
  '@',
  '`',
);
const text = fc.oneof(
  fc.array(piece, { maxLength: 40 }).map((xs) => xs.join('')),
  fc.string({ unit: 'binary', maxLength: 30 }).filter((s) => !/[\u2028\u2029]/.test(s)),
);
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('any'), { maxLength: 4 }),
    fc.dictionary(
      text.filter((k) => k !== '__proto__'),
      tie('any'),
      { maxKeys: 4, noNullPrototype: true },
    ),
  ),
})).any;

describe('go-yaml emitter (property-based)', () => {
  it('writes text that YAML 1.1 reads back as the same value', () => {
    fc.assert(
      fc.property(value, (v) => {
        const back: unknown = parse(goYamlMarshal(v), { version: '1.1', uniqueKeys: false });
        expect(back).toEqual(v);
      }),
      { numRuns: 400 },
    );
  });
});
