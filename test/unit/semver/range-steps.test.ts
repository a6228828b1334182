import { describe, expect, it } from 'vitest';
import {
  describeRange,
  formatVersion,
  parseRange,
  parseVersion,
  rangeLowerBound,
  rangeUpperBound,
  RangePanicError,
  SemverError,
  type RangeBound,
} from '../../../src/core/semver';
import {
  createVersionFromWildcard,
  expandWildcardVersion,
  getWildcardType,
  incrementMajorVersion,
  incrementMinorVersion,
  parseComparator,
  splitAndTrim,
  splitComparatorVersion,
  splitORParts,
} from '../../../src/core/semver/range-steps';

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SemverError);
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

// Ported from blang/semver v4 range_test.go.
describe('blang range_test.go, step by step', () => {
  it('TestSplitAndTrim', () => {
    expect(splitAndTrim('1.2.3 1.2.3')).toEqual(['1.2.3', '1.2.3']);
    expect(splitAndTrim('     1.2.3     1.2.3     ')).toEqual(['1.2.3', '1.2.3']);
    expect(splitAndTrim('  >=   1.2.3   <=  1.2.3   ')).toEqual(['>=1.2.3', '<=1.2.3']);
    expect(splitAndTrim('1.2.3 || >=1.2.3 <1.2.3')).toEqual(['1.2.3', '||', '>=1.2.3', '<1.2.3']);
    expect(splitAndTrim('      1.2.3      ||     >=1.2.3     <1.2.3    ')).toEqual([
      '1.2.3',
      '||',
      '>=1.2.3',
      '<1.2.3',
    ]);
  });

  it('TestSplitComparatorVersion', () => {
    expect(splitComparatorVersion('>1.2.3')).toEqual(['>', '1.2.3']);
    expect(splitComparatorVersion('>=1.2.3')).toEqual(['>=', '1.2.3']);
    expect(splitComparatorVersion('<=1.2.3')).toEqual(['<=', '1.2.3']);
    expect(splitComparatorVersion('1.2.3')).toEqual(['', '1.2.3']);
    expect(splitComparatorVersion('==1.2.3')).toEqual(['==', '1.2.3']);
    expect(splitComparatorVersion('!1.2.3')).toEqual(['!', '1.2.3']);
    expect(errorOf(() => splitComparatorVersion('error'))).toBe('Could not get version from string: "error"');
  });

  it('TestSplitORParts', () => {
    expect(splitORParts(['>1.2.3', '||', '<1.2.3', '||', '=1.2.3'])).toEqual([
      ['>1.2.3'],
      ['<1.2.3'],
      ['=1.2.3'],
    ]);
    expect(splitORParts(['>1.2.3', '<1.2.3', '||', '=1.2.3'])).toEqual([['>1.2.3', '<1.2.3'], ['=1.2.3']]);
    expect(errorOf(() => splitORParts(['>1.2.3', '||']))).toBe("Last element in range is '||'");
    expect(errorOf(() => splitORParts(['||', '>1.2.3']))).toBe("First element in range is '||'");
    expect(splitORParts(['>1.2.3', '||', '||', '<1.0.0'])).toEqual([['>1.2.3'], [], ['<1.0.0']]);
  });

  it('TestParseComparator', () => {
    expect(['>', '>=', '<', '<=', '', '=', '==', '!=', '!'].map(parseComparator)).toEqual([
      '>',
      '>=',
      '<',
      '<=',
      '==',
      '==',
      '==',
      '!=',
      '!=',
    ]);
    expect(['-', '<==', '<<', '>>', '~', '^'].map(parseComparator)).toEqual(Array(6).fill(undefined));
  });

  it('TestGetWildcardType, TestCreateVersionFromWildcard, TestIncrement*', () => {
    expect(['x', '1.x', '1.2.x', 'fo.o.b.ar', '1.x.x', '1.2.3.x'].map(getWildcardType)).toEqual([
      1, 2, 3, 0, 3, 0,
    ]);
    expect(createVersionFromWildcard('1.2.x')).toBe('1.2.0');
    expect(createVersionFromWildcard('1.x')).toBe('1.0.0');
    expect(createVersionFromWildcard('1.x.x')).toBe('1.0.0');
    expect(incrementMajorVersion('1.2.3')).toBe('2.2.3');
    expect(incrementMajorVersion('1.2')).toBe('2.2');
    expect(incrementMajorVersion('foo.bar')).toBe('');
    expect(incrementMinorVersion('1.2.3')).toBe('1.3.3');
    expect(incrementMinorVersion('1.2')).toBe('1.3');
    expect(incrementMinorVersion('foo.bar')).toBe('');
  });

  it('TestExpandWildcardVersion', () => {
    expect(errorOf(() => expandWildcardVersion([['foox']]))).toBe(
      'Could not get version from string: "foox"',
    );
    const cases: [string, string[]][] = [
      ['>=1.2.x', ['>=1.2.0']],
      ['<=1.2.x', ['<1.3.0']],
      ['>1.2.x', ['>=1.3.0']],
      ['<1.2.x', ['<1.2.0']],
      ['!=1.2.x', ['<1.2.0', '>=1.3.0']],
      ['>=1.x', ['>=1.0.0']],
      ['<=1.x', ['<2.0.0']],
      ['>1.x', ['>=2.0.0']],
      ['<1.x', ['<1.0.0']],
      ['!=1.x', ['<1.0.0', '>=2.0.0']],
      ['1.2.x', ['>=1.2.0', '<1.3.0']],
      ['1.x', ['>=1.0.0', '<2.0.0']],
      // fbc-rules §6.2 step 3: 1.x.x is a patch wildcard.
      ['1.x.x', ['>=1.0.0', '<1.1.0']],
      ['x.1.2', ['1.2.0']],
    ];
    for (const [input, output] of cases) expect(expandWildcardVersion([[input]])).toEqual([output]);
  });

  it('TestParseRange', () => {
    const table: [string, [string, boolean][]][] = [
      [
        '>=1.2.3',
        [
          ['1.2.3', true],
          ['1.2.4', true],
          ['1.2.2', false],
        ],
      ],
      [
        '<1.2.3',
        [
          ['1.2.2', true],
          ['1.2.3', false],
          ['1.2.4', false],
        ],
      ],
      [
        '<=1.2.3',
        [
          ['1.2.2', true],
          ['1.2.3', true],
          ['1.2.4', false],
        ],
      ],
      [
        '1.2.3',
        [
          ['1.2.2', false],
          ['1.2.3', true],
          ['1.2.4', false],
        ],
      ],
      [
        '=1.2.3',
        [
          ['1.2.2', false],
          ['1.2.3', true],
          ['1.2.4', false],
        ],
      ],
      [
        '!=1.2.3',
        [
          ['1.2.2', true],
          ['1.2.3', false],
          ['1.2.4', true],
        ],
      ],
      [
        '>1.2.2 <1.2.4',
        [
          ['1.2.2', false],
          ['1.2.3', true],
          ['1.2.4', false],
        ],
      ],
      [
        '<1.2.2 <1.2.4',
        [
          ['1.2.1', true],
          ['1.2.2', false],
          ['1.2.3', false],
          ['1.2.4', false],
        ],
      ],
      [
        '>1.2.2 <1.2.5 !=1.2.4',
        [
          ['1.2.2', false],
          ['1.2.3', true],
          ['1.2.4', false],
          ['1.2.5', false],
        ],
      ],
      [
        '>1.2.2 <1.2.5 !1.2.4',
        [
          ['1.2.2', false],
          ['1.2.3', true],
          ['1.2.4', false],
          ['1.2.5', false],
        ],
      ],
      [
        '>1.2.2 || <1.2.4',
        [
          ['1.2.2', true],
          ['1.2.3', true],
          ['1.2.4', true],
        ],
      ],
      [
        '<1.2.2 || >1.2.4',
        [
          ['1.2.2', false],
          ['1.2.3', false],
          ['1.2.4', false],
        ],
      ],
      [
        '>1.x',
        [
          ['0.1.9', false],
          ['1.2.6', false],
          ['1.9.0', false],
          ['2.0.0', true],
        ],
      ],
      [
        '>1.2.x',
        [
          ['1.1.9', false],
          ['1.2.6', false],
          ['1.3.0', true],
        ],
      ],
      [
        '>1.2.2 <1.2.4 || >=2.0.0',
        [
          ['1.2.2', false],
          ['1.2.3', true],
          ['1.2.4', false],
          ['2.0.0', true],
          ['2.0.1', true],
        ],
      ],
      [
        '1.x || >=2.0.x <2.2.x',
        [
          ['0.9.2', false],
          ['1.2.2', true],
          ['2.0.0', true],
          ['2.1.8', true],
          ['2.2.0', false],
        ],
      ],
    ];
    for (const [range, results] of table) {
      const r = parseRange(range);
      expect(results.map(([v]) => [v, r.test(parseVersion(v))])).toEqual(results);
    }
    for (const bad of ['1.0', '', 'invalid version']) expect(() => parseRange(bad)).toThrow(SemverError);
  });
});

