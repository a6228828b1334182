/**
 * The loader against random catalogs with random corruption (truncation, byte flips, foreign
 * encodings, deep nesting, alias bombs, huge scalars, odd file names): it never throws, answers
 * within a time budget, places every finding inside its file, and a good file beside the damaged
 * one still loads.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { FUZZ_SEED, fuzzRuns } from './fuzz-runs';

const enc = new TextEncoder();
/** Per case, far above a normal load (a few ms) and far below a hang. */
const BUDGET_MS = 5000;

const GOOD = {
  path: 'good/index.yaml',
  text: 'schema: olm.package\nname: good-pkg\ndefaultChannel: stable\n',
};

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);
const scalar = fc.oneof(
  name,
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    'yes',
    'on',
    '0x1F',
    '1e3',
    '~',
    'null',
    '.inf',
    '"q"',
    "'s'",
    '*x',
    '&a',
    '<<',
    '- x',
    'a: b',
  ),
  fc.integer(),
);

/** One blob as a JSON-ready object. */
const blob = fc.oneof(
  fc.record({ schema: fc.constant('olm.package'), name, defaultChannel: fc.option(name) }),
  fc.record({
    schema: fc.constant('olm.channel'),
    package: name,
    name,
    entries: fc.array(fc.record({ name, replaces: fc.option(name), skips: fc.option(fc.array(name)) }), {
      maxLength: 4,
    }),
  }),
  fc.record({
    schema: fc.constant('olm.bundle'),
    package: name,
    name,
    image: scalar,
    properties: fc.array(
      fc.record({
        type: fc.constant('olm.package'),
        value: fc.record({ packageName: name, version: scalar }),
      }),
      { maxLength: 2 },
    ),
  }),
  fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 4 }),
);

function yamlOf(v: unknown, indent = ''): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v))
    return v.length ? v.map((x) => `\n${indent}- ${yamlOf(x, indent + '  ')}`).join('') : '[]';
  const e = Object.entries(v as Record<string, unknown>);
  if (!e.length) return '{}';
  return e.map(([k, x]) => `\n${indent}${JSON.stringify(k)}: ${yamlOf(x, indent + '  ')}`).join('');
}

const fileText = fc
  .tuple(fc.boolean(), fc.array(blob, { minLength: 1, maxLength: 4 }))
  .map(([json, blobs]) =>
    json
      ? blobs.map((b) => JSON.stringify(b, null, 1)).join('\n')
      : blobs.map((b) => yamlOf(b).replace(/^\n/, '')).join('\n---\n'),
  );

type Corruption = (bytes: Uint8Array) => Uint8Array;
const join = (...parts: (Uint8Array | string)[]) => {
  const arrays = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};
const at = (b: Uint8Array, f: number) => Math.floor(f * (b.length + 1));

const corruption: fc.Arbitrary<Corruption> = fc.oneof(
  fc.constant<Corruption>((b) => b),
  fc.double({ min: 0, max: 1, noNaN: true }).map<Corruption>((f) => (b) => b.slice(0, at(b, f))),
  fc
    .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 }))
    .map<Corruption>(([f, byte]) => (b) => {
      const c = b.slice();
      if (c.length) c[Math.min(c.length - 1, at(b, f))] = byte;
      return c;
    }),
  fc
    .tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom([0xe9], [0xff, 0xfe], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0]),
    )
    .map<Corruption>(
      ([f, bad]) =>
        (b) =>
          join(b.slice(0, at(b, f)), new Uint8Array(bad), b.slice(at(b, f))),
    ),
  // A UTF-16 BOM and text, as an editor on another system may save it.
  fc.constant<Corruption>((b) =>
    join(new Uint8Array([0xff, 0xfe]), new Uint8Array([...b].flatMap((x) => [x, 0]))),
  ),
  fc
    .tuple(
      fc.integer({ min: 1, max: 12000 }),
      fc.constantFrom('[', '{"a":', '{a: ', '- '),
      fc.constantFrom('x: ', '', '---\n'),
    )
    .map<Corruption>(
      ([n, open, before]) =>
        (b) =>
          join(b, `\n${before}${open.repeat(n)}\n`),
    ),
  // Closed nesting, up to go-yaml's limit and past it: the deep path must answer as opm does.
  fc
    .tuple(
      fc.integer({ min: 1, max: 10_200 }),
      fc.constantFrom(['[', ']'], ['{a: ', '}'], ['[x, {k: ', '}]']),
    )
    .map<Corruption>(
      ([n, [open, close]]) =>
        (b) =>
          join(b, `\n---\nschema: x\ndeep: ${open!.repeat(n)}${close!.repeat(n)}\n`),
    ),
  fc.integer({ min: 2, max: 9 }).map<Corruption>((n) => (b) => {
    let s = '\na0: &a0 [x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < n; i++)
      s += `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    return join(b, s);
  }),
  fc
    .integer({ min: 1, max: 3 })
    .map<Corruption>((mb) => (b) => join(b, `\nhuge: "${'x'.repeat(mb * 300_000)}"\n`)),
);

const oddName = fc.oneof(
  name.map((n) => `pkg/${n}.yaml`),
  fc.constantFrom(
    'pkg/caf\\xe9.yaml',
    'pkg/ spaced .json',
    'pkg/.hidden',
    'pkg/a\u0000b',
    'pkg/#x',
    'pkg/🙂.yaml',
    'pkg/---',
    'x'.repeat(200),
  ),
);

describe('loader fuzzing', () => {
  it('never throws or hangs; findings stay inside their file; a good file beside still loads', async () => {
    await fc.assert(
      fc.asyncProperty(fileText, corruption, oddName, async (text, corrupt, path) => {
        const bad = corrupt(enc.encode(text));
        const t = performance.now();
        const load = await loadCatalog(new MemorySource({ [GOOD.path]: GOOD.text, [path]: bad }));
        validateCatalog(load);
        expect(performance.now() - t).toBeLessThan(BUDGET_MS);
        expect(load.dc.packages.filter((p) => p.origin.file === GOOD.path).map((p) => p.name)).toEqual([
          'good-pkg',
        ]);
        for (const e of load.errors) {
          const file = load.files.get(e.file);
          expect(file, e.file).toBeDefined();
          const lines = file!.text.split('\n');
          const { line, column } = e.location.start;
          expect(line).toBeGreaterThanOrEqual(1);
          expect(line).toBeLessThanOrEqual(lines.length);
          expect(column).toBeGreaterThanOrEqual(1);
          expect(column).toBeLessThanOrEqual((lines[line - 1] as string).length + 1);
        }
      }),
      { numRuns: fuzzRuns(250), seed: FUZZ_SEED },
    );
  }, 120_000);
});
