/**
 * Port of Masterminds/sprig v3.3.0 list_test.go (127 cases, all of them), plus Go behaviour
 * beyond it whose expected values were produced by sprig v3.3.0 itself. Each case keeps
 * upstream's template as its name.
 */
import { describe, expect, it } from 'vitest';
import type { GoValue } from '../../../../src/core/go/template/values';
import { call, callError, f, int, len, out, rangeList, run } from './helpers';

type Case = readonly [string, () => string, string];

const list = (...a: GoValue[]): GoValue => call(f.list, ...a);
const tuple = (...a: GoValue[]): GoValue => call(f.tuple, ...a);
const ints = (...n: number[]): GoValue[] => n.map(int);
const split = (sep: string, s: string): GoValue => call(f.regexSplit, sep, s, int(-1));
const join = (v: GoValue, sep: string): string => out(call(f.join, sep, v));

function table(name: string, cases: readonly Case[]): void {
  describe(name, () => {
    it.each(cases)('%s', (_tpl, got, want) => {
      expect(got()).toBe(want);
    });
  });
}

describe('list_test.go', () => {
  it('TestTuple, TestList', () => {
    for (const make of [tuple, list]) {
      const t = make(int(1), 'a', 'foo') as GoValue[];
      expect(out(t[2] as GoValue) + out(t[0] as GoValue) + out(t[1] as GoValue)).toBe('foo1a');
    }
  });

  for (const [test, fn] of [
    ['TestPush', 'append'],
    ['TestMustPush', 'mustAppend'],
  ] as const) {
    table(test, [
      [
        `{{ $t := tuple 1 2 3  }}{{ ${fn} $t 4 | len }}`,
        () => len(call(f[fn], tuple(...ints(1, 2, 3)), int(4))),
        '4',
      ],
      [
        `{{ $t := tuple 1 2 3 4  }}{{ ${fn} $t 5 | join "-" }}`,
        () => join(call(f[fn], tuple(...ints(1, 2, 3, 4)), int(5)), '-'),
        '1-2-3-4-5',
      ],
      [
        `{{ $t := regexSplit "/" "foo/bar/baz" -1 }}{{ ${fn === 'append' ? 'append' : 'mustPush'} $t "qux" | join "-" }}`,
        () => join(call(f[fn === 'append' ? 'append' : 'mustPush'], split('/', 'foo/bar/baz'), 'qux'), '-'),
        'foo-bar-baz-qux',
      ],
    ]);
  }

  for (const [test, fn] of [
    ['TestChunk', 'chunk'],
    ['TestMustChunk', 'mustChunk'],
  ] as const) {
    const chunks = (size: number, ...n: number[]): string =>
      rangeList(call(f[fn], int(size), tuple(...ints(...n))), (_i, e) => join(e, '-') + '|');
    table(test, [
      [
        `{{ tuple 1 2 3 4 5 6 7 | ${fn} 3 | len }}`,
        () => len(call(f[fn], int(3), tuple(...ints(1, 2, 3, 4, 5, 6, 7)))),
        '3',
      ],
      [`{{ tuple | ${fn} 3 | len }}`, () => len(call(f[fn], int(3), tuple())), '0'],
      [
        `{{ range ( tuple 1 2 3 4 5 6 7 8 9 | ${fn} 3 ) }}…`,
        () => chunks(3, 1, 2, 3, 4, 5, 6, 7, 8, 9),
        '1-2-3|4-5-6|7-8-9|',
      ],
      [
        `{{ range ( tuple 1 2 3 4 5 6 7 8 | ${fn} 3 ) }}…`,
        () => chunks(3, 1, 2, 3, 4, 5, 6, 7, 8),
        '1-2-3|4-5-6|7-8|',
      ],
      [`{{ range ( tuple 1 2 | ${fn} 3 ) }}…`, () => chunks(3, 1, 2), '1-2|'],
    ]);
  }

  for (const [test, fn] of [
    ['TestPrepend', 'prepend'],
    ['TestMustPrepend', 'mustPrepend'],
  ] as const) {
    table(test, [
      [
        `{{ $t := tuple 1 2 3  }}{{ ${fn} $t 0 | len }}`,
        () => len(call(f[fn], tuple(...ints(1, 2, 3)), int(0))),
        '4',
      ],
      [
        `{{ $t := tuple 1 2 3 4  }}{{ ${fn} $t 0 | join "-" }}`,
        () => join(call(f[fn], tuple(...ints(1, 2, 3, 4)), int(0)), '-'),
        '0-1-2-3-4',
      ],
      [
        `{{ $t := regexSplit "/" "foo/bar/baz" -1 }}{{ ${fn} $t "qux" | join "-" }}`,
        () => join(call(f[fn], split('/', 'foo/bar/baz'), 'qux'), '-'),
        'qux-foo-bar-baz',
      ],
    ]);
  }

  for (const [test, fn, want] of [
    ['TestFirst', 'first', ['1', 'foo']],
    ['TestMustFirst', 'mustFirst', ['1', 'foo']],
    ['TestLast', 'last', ['3', 'bar']],
    ['TestMustLast', 'mustLast', ['3', 'bar']],
  ] as const) {
    table(test, [
      [`{{ list 1 2 3 | ${fn} }}`, () => out(call(f[fn], list(...ints(1, 2, 3)))), want[0]],
      [`{{ list | ${fn} }}`, () => out(call(f[fn], list())), '<no value>'],
      [
        `{{ regexSplit "/src/" "foo/src/bar" -1 | ${fn} }}`,
        () => out(call(f[fn], split('/src/', 'foo/src/bar'))),
        want[1],
      ],
    ]);
  }

  for (const [test, fn, want] of [
    ['TestInitial', 'initial', ['2', '2', '1', '[]', '[foo bar]']],
    ['TestMustInitial', 'mustInitial', ['2', '2', '1', '[]', '[foo bar]']],
    ['TestRest', 'rest', ['2', '3', '2', '[]', '[bar baz]']],
    ['TestMustRest', 'mustRest', ['2', '3', '2', '[]', '[bar baz]']],
  ] as const) {
    const r = (): GoValue => call(f[fn], list(...ints(1, 2, 3)));
    table(test, [
      [`{{ list 1 2 3 | ${fn} | len }}`, () => len(r()), want[0]],
      [`{{ list 1 2 3 | ${fn} | last }}`, () => out(call(f.last, r())), want[1]],
      [`{{ list 1 2 3 | ${fn} | first }}`, () => out(call(f.first, r())), want[2]],
      [`{{ list | ${fn} }}`, () => out(call(f[fn], list())), want[3]],
      [
        `{{ regexSplit "/" "foo/bar/baz" -1 | ${fn} }}`,
        () => out(call(f[fn], split('/', 'foo/bar/baz'))),
        want[4],
      ],
    ]);
  }

  for (const [test, fn] of [
    ['TestReverse', 'reverse'],
    ['TestMustReverse', 'mustReverse'],
  ] as const) {
    const r = (...n: number[]): GoValue => call(f[fn], list(...ints(...n)));
    table(test, [
      [`{{ list 1 2 3 | ${fn} | first }}`, () => out(call(f.first, r(1, 2, 3))), '3'],
      [`{{ list 1 2 3 | ${fn} | rest | first }}`, () => out(call(f.first, call(f.rest, r(1, 2, 3)))), '2'],
      [`{{ list 1 2 3 | ${fn} | last }}`, () => out(call(f.last, r(1, 2, 3))), '1'],
      [`{{ list 1 2 3 4 | ${fn} }}`, () => out(r(1, 2, 3, 4)), '[4 3 2 1]'],
      [`{{ list 1 | ${fn} }}`, () => out(r(1)), '[1]'],
      [`{{ list | ${fn} }}`, () => out(r()), '[]'],
      [
        `{{ regexSplit "/" "foo/bar/baz" -1 | ${fn} }}`,
        () => out(call(f[fn], split('/', 'foo/bar/baz'))),
        '[baz bar foo]',
      ],
    ]);
  }

  for (const [test, fn] of [
    ['TestCompact', 'compact'],
    ['TestMustCompact', 'mustCompact'],
  ] as const) {
    table(test, [
      [
        `{{ list 1 0 "" "hello" | ${fn} }}`,
        () => out(call(f[fn], list(int(1), int(0), '', 'hello'))),
        '[1 hello]',
      ],
      [`{{ list "" "" | ${fn} }}`, () => out(call(f[fn], list('', ''))), '[]'],
      [`{{ list | ${fn} }}`, () => out(call(f[fn], list())), '[]'],
      [
        `{{ regexSplit "/" "foo//bar" -1 | ${fn} }}`,
        () => out(call(f[fn], split('/', 'foo//bar'))),
        '[foo bar]',
      ],
    ]);
  }

  for (const [test, fn] of [
    ['TestUniq', 'uniq'],
    ['TestMustUniq', 'mustUniq'],
  ] as const) {
    table(test, [
      [`{{ list 1 2 3 4 | ${fn} }}`, () => out(call(f[fn], list(...ints(1, 2, 3, 4)))), '[1 2 3 4]'],
      [`{{ list "a" "b" "c" "d" | ${fn} }}`, () => out(call(f[fn], list('a', 'b', 'c', 'd'))), '[a b c d]'],
      [
        `{{ list 1 1 1 1 2 2 2 2 | ${fn} }}`,
        () => out(call(f[fn], list(...ints(1, 1, 1, 1, 2, 2, 2, 2)))),
        '[1 2]',
      ],
      [
        `{{ list "foo" 1 1 1 1 "foo" "foo" | ${fn} }}`,
        () => out(call(f[fn], list('foo', ...ints(1, 1, 1, 1), 'foo', 'foo'))),
        '[foo 1]',
      ],
      [`{{ list | ${fn} }}`, () => out(call(f[fn], list())), '[]'],
      [
        `{{ regexSplit "/" "foo/foo/bar" -1 | ${fn} }}`,
        () => out(call(f[fn], split('/', 'foo/foo/bar'))),
        '[foo bar]',
      ],
    ]);
  }

  for (const [test, fn] of [
    ['TestWithout', 'without'],
    ['TestMustWithout', 'mustWithout'],
  ] as const) {
    table(test, [
      [`{{ ${fn} (list 1 2 3 4) 1 }}`, () => out(call(f[fn], list(...ints(1, 2, 3, 4)), int(1))), '[2 3 4]'],
      [
        `{{ ${fn} (list "a" "b" "c" "d") "a" }}`,
        () => out(call(f[fn], list('a', 'b', 'c', 'd'), 'a')),
        '[b c d]',
      ],
      [`{{ ${fn} (list 1 1 1 1 2) 1 }}`, () => out(call(f[fn], list(...ints(1, 1, 1, 1, 2)), int(1))), '[2]'],
      [`{{ ${fn} (list) 1 }}`, () => out(call(f[fn], list(), int(1))), '[]'],
      [`{{ ${fn} (list 1 2 3) }}`, () => out(call(f[fn], list(...ints(1, 2, 3)))), '[1 2 3]'],
      [`{{ ${fn} list }}`, () => out(call(f[fn], list())), '[]'],
      [
        `{{ ${fn} (regexSplit "/" "foo/bar/baz" -1 ) "foo" }}`,
        () => out(call(f[fn], split('/', 'foo/bar/baz'), 'foo')),
        '[bar baz]',
      ],
    ]);
  }

  for (const [test, fn] of [
    ['TestHas', 'has'],
    ['TestMustHas', 'mustHas'],
  ] as const) {
    table(test, [
      [`{{ list 1 2 3 | ${fn} 1 }}`, () => out(call(f[fn], int(1), list(...ints(1, 2, 3)))), 'true'],
      [`{{ list 1 2 3 | ${fn} 4 }}`, () => out(call(f[fn], int(4), list(...ints(1, 2, 3)))), 'false'],
      [
        `{{ regexSplit "/" "foo/bar/baz" -1 | ${fn} "bar" }}`,
        () => out(call(f[fn], 'bar', split('/', 'foo/bar/baz'))),
        'true',
      ],
      [`{{ ${fn} "bar" nil }}`, () => out(call(f[fn], 'bar', null)), 'false'],
    ]);
  }

  for (const [test, fn] of [
    ['TestSlice', 'slice'],
    ['TestMustSlice', 'mustSlice'],
  ] as const) {
    const l = (): GoValue => list(...ints(1, 2, 3));
    table(test, [
      [`{{ ${fn} (list 1 2 3) }}`, () => out(call(f[fn], l())), '[1 2 3]'],
      [`{{ ${fn} (list 1 2 3) 0 1 }}`, () => out(call(f[fn], l(), int(0), int(1))), '[1]'],
      [`{{ ${fn} (list 1 2 3) 1 3 }}`, () => out(call(f[fn], l(), int(1), int(3))), '[2 3]'],
      [`{{ ${fn} (list 1 2 3) 1 }}`, () => out(call(f[fn], l(), int(1))), '[2 3]'],
      [
        `{{ ${fn} (regexSplit "/" "foo/bar/baz" -1) 1 2 }}`,
        () => out(call(f[fn], split('/', 'foo/bar/baz'), int(1), int(2))),
        '[bar]',
      ],
    ]);
  }

  table('TestConcat', [
    ['{{ concat (list 1 2 3) }}', () => out(call(f.concat, list(...ints(1, 2, 3)))), '[1 2 3]'],
    [
      '{{ concat (list 1 2 3) (list 4 5) }}',
      () => out(call(f.concat, list(...ints(1, 2, 3)), list(...ints(4, 5)))),
      '[1 2 3 4 5]',
    ],
    [
      '{{ concat (list 1 2 3) (list 4 5) (list) }}',
      () => out(call(f.concat, list(...ints(1, 2, 3)), list(...ints(4, 5)), list())),
      '[1 2 3 4 5]',
    ],
    [
      '{{ concat (list 1 2 3) (list 4 5) (list nil) }}',
      () => out(call(f.concat, list(...ints(1, 2, 3)), list(...ints(4, 5)), list(null))),
      '[1 2 3 4 5 <nil>]',
    ],
    [
      '{{ concat (list 1 2 3) (list 4 5) (list ( list "foo" ) ) }}',
      () => out(call(f.concat, list(...ints(1, 2, 3)), list(...ints(4, 5)), list(list('foo')))),
      '[1 2 3 4 5 [foo]]',
    ],
  ]);
});

