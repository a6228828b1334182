/** Long base64 values in YAML take a fast path; the result must equal a plain parse in every context. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';
import { extractLongValues } from '../../../src/core/load/yaml-long';
import { parseYamlDocument } from '../../../src/core/load/yaml11';

const B64 = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkrLz0=';
const long = (n = 12) => B64.slice(0, 44).repeat(n); // 528 chars, no padding

function same(text: string) {
  const r = loadFile('f.yaml', text);
  expect(r.errors).toEqual([]);
  const expected = parseYamlDocument(text);
  expect(r.dc.others[0]?.raw).toEqual(expected);
  return r.dc.others[0]?.raw as Record<string, unknown>;
}

describe('long one-line values', () => {
  it('come back as the same strings, also under sequences, with CRLF and padding', () => {
    const text = `schema: x\nproperties:\n  - type: olm.bundle.object\n    value:\n      data: ${long()}==\r\n  - data: ${long()}\nicon:\n  base64data: ${long()}\n`;
    // All three take the fast path.
    expect(extractLongValues(text, 0, text.length)?.spans).toHaveLength(6);
    const v = same(text);
    expect((v.icon as { base64data: string }).base64data).toBe(long());
  });

  it('stay text inside block and quoted scalars', () => {
    same(`schema: x\ndescription: |\n  intro\n  data: ${long()}\n  outro\n`);
    same(`schema: x\ndescription: "intro\n  data: ${long()}\n  outro"\n`);
    same(`schema: x\nnote: >\n    data: ${long()}\n`);
  });

  it('keep plain-scalar continuation lines and comments right', () => {
    const v = same(`schema: x\ndata: ${long()}\n  ${long(2)}\nnext: 1\n`);
    expect(v.data).toBe(`${long()} ${long(2)}`);
    same(`schema: x\ndata: ${long()}\n\n  # a comment\nnext: 1\n`);
    same(`schema: x\nm:\n  data: ${long()}\n\n  next: 1\n`);
  });

  it('leave number-like runs to the YAML 1.1 rules', () => {
    // (`n` itself would be a YAML 1.1 boolean key.)
    const v = same(`schema: x\nnum: ${'1'.repeat(300)}\nstr: ${'9'.repeat(300)}e\n`);
    expect(typeof v.num).toBe('number');
    expect(typeof v.str).toBe('string');
  });

  it('work with anchors, aliases and flow collections', () => {
    same(`schema: x\na: &big ${long()}\nb: *big\nc: {k: 1,\n  data: ${long()}\n  }\n`);
  });

  it('report syntax errors at the same place as a plain parse', () => {
    const r = loadFile('f.yaml', `schema: x\ndata: ${long()}\nbad: [1\n`);
    expect(r.errors.map((e) => [e.message, e.location.start.line])).toEqual([
      ["error converting YAML to JSON: yaml: line 4: did not find expected ',' or ']'", 4],
    ]);
  });

  it('equal a plain parse for random documents mixing contexts (property)', () => {
    const piece = fc.constantFrom(
      (d: string) => `k${d.length}: ${d}\n`,
      (d: string) => `seq:\n  - ${d}\n  - data: ${d}\n`,
      (d: string) => `blk: |\n  data: ${d}\n`,
      (d: string) => `fold: >-\n  x\n  data: ${d}\n`,
      (d: string) => `cont: ${d}\n  tail\n`,
      (d: string) => `q: '${d}\n  data: ${d}'\n`,
      (d: string) => `nested:\n  deeper:\n    data: ${d}   \n`,
      (d: string) => `# data: ${d}\n`,
      (d: string) => `flow: [${d},\n  ${d}]\n`,
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(piece, fc.integer({ min: 5, max: 14 })), { minLength: 1, maxLength: 6 }),
        (parts) => {
          const text =
            'schema: x\n' + parts.map(([f, n], i) => f(long(n)).replace(/^(\w+)/, `$1${i}`)).join('');
          same(text);
        },
      ),
      { numRuns: 200 },
    );
  });
});
