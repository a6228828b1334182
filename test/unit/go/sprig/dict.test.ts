/**
 * Port of Masterminds/sprig v3.3.0 dict_test.go (36 cases, all of them), plus Go behaviour beyond
 * it whose expected values were produced by sprig v3.3.0 itself.
 *
 * `range` over a map visits keys in sorted order in text/template, which the TestDict case uses.
 * keys and values: Go's order is random, ours is key order (upstream sorts before comparing).
 */
import { describe, expect, it } from 'vitest';
import { compareGoStrings } from '../../../../src/core/go/strings';
import type { GoMap, GoValue } from '../../../../src/core/go/template/values';
import { call, callError, f, int, len, out, run } from './helpers';

const dict = (...a: GoValue[]): GoMap => call(f.dict, ...a) as GoMap;

function rangeMap(m: GoMap, body: (k: string, v: GoValue) => string): string {
  return Object.keys(m)
    .sort(compareGoStrings)
    .map((k) => body(k, m[k] as GoValue))
    .join('');
}

describe('dict_test.go', () => {
  it('TestDict', () => {
    const o = rangeMap(dict(int(1), int(2), 'three', 'four', int(5)), (k, v) => k + out(v));
    expect(o.length).toBe(12);
    expect(o).toContain('12');
    expect(o).toContain('threefour');
    expect(o).toContain('5');
    const t = dict('I', 'shot', 'the', 'albatross');
    expect(`${out(t.the as GoValue)} ${out(t.I as GoValue)}`).toBe('albatross shot');
  });

  it('TestUnset', () => {
    const d = dict('one', int(1), 'two', int(222222));
    call(f.unset, d, 'two');
    expect(rangeMap(d, (k, v) => k + out(v))).toBe('one1');
  });

  it('TestHasKey', () => {
    expect(call(f.hasKey, dict('one', int(1), 'two', int(222222)), 'one')).toBe(true);
  });

  it('TestPluck', () => {
    const d = dict('one', int(1), 'two', int(222222));
    const d2 = dict('one', int(1), 'two', int(33333));
    const d3 = dict('one', int(1));
    const d4 = dict('one', int(1), 'two', int(4444));
    expect(run(f.pluck, 'two', d, d2, d3, d4)).toBe('[222222 33333 4444]');
  });

  it('TestKeys', () => {
    expect(run(f.sortAlpha, call(f.keys, dict('foo', int(1), 'bar', int(2))))).toBe('[bar foo]');
    expect(run(f.keys, dict())).toBe('[]');
    expect(
      run(
        f.sortAlpha,
        call(f.uniq, call(f.keys, dict('foo', int(1)), dict('bar', int(2)), dict('bar', int(3)))),
      ),
    ).toBe('[bar foo]');
  });

  it.each([
    [['two'], 'len', '1'],
    [['two'], 'print', 'map[two:222222]'],
    [['one', 'two'], 'len', '2'],
    [['one', 'two', 'three'], 'len', '2'],
  ] as const)('TestPick %j | %s', (keys, how, want) => {
    const r = call(f.pick, dict('one', int(1), 'two', int(222222)), ...keys);
    expect(how === 'len' ? len(r) : out(r)).toBe(want);
  });

  it('TestPick on an empty dict', () => {
    expect(len(call(f.pick, dict(), 'two'))).toBe('0');
  });

  it.each([
    [['one'], 'len', '1'],
    [['one'], 'print', 'map[two:222222]'],
    [['one', 'two'], 'len', '0'],
    [['two', 'three'], 'len', '1'],
  ] as const)('TestOmit %j | %s', (keys, how, want) => {
    const r = call(f.omit, dict('one', int(1), 'two', int(222222)), ...keys);
    expect(how === 'len' ? len(r) : out(r)).toBe(want);
  });

  it('TestOmit on an empty dict', () => {
    expect(len(call(f.omit, dict(), 'two'))).toBe('0');
  });

  it('TestGet', () => {
    expect(run(f.get, dict('one', int(1)), 'one')).toBe('1');
    expect(run(f.get, dict('one', int(1), 'two', '2'), 'two')).toBe('2');
    expect(run(f.get, dict(), 'two')).toBe('');
  });

  it('TestSet', () => {
    const d = dict('one', int(1), 'two', int(222222));
    call(f.set, d, 'two', int(2));
    call(f.set, d, 'three', int(3));
    let o = '';
    for (const k of ['one', 'two', 'three']) if (call(f.hasKey, d, k)) o += out(d[k] as GoValue);
    expect(o).toBe('123');
  });

  function mergeFixture(): Record<string, Record<string, GoValue>> {
    return {
      src2: { h: int(10), i: 'i', j: 'j' },
      src1: {
        a: int(1),
        b: int(2),
        d: { e: 'four' },
        g: [int(6), int(7)],
        i: 'aye',
        j: 'jay',
        k: { l: false },
      },
      dst: { a: 'one', c: int(3), d: { f: int(5) }, g: [int(8), int(9)], i: 'eye', k: { l: true } },
    };
  }

  it('TestMerge', () => {
    const d = mergeFixture();
    call(f.merge, d.dst as GoMap, d.src1 as GoMap, d.src2 as GoMap);
    expect(d.dst).toEqual({
      a: 'one',
      b: int(2),
      c: int(3),
      d: { e: 'four', f: int(5) },
      g: [int(8), int(9)],
      h: int(10),
      i: 'eye',
      j: 'jay',
      k: { l: true },
    });
  });

  it('TestMergeOverwrite', () => {
    const d = mergeFixture();
    call(f.mergeOverwrite, d.dst as GoMap, d.src1 as GoMap, d.src2 as GoMap);
    expect(d.dst).toEqual({
      a: int(1),
      b: int(2),
      c: int(3),
      d: { e: 'four', f: int(5) },
      g: [int(6), int(7)],
      h: int(10),
      i: 'i',
      j: 'j',
      k: { l: false },
    });
  });

  it('TestValues', () => {
    expect(run(f.join, ',', call(f.sortAlpha, call(f.values, dict('a', int(1), 'b', int(2)))))).toBe('1,2');
    expect(run(f.join, ',', call(f.sortAlpha, call(f.values, dict('a', 'first', 'b', int(2)))))).toBe(
      '2,first',
    );
  });

  for (const [test, fn] of [
    ['TestDeepCopy', 'deepCopy'],
    ['TestMustDeepCopy', 'mustDeepCopy'],
  ] as const) {
    it(test, () => {
      const d = call(f[fn], dict('a', int(1), 'b', int(2)));
      expect(run(f.join, ',', call(f.sortAlpha, call(f.values, d)))).toBe('1,2');
      expect(run(f.join, ',', call(f.sortAlpha, call(f.keys, d)))).toBe('a,b');
      expect(run(f[fn], dict('foo', dict('bar', 'baz'), 'qux', true))).toBe('map[foo:map[bar:baz] qux:true]');
    });
  }

  it('TestDig', () => {
    const d = dict('a', dict('b', dict('c', int(1))));
    expect(run(f.dig, 'a', 'b', 'c', '', d)).toBe('1');
    expect(run(f.dig, 'a', 'b', 'z', '2', d)).toBe('2');
    expect(run(f.dig, 'a', '', dict('a', int(1)))).toBe('1');
    expect(run(f.dig, 'z', '2', dict('a', int(1)))).toBe('2');
  });
});