// Quirks that follow from the Go code but have no row in the spec tables.
describe('Go-specific quirks of ParseRange', () => {
  it('drops one-byte pieces but keeps a one-character non-ASCII piece (Go counts bytes)', () => {
    expect(splitAndTrim('>=1.0.0 a * - |')).toEqual(['>=1.0.0']);
    expect(errorOf(() => parseRange('>=1.0.0 é'))).toBe('Could not get version from string: "é"');
  });

  it('keeps the space after an operator but not after other characters', () => {
    expect(splitAndTrim('>= 1.0.0 <  2.0.0')).toEqual(['>=1.0.0', '<2.0.0']);
    expect(splitAndTrim('!= 1.0.0')).toEqual(['!=1.0.0']);
    expect(splitAndTrim('! 1.0.0')).toEqual(['1.0.0']);
    expect(errorOf(() => parseRange('< '))).toBe('Could not get version from string: "<"');
  });

  it('trims Go whitespace (tabs, NBSP) around the operator, but not inside the version', () => {
    expect(describeRange(parseRange('\t>=\u00a01.0.0'))).toBe('>=1.0.0');
    expect(errorOf(() => parseRange('\t~1.0.0'))).toBe(
      'Could not parse Range "\\t~1.0.0": Could not parse comparator "~" in "~1.0.0"',
    );
  });

  it('treats any Unicode decimal digit as the start of the version', () => {
    expect(errorOf(() => parseRange('>=٣.0.0'))).toBe(
      'Could not parse Range ">=٣.0.0": Could not parse version "٣.0.0" in ">=٣.0.0": Invalid character(s) found in major number "٣"',
    );
  });

  it('drops an unknown operator in front of a wildcard', () => {
    expect(describeRange(parseRange('~1.2.x'))).toBe('==1.2.0');
    expect(describeRange(parseRange('>>1.x'))).toBe('==1.0.0');
  });

  it('rewrites the first ".x" even inside a prerelease', () => {
    const r = parseRange('>=1.0.0-a.xyz');
    expect(describeRange(r)).toBe('>=1.0.0-a.0yz');
    // Read literally, 1.0.0-a.1yz < 1.0.0-a.xyz; blang compares it with 1.0.0-a.0yz instead.
    expect(r.test(parseVersion('1.0.0-a.1yz'))).toBe(true);
  });

  it('increments with strconv.Atoi (signs and leading zeros accepted, int64 wrap)', () => {
    expect(describeRange(parseRange('>01.x'))).toBe('>=2.0.0');
    expect(errorOf(() => parseRange('01.x'))).toBe(
      'Could not parse Range ">=01.0.0": Could not parse version "01.0.0" in ">=01.0.0": Major number must not contain leading zeroes "01"',
    );
    expect(errorOf(() => parseRange('>1.-2.x'))).toBe(
      'Could not parse Range ">=1.-1.0": Could not parse version "1.-1.0" in ">=1.-1.0": Invalid character(s) found in minor number "-1"',
    );
    expect(errorOf(() => parseRange('>9223372036854775807.x'))).toBe(
      'Could not parse Range ">=-9223372036854775808.0.0": Could not parse comparator ">=-" in ">=-9223372036854775808.0.0"',
    );
    expect(errorOf(() => parseRange('>9223372036854775808.x'))).toBe(
      'Could not get version from string: ">="',
    );
  });

  it('expands wildcards in every group before building any comparator (which error wins)', () => {
    expect(errorOf(() => parseRange('~1.0.0 || fo.x'))).toBe('Could not get version from string: "fo.x"');
    expect(errorOf(() => parseRange('~1.0.0 || ^1.0.0'))).toBe(
      'Could not parse Range "~1.0.0": Could not parse comparator "~" in "~1.0.0"',
    );
  });

  it('never reaches groups after an empty one: a later match still panics', () => {
    const r = parseRange('>1.0.0 || || <0.5.0');
    expect(() => r.test(parseVersion('0.1.0'))).toThrow(RangePanicError);
    expect(describeRange(r)).toBe('>1.0.0 || (empty) || <0.5.0');
    expect(() => r.test(parseVersion('0.1.0'))).toThrow(/nil pointer dereference/);
  });
});

