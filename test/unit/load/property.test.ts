/** Property-based checks of the splitters and of the loader's no-throw guarantee. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadFile } from '../../../src/core/load';

const fold = (k: string) => k.toUpperCase().toLowerCase();
const RESERVED = new Set(['schema', 'package', 'name']);

const key = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 8 })
  .filter((k) => k !== '__proto__' && !RESERVED.has(fold(k)));
const leaf = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
  fc.boolean(),
  fc.constant(null),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
})).value;

/** A blob: an object with a string schema and keys that never collide case-insensitively. */
const blob = fc
  .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }), fc.dictionary(key, json, { maxKeys: 6 }))
  .filter(([, o]) => new Set(Object.keys(o).map(fold)).size === Object.keys(o).length)
  .map(([schema, o]) => ({ schema: 'x.' + schema, ...o }));

const gap = fc.constantFrom('', ' ', '\n', '\t', '\r\n', '\n\n  ');

describe('splitting round-trips (property)', () => {
  it('concatenated JSON yields exactly the objects, in order, with re-parseable origins', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(blob, gap), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (items, pretty) => {
          const text = items.map(([o, g]) => JSON.stringify(o, null, pretty ? 2 : undefined) + g).join('');
          const r = loadFile('f.json', text);
          expect(r.errors).toEqual([]);
          expect(r.dc.others.map((o) => o.raw)).toEqual(items.map(([o]) => o));
          r.dc.others.forEach((o, i) => {
            expect(o.origin.index).toBe(i);
            expect(JSON.parse(text.slice(o.origin.start, o.origin.end))).toEqual(o.raw);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('multi-document YAML yields exactly the objects, in order, with re-parseable origins', () => {
    fc.assert(
      fc.property(fc.array(blob, { minLength: 1, maxLength: 5 }), fc.boolean(), (objs, leadingSeparator) => {
        const docs = objs.map((o) =>
          stringify(o, {
            version: '1.1',
            defaultStringType: 'QUOTE_DOUBLE',
            defaultKeyType: 'QUOTE_DOUBLE',
            lineWidth: 0,
          }),
        );
        const text = (leadingSeparator ? '---\n' : '') + docs.join('---\n');
        const r = loadFile('f.yaml', text);
        expect(r.errors).toEqual([]);
        expect(r.dc.others.map((o) => o.raw)).toEqual(objs);
        r.dc.others.forEach((o) => {
          const again = loadFile('g.yaml', text.slice(o.origin.start, o.origin.end));
          expect(again.dc.others.map((x) => x.raw)).toEqual([o.raw]);
        });
      }),
      { numRuns: 150 },
    );
  });
});

describe('robustness (property)', () => {
  it('never throws on random bytes: errors are returned', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const r = loadFile('f', bytes);
        expect(Array.isArray(r.errors)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on random JSON/YAML-ish token soup, in either mode', () => {
    const token = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      '"',
      ':',
      ',',
      '---\n',
      '--- x\n',
      '\n',
      '...\n',
      'a',
      'schema',
      '1',
      '0x',
      ' ',
      '  ',
      '\\',
      '-',
      '#',
      '&a ',
      '*a',
      '!t ',
      '|',
      '>',
      '~',
      'null',
      '<<: ',
      '\t',
      '\ufeff',
      'olm.bundle',
      'olm.package',
      '\r\n',
      "'",
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), fc.boolean(), (tokens, asJson) => {
        const text = (asJson ? '{' : '') + tokens.join('');
        const r = loadFile('f', text);
        for (const e of r.errors) {
          expect(typeof e.message).toBe('string');
          expect(e.location.start.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });
});
