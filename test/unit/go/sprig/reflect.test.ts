/**
 * Port of Masterminds/sprig v3.3.0 reflect_test.go: 4 of its 10 cases.
 *
 * Left out: the 6 cases on Go structs and pointers (`*sprig.fixtureTO`, `struct`, `ptr`, a
 * `*string`), which the template value model has no values for.
 *
 * Type names follow gotypes.ts: a bigint is `int64` (Go says `int` for a template literal).
 */
import { describe, expect, it } from 'vitest';
import { call, f, int, run } from './helpers';

describe('reflect_test.go', () => {
  it('TestKindOf: a []string is a slice', () => {
    expect(run(f.kindOf, ['hello'])).toBe('slice');
  });

  it('TestTypeIs: a string is not *sprig.fixtureTO', () => {
    expect(call(f.typeIs, '*sprig.fixtureTO', 'hello') ? 't' : 'f').toBe('f');
  });

  it('TestTypeIsLike: a string is like string', () => {
    expect(call(f.typeIsLike, 'string', 'foo') ? 't' : 'f').toBe('t');
  });

  it('TestKindIs: a string is not a ptr', () => {
    expect(call(f.kindIs, 'ptr', 'hello') ? 't' : 'f').toBe('f');
  });
});

describe('beyond upstream: type and kind names of the value model', () => {
  it.each([
    ['nil', null, '<nil>', 'invalid'],
    ['"s"', 's', 'string', 'string'],
    ['true', true, 'bool', 'bool'],
    ['1', int(1), 'int64', 'int64'],
    ['1.5', 1.5, 'float64', 'float64'],
    ['list 1', [int(1)], '[]interface {}', 'slice'],
    ['dict "a" 1', { a: int(1) }, 'map[string]interface {}', 'map'],
  ])('%s', (_label, v, type, kind) => {
    expect(run(f.typeOf, v)).toBe(type);
    expect(run(f.kindOf, v)).toBe(kind);
    expect(call(f.typeIs, type, v)).toBe(true);
    expect(call(f.kindIs, kind, v)).toBe(true);
  });

  it('sprig results keep their Go types', () => {
    expect(run(f.typeOf, call(f.splitList, ',', 'a'))).toBe('[]string');
    expect(run(f.typeOf, call(f.keys, {}))).toBe('[]string');
    expect(run(f.typeOf, call(f.until, int(1)))).toBe('[]int');
    expect(run(f.typeOf, call(f.split, ',', 'a'))).toBe('map[string]string');
    expect(call(f.typeIsLike, 'string', 'x')).toBe(true);
  });

  it('deepEqual compares Go types and nil-ness', () => {
    expect(call(f.deepEqual, int(1), 1.0)).toBe(false);
    expect(call(f.deepEqual, null, null)).toBe(true);
    expect(call(f.deepEqual, { a: [int(1), { b: 'c' }] }, { a: [int(1), { b: 'c' }] })).toBe(true);
    expect(call(f.deepEqual, call(f.splitList, ',', 'a'), ['a'])).toBe(false);
    expect(call(f.deepEqual, NaN, NaN)).toBe(false);
  });
});
