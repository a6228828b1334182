/**
 * YAML nested 2,000–10,000 levels: go-yaml (and so opm) reads it, js-yaml's recursive parser runs
 * out of stack. Such documents load piece by piece with the same values and verdicts; past
 * go-yaml's limit they fail with its located message.
 */
import fc from 'fast-check';
import { constructFromEvents, loadAll } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadCatalog, loadFile } from '../../../src/core/load';
import { deepYamlEvents } from '../../../src/core/load/yaml-deep';
import { GO_YAML_SCHEMA } from '../../../src/core/load/yaml11';
import { MemorySource } from '../../../src/core/source/memory';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { FUZZ_SEED, fuzzRuns } from '../fuzz/fuzz-runs';

const GO_MESSAGE = 'error converting YAML to JSON: yaml: line ';

/** How deep `v` nests along its first child. */
function depthOf(v: unknown): number {
  let d = 0;
  while (v !== null && typeof v === 'object') {
    d++;
    v = Array.isArray(v) ? v[0] : Object.values(v as object)[0];
  }
  return d;
}

/** A value `levels` deep under `x:` in an "other" blob (opm keeps unknown schemas as they are). */
const forms: Record<string, (levels: number) => string> = {
  'flow sequences': (n) => 'schema: example.deep\nx: ' + '['.repeat(n) + ']'.repeat(n) + '\n',
  'flow mappings': (n) => 'schema: example.deep\nx: ' + '{a: '.repeat(n) + '1' + '}'.repeat(n) + '\n',
  'block mappings': (n) => {
    const lines = ['schema: example.deep\n'];
    for (let i = 0; i < n; i++) lines.push(' '.repeat(i) + 'x:\n');
    return lines.join('') + ' '.repeat(n) + '1\n';
  },
  'compact block sequences': (n) => 'schema: example.deep\nx:\n' + '- '.repeat(n) + '1\n',
};

describe('YAML nested up to 10,000 levels loads as opm loads it', () => {
  for (const [form, text] of Object.entries(forms)) {
    it(`${form}: 9,999 levels under the blob (10,000 with it) load with their value`, () => {
      const r = loadFile('deep.yaml', text(9999));
      expect(r.errors).toEqual([]);
      expect(r.dc.others).toHaveLength(1);
      expect(depthOf((r.dc.others[0]!.raw as { x: unknown }).x)).toBe(
        form === 'block mappings' ? 9998 : 9999,
      );
    });
  }

  it('the catalog around a 9,999-level property validates as opm: the deep blob changes nothing', async () => {
    const catalog = {
      'p/index.yaml':
        'schema: olm.package\nname: p\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: p\nname: stable\n' +
        'entries:\n- name: p.v1\n---\nschema: olm.bundle\npackage: p\nname: p.v1\nimage: quay.io/x/p:v1\n' +
        'properties:\n- type: olm.package\n  value: {packageName: p, version: 1.0.0}\n',
      'p/deep.yaml': forms['flow sequences']!(9999),
    };
    const load = await loadCatalog(new MemorySource(catalog));
    expect(load.errors).toEqual([]);
    expect(validateCatalog(load).passed).toBe(true);
  });

  it('past 10,000: go-yaml "exceeded max depth of 10000" at the token that opens level 10,001', () => {
    const flow = loadFile('f.yaml', 'x: ' + '['.repeat(10001) + ']'.repeat(10001));
    expect(flow.errors.map((e) => [e.message, e.location.start])).toEqual([
      ['error converting YAML to JSON: yaml: exceeded max depth of 10000', { line: 1, column: 10004 }],
    ]);
    const seq = loadFile('s.yaml', '# deep\n' + '- '.repeat(10001) + '1\n');
    expect(seq.errors.map((e) => [e.message, e.location.start])).toEqual([
      [GO_MESSAGE + '2: exceeded max depth of 10000', { line: 2, column: 20001 }],
    ]);
  });

  it('block mappings: 10,000 key columns load, the 10,001st key fails on its line', () => {
    const lines: string[] = ['schema: example.deep\n'];
    for (let i = 0; i < 10001; i++) lines.push(' '.repeat(i) + 'x:\n');
    const over = loadFile('b.yaml', lines.join(''));
    expect(over.errors.map((e) => [e.message.slice(0, 200), e.location.start])).toEqual([
      [GO_MESSAGE + '10002: exceeded max depth of 10000', { line: 10002, column: 10001 }],
    ]);
    expect(
      loadFile('b.yaml', lines.slice(0, 10001).join('')).errors.map((e) => e.message.slice(0, 200)),
    ).toEqual([]);
  });

  it('a scalar after 10,000 compact entries opens no level of its own (go-yaml rolls no indent for it)', () => {
    const r = loadFile('s.yaml', '- '.repeat(10000) + 'v\n');
    expect(r.errors).toHaveLength(1);
    // Not "exceeded max depth": a top-level sequence, which Meta refuses as opm does.
    expect(r.errors[0]!.message.slice(0, 76)).toBe(
      'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array i',
    );
  });

  it('within go-yaml but deeper than encoding/json allows once converted: the JSON error opm gives', () => {
    const r = loadFile('j.yaml', 'x: ' + '['.repeat(10000) + ']'.repeat(10000));
    expect(r.errors.map((e) => e.message)).toEqual([
      "error unmarshaling JSON: while decoding JSON: invalid character '[' exceeded max depth",
    ]);
  });

  it('a syntax error deep inside is reported at its own line', () => {
    const lines = ['schema: example.deep\n'];
    for (let i = 0; i < 3000; i++) lines.push(' '.repeat(i) + (i === 2500 ? 'x: y: z\n' : 'x:\n'));
    const r = loadFile('e.yaml', lines.join(''));
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.message).toBe(GO_MESSAGE + '2502: mapping values are not allowed in this context');
    expect(r.errors[0]!.location.start.line).toBe(2502);
  });

  it('CRLF lines, block scalars and multi-line quotes read the same at 3,000 levels as at 300', () => {
    const doc = (n: number) => {
      const lines = ['schema: example.deep\r\n'];
      for (let i = 0; i < n; i++) {
        lines.push(' '.repeat(i) + 'x: # [ not a bracket\r\n');
        if (i % 7 === 0)
          lines.push(
            `${' '.repeat(i + 1)}s: |\r\n${' '.repeat(i + 3)}z: [\r\n${' '.repeat(i + 1)}w: "a\r\n${' '.repeat(i + 2)}b"\r\n`,
          );
      }
      return lines.join('') + ' '.repeat(n) + 'end\r\n';
    };
    const levels = (n: number) => {
      const r = loadFile('c.yaml', doc(n));
      expect(r.errors).toEqual([]);
      const seen: unknown[] = [];
      let v = r.dc.others[0]!.raw as Record<string, unknown>;
      while (typeof v.x === 'object' && v.x !== null) {
        if (v.s !== undefined) seen.push([v.s, v.w]);
        v = v.x as Record<string, unknown>;
      }
      return { seen, leaf: v.x };
    };
    const every = (n: number) => Array.from({ length: Math.ceil(n / 7) }, () => ['z: [\n', 'a b']);
    expect(levels(300)).toEqual({ seen: every(300), leaf: 'end' });
    expect(levels(3000)).toEqual({ seen: every(3000), leaf: 'end' });
  });

  it('quotes, comments and aliases across pieces keep their meaning', () => {
    const n = 3000;
    const text =
      'schema: example.deep\nbase: &b {k: "]]} # not a comment"}\n' +
      'x: ' +
      '[ # [[ a comment\n  '.repeat(n) +
      "'[x', *b" +
      ']'.repeat(n) +
      '\n';
    const r = loadFile('q.yaml', text);
    expect(r.errors).toEqual([]);
    let v = (r.dc.others[0]!.raw as { x: unknown }).x;
    for (let i = 1; i < n; i++) v = (v as unknown[])[0];
    expect(v).toEqual(['[x', { k: ']]} # not a comment' }]);
    expect((v as unknown[])[1]).toBe((r.dc.others[0]!.raw as { base: unknown }).base);
  });
});