describe('rangeUpperBound / rangeLowerBound', () => {
  const fmt = (b: RangeBound | undefined) =>
    b === undefined ? undefined : `${b.inclusive ? 'inclusive' : 'exclusive'} ${formatVersion(b.version)}`;
  it.each([
    ['>=1.0.0 <2.0.0', 'exclusive 2.0.0', 'inclusive 1.0.0'],
    ['1.2.x', 'exclusive 1.3.0', 'inclusive 1.2.0'],
    ['==1.2.3', 'inclusive 1.2.3', 'inclusive 1.2.3'],
    ['>1.0.0 <3.0.0 <=2.0.0', 'inclusive 2.0.0', 'exclusive 1.0.0'],
    ['>1.0.0 <=2.0.0 <2.0.0', 'exclusive 2.0.0', 'exclusive 1.0.0'],
    ['<1.0.0 || <=1.0.0', 'inclusive 1.0.0', undefined],
    ['>=1.0.0 <1.5.0 || >=2.0.0 <2.5.0', 'exclusive 2.5.0', 'inclusive 1.0.0'],
    ['>1.0.0', undefined, 'exclusive 1.0.0'],
    ['<1.0.0 || >2.0.0', undefined, undefined],
    ['!=1.0.0', undefined, undefined],
    ['<4.15.0 >=4.15.0-0', 'exclusive 4.15.0', 'inclusive 4.15.0-0'],
    ['>1.0.0 <2.0.0 || || >5.0.0', 'exclusive 2.0.0', 'exclusive 1.0.0'],
  ])('%j → upper %s, lower %s', (range, upper, lower) => {
    const r = parseRange(range);
    expect(fmt(rangeUpperBound(r))).toBe(upper);
    expect(fmt(rangeLowerBound(r))).toBe(lower);
  });

  it('exposes the parsed comparators', () => {
    const r = parseRange('1.2.x || !2.0.0');
    expect(r.groups.map((g) => g.map((c) => [c.op, c.version.raw]))).toEqual([
      [
        ['>=', '1.2.0'],
        ['<', '1.3.0'],
      ],
      [['!=', '2.0.0']],
    ]);
  });
});
