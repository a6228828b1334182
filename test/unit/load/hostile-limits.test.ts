/**
 * Hostile input the Go parsers opm uses stop with their own messages: go-yaml's alias budget and
 * nesting limit, encoding/json's nesting limit. Every case is generated here and asserts the
 * located message a user would see.
 */
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/core/load';

function only(path: string, text: string) {
  const r = loadFile(path, text);
  expect(r.errors).toHaveLength(1);
  const e = r.errors[0]!;
  return { message: e.message, at: e.location.start, file: e.file };
}

/** The classic "billion laughs": nine levels of nine aliases, 10^9 nodes when expanded. */
function billionLaughs(): string {
  let s = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  for (let i = 1; i < 9; i++) {
    const name = String.fromCharCode(97 + i);
    const prev = '*' + String.fromCharCode(96 + i);
    s += `${name}: &${name} [${Array(9).fill(prev).join(',')}]\n`;
  }
  return s + 'schema: olm.package\nname: lol\n';
}

describe('YAML aliases (go-yaml decode.go alias budget)', () => {
  it('rejects a billion-laughs document at once with go-yaml message, at the alias', () => {
    const t = performance.now();
    const e = only('laughs.yaml', billionLaughs());
    expect(e.message).toBe('error converting YAML to JSON: yaml: document contains excessive aliasing');
    // The fourth `*c` of line 4 (`d: &d [*c,*c,*c,*c…`) takes the aliased share past 99 %.
    expect(e.at).toEqual({ line: 4, column: 17 });
    expect(performance.now() - t).toBeLessThan(5000);
  });

  it('rejects 100 aliases of a 1000 kB list (go-yaml limit_test) and accepts the list alone', () => {
    const big = '[{a}' + ',{a}'.repeat((1000 * 1024) / 4 - 100) + ']';
    const aliased = `x: {a: &a ${big}, b: &b [*a${',*a'.repeat(99)}]}`;
    expect(only('big.yaml', aliased).message).toBe(
      'error converting YAML to JSON: yaml: document contains excessive aliasing',
    );
    const plain = loadFile('plain.yaml', `schema: x\na: &a ${big}\n`);
    expect(plain.errors).toEqual([]);
  });

  it('accepts ordinary anchors, aliases and merges', () => {
    const r = loadFile(
      'ok.yaml',
      'schema: olm.package\nname: p\nx: &base {a: 1, b: [1, 2]}\ny: {<<: *base, c: 3}\nz: [*base, *base, *base]\n',
    );
    expect(r.errors).toEqual([]);
    expect(r.dc.packages).toHaveLength(1);
  });

  it('keeps an alias a shared reference: the loaded value is not expanded', () => {
    const r = loadFile('shared.yaml', 'schema: x\nbase: &b {k: [1, 2, 3]}\nuse: *b\n');
    const v = r.dc.others[0]!.raw as { base: unknown; use: unknown };
    expect(v.use).toBe(v.base);
  });
});

describe('nesting depth', () => {
  it('YAML flow sequences past 10,000 levels: go-yaml "exceeded max depth of 10000" at the bracket', () => {
    const e = only('deep.yaml', '['.repeat(1000 * 1024));
    expect(e.message).toBe('error converting YAML to JSON: yaml: exceeded max depth of 10000');
    expect(e.at).toEqual({ line: 1, column: 10001 });
  });

  it('YAML flow mappings and block indents past 10,000 levels, with the line when not the first', () => {
    const maps = only('maps.yaml', 'x: ' + '{'.repeat(20000));
    expect(maps.message).toBe('error converting YAML to JSON: yaml: exceeded max depth of 10000');
    expect(maps.at).toEqual({ line: 1, column: 10004 });
    const indents = only('indents.yaml', '# a comment\n' + '- '.repeat(20000));
    expect(indents.message).toBe('error converting YAML to JSON: yaml: line 2: exceeded max depth of 10000');
    expect(indents.at.line).toBe(2);
  });

  it('JSON nested past 10,000 inside an object: encoding/json "exceeded max depth" at the byte', () => {
    const e = only('deep.json', '{"schema":"x","a":' + '['.repeat(10001) + ']'.repeat(10001) + '}');
    expect(e.message).toBe("json: offset 10018: invalid character '[' exceeded max depth");
    expect(e.at).toEqual({ line: 1, column: 10018 });
  });

  it('JSON objects nested from the top: the same message, never a stack overflow', () => {
    const e = only('top.json', '{"a":'.repeat(20000) + '1' + '}'.repeat(20000));
    expect(e.message).toBe("json: offset 50001: invalid character '{' exceeded max depth");
  });

  it('JSON exactly 10,000 deep still loads', () => {
    const r = loadFile('ok.json', '{"schema":"x","a":' + '['.repeat(9999) + ']'.repeat(9999) + '}');
    expect(r.errors).toEqual([]);
    expect(r.dc.others).toHaveLength(1);
  });
});