/** Random YAML nested ~600 deep (several pieces, yet shallow enough for js-yaml in one go). */
type Wrap = (inner: string, pad: string) => string;
const FLOW: Wrap[] = [
  (inner) => `[${inner}]`,
  (inner) => `[a, '[', ${inner}, "}"]`,
  (inner) => `{k: ${inner}, 'q': [1]}`,
  (inner, pad) => `[ # c ]\n${pad}${inner}\n${pad}]`,
];
const BLOCK: Wrap[] = [
  (inner, pad) => `\n${pad}- ${inner}`,
  (inner, pad) => `\n${pad}k: ${inner}\n${pad}z: "x]"`,
  (inner, pad) => `\n${pad}- |\n${pad}   text: [\n${pad}- ${inner}`,
  (inner, pad) => `\n${pad}- a: 1\n${pad}  b: ${inner}`,
];

describe('the piecewise parse is the parse', () => {
  it('gives the values js-yaml gives in one piece, for random nestings of every kind', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 600, maxLength: 600 }),
        fc.integer({ min: 0, max: 600 }),
        (picks, blockLevels) => {
          // Block levels outside, flow levels inside (block cannot nest in flow).
          const pad = ' '.repeat(4 * blockLevels + 2);
          let text = 'leaf';
          for (let i = picks.length - 1; i >= blockLevels; i--) {
            text = (FLOW[(picks[i] as number) % FLOW.length] as Wrap)(text, pad);
          }
          for (let i = blockLevels - 1; i >= 0; i--) {
            text = (BLOCK[(picks[i] as number) % BLOCK.length] as Wrap)(text, ' '.repeat(4 * i + 2));
          }
          const doc = 'top:' + (text.startsWith('\n') ? '' : ' ') + text + '\n';
          const options = { schema: GO_YAML_SCHEMA, json: true, maxDepth: 10000 };
          const expected = loadAll(doc, options)[0];
          const events = deepYamlEvents(doc);
          expect(events).toBeDefined();
          expect(constructFromEvents(events!, { ...options, source: doc })[0]).toEqual(expected);
          compared++;
        },
      ),
      { numRuns: fuzzRuns(30), seed: FUZZ_SEED },
    );
    expect(compared).toBeGreaterThan(0);
  });
});