describe('beyond upstream (expected values from sprig v3.3.0)', () => {
  it('merge fills empty values, mergeOverwrite takes every non-nil source value', () => {
    const dst = (): GoMap => ({
      a: '',
      b: int(0),
      c: false,
      d: [],
      e: {},
      f: null,
      g: 'keep',
      h: [int(1)],
      i: { x: int(1) },
    });
    const src = {
      a: 'A',
      b: int(2),
      c: true,
      d: [int(1)],
      e: { x: int(1) },
      f: 'F',
      g: '',
      h: [],
      i: 'str',
      j: null,
      k: [],
    };
    expect(run(f.merge, dst(), src)).toBe(
      'map[a:A b:2 c:true d:[1] e:map[x:1] f:F g:keep h:[1] i:map[x:1] k:[]]',
    );
    expect(run(f.mergeOverwrite, dst(), src)).toBe(
      'map[a:A b:2 c:true d:[1] e:map[x:1] f:F g: h:[] i:str j:<nil> k:[]]',
    );
    expect(run(f.mergeOverwrite, { a: 'x', b: { c: int(1) } }, { a: null, b: null })).toBe(
      'map[a:<nil> b:<nil>]',
    );
  });

  it('merge into nil makes a new map; nil sources change nothing', () => {
    expect(run(f.merge, null, { a: int(1) })).toBe('map[a:1]');
    expect(run(f.toJson, call(f.merge, null, null))).toBe('null');
    expect(run(f.merge, { a: int(1) }, null, { b: int(2) })).toBe('map[a:1 b:2]');
  });

  it('a nested map filled by merge is kept, even when it was empty', () => {
    const e = dict();
    const d = dict('a', e);
    call(f.merge, d, dict('a', dict('x', int(1))));
    expect(`${out(e)} ${out(d)}`).toBe('map[x:1] map[a:map[x:1]]');
  });

  it('set on a nil map panics; get, hasKey, unset read it as empty', () => {
    expect(callError(f.set, null, 'a', int(1))).toBe('assignment to entry in nil map');
    expect(run(f.get, null, 'a')).toBe('');
    expect(run(f.hasKey, null, 'a')).toBe('false');
    expect(run(f.toJson, call(f.unset, null, 'a'))).toBe('null');
  });

  it('dig panics on a non-map step or a non-string key', () => {
    expect(callError(f.dig, 'a', 'b', '', dict('a', int(1)))).toBe(
      'interface conversion: interface {} is int64, not map[string]interface {}',
    );
    expect(callError(f.dig, 'a', 'b', '', dict('a', null))).toBe(
      'interface conversion: interface {} is nil, not map[string]interface {}',
    );
    expect(callError(f.dig, 'a', '', call(f.split, ',', 'a,b'))).toBe(
      'interface conversion: interface {} is map[string]string, not map[string]interface {}',
    );
    expect(callError(f.dig, 'a', '')).toBe('dig needs at least three arguments');
  });

  it('dict keys print with %v', () => {
    expect(run(f.dict, null, int(1), [int(1)], int(2), 2.5, 'f', 'odd')).toBe(
      'map[2.5:f <nil>:1 [1]:2 odd:]',
    );
  });

  it('deepCopy of nil panics in reflect', () => {
    expect(callError(f.deepCopy, null)).toBe('reflect: call of reflect.Value.Type on zero Value');
    expect(callError(f.mustDeepCopy, null)).toBe('reflect: call of reflect.Value.Type on zero Value');
  });

  it('a __proto__ key is an ordinary key', () => {
    const d = dict('__proto__', 'x');
    expect(Object.keys(d)).toEqual(['__proto__']);
    expect(run(f.get, d, '__proto__')).toBe('x');
  });
});