describe('beyond upstream (expected values from sprig v3.3.0)', () => {
  it('a non-list is an error for must*, a panic with the same text otherwise', () => {
    expect(callError(f.mustFirst, 'str')).toBe('Cannot find first on type string');
    expect(callError(f.first, { a: int(1) })).toBe('Cannot find first on type map');
    expect(callError(f.mustPush, 2.5, 'x')).toBe('Cannot push on type float64');
    expect(callError(f.mustChunk, int(2), true)).toBe('Cannot chunk type bool');
    expect(callError(f.mustSlice, 'str')).toBe('list should be type of slice or array but string');
    expect(callError(f.concat, 'str')).toBe('Cannot concat type string as list');
    expect(callError(f.mustHas, int(1), 'str')).toBe('Cannot find has on type string');
  });

  it('a nil list panics in reflect even for must*', () => {
    for (const fn of [f.first, f.mustFirst, f.mustRest, f.mustUniq, f.mustCompact, f.concat]) {
      expect(callError(fn, null)).toBe('runtime error: invalid memory address or nil pointer dereference');
    }
  });

  it('chunk with a size below 1 fails in make()', () => {
    expect(callError(f.chunk, int(0), list(int(1)))).toBe('runtime error: makeslice: len out of range');
    expect(callError(f.chunk, int(-1), list(int(1)))).toBe('runtime error: makeslice: len out of range');
    expect(callError(f.chunk, int(-1), list())).toBe('runtime error: makeslice: len out of range');
  });

  it('slice out of range panics in reflect; an empty list slices to nil', () => {
    expect(callError(f.slice, list(int(1)), int(2), int(1))).toBe(
      'reflect.Value.Slice: slice index out of bounds',
    );
    expect(callError(f.slice, list(int(1)), int(-1))).toBe('reflect.Value.Slice: slice index out of bounds');
    expect(out(call(f.slice, list(), int(5)))).toBe('<no value>');
    expect(run(f.slice, list(...ints(1, 2, 3)), '1')).toBe('[2 3]');
    expect(run(f.typeOf, call(f.slice, call(f.splitList, ',', 'a,b,c'), int(1)))).toBe('[]string');
  });

  it('rest, initial and concat of nothing are nil slices: [] printed, null in JSON', () => {
    expect(run(f.toJson, call(f.rest, list()))).toBe('null');
    expect(run(f.toJson, call(f.initial, list()))).toBe('null');
    expect(run(f.toJson, call(f.concat, list(), list()))).toBe('null');
    expect(run(f.toJson, call(f.compact, list()))).toBe('[]');
    expect(call(f.deepEqual, call(f.rest, list()), list())).toBe(false);
  });

  it('uniq, without and has compare with reflect.DeepEqual (types matter)', () => {
    expect(
      run(
        f.uniq,
        list('a', 'b', 'a', int(1), int(1), 1.0, list(int(1)), list(int(1)), { a: int(1) }, { a: int(1) }),
      ),
    ).toBe('[a b 1 1 [1] map[a:1]]');
    expect(run(f.has, 1.0, list(...ints(1, 2)))).toBe('false');
    expect(run(f.without, list(int(1), null, 'a'), null)).toBe('[1 a]');
  });

  it('typeOf of list results', () => {
    expect(run(f.typeOf, call(f.chunk, int(2), list(...ints(1, 2, 3))))).toBe('[][]interface {}');
    expect(run(f.typeOf, call(f.append, call(f.splitList, ',', 'a'), 'b'))).toBe('[]interface {}');
  });
});
