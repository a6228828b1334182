import { describe, expect, it } from 'vitest';
import {
  parseRange,
  parseVersion,
  RangePanicError,
  SemverError,
  tryParseRange,
  type BlangRange,
} from '../../../src/core/semver';

type Outcome = boolean | 'PANIC';
type Case =
  | { id: string; range: string; results: [version: string, outcome: Outcome][] }
  | { id: string; range: string; error: string };

function outcome(r: BlangRange, version: string): Outcome {
  try {
    return r.test(parseVersion(version));
  } catch (e) {
    if (e instanceof RangePanicError) return 'PANIC';
    throw e;
  }
}

function rangeError(range: string): string {
  try {
    parseRange(range);
  } catch (e) {
    expect(e).toBeInstanceOf(SemverError);
    return (e as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(range)} to be rejected`);
}

function check(c: Case): void {
  if ('error' in c) {
    expect(rangeError(c.range)).toBe(c.error);
    expect(tryParseRange(c.range)).toBeUndefined();
    return;
  }
  const r = parseRange(c.range);
  expect(r.raw).toBe(c.range);
  expect(c.results.map(([v]) => [v, outcome(r, v)])).toEqual(c.results);
}

// fbc-cases.md §H, every row, with its exact blang v4.0.0 result.
const H: Case[] = [
  {
    id: 'B01',
    range: '>1.2.3',
    results: [
      ['1.2.2', false],
      ['1.2.3', false],
      ['1.2.4', true],
    ],
  },
  {
    id: 'B03',
    range: '==1.2.3',
    results: [
      ['1.2.2', false],
      ['1.2.3', true],
    ],
  },
  {
    id: 'B05',
    range: '!1.2.3',
    results: [
      ['1.2.3', false],
      ['1.2.4', true],
    ],
  },
  {
    id: 'B07',
    range: '>1.2.2 <1.2.4 || >=2.0.0 <3.0.0',
    results: [
      ['1.2.3', true],
      ['1.2.4', false],
      ['2.9.9', true],
      ['3.0.0', false],
    ],
  },
  {
    id: 'B09',
    range: '>>1.2.3',
    error: 'Could not parse Range ">>1.2.3": Could not parse comparator ">>" in ">>1.2.3"',
  },
  { id: 'B11', range: 'string', error: 'Could not get version from string: "string"' },
  { id: 'B13', range: 'fo.ob.ar.x', error: 'Could not get version from string: "fo.ob.ar.x"' },
  {
    id: 'B15',
    range: '!=1.2.x',
    results: [
      ['1.1.0', false],
      ['1.2.5', false],
      ['1.3.0', false],
    ],
  },
  {
    id: 'B17',
    range: '>=1.0.0 <2.0.0',
    results: [
      ['1.5.0-alpha', true],
      ['2.0.0-rc1', true],
    ],
  },
  {
    id: 'B19',
    range: '>1.00.1',
    error:
      'Could not parse Range ">1.00.1": Could not parse version "1.00.1" in ">1.00.1": Minor number must not contain leading zeroes "00"',
  },
  {
    id: 'B21',
    range: '<0.6.1',
    results: [
      ['0.6.0', true],
      ['0.6.1-rc', true],
    ],
  },
  {
    id: 'B23',
    range: '1.0.0 - 2.0.0',
    results: [
      ['1.0.0', false],
      ['1.5.0', false],
      ['2.0.0', false],
    ],
  },
  { id: 'B25', range: '>=1.0.0 | <0.5.0', results: [['0.1.0', false]] },
  {
    id: 'B27',
    range: '>=1.0.0,<2.0.0',
    error:
      'Could not parse Range ">=1.0.0,<2.0.0": Could not parse version "1.0.0,<2.0.0" in ">=1.0.0,<2.0.0": Invalid character(s) found in patch number "0,<2.0.0"',
  },
  {
    id: 'B29',
    range: '^1.2.3',
    error: 'Could not parse Range "^1.2.3": Could not parse comparator "^" in "^1.2.3"',
  },
  {
    id: 'B31',
    range: '1.2.X',
    error:
      'Could not parse Range "1.2.X": Could not parse version "1.2.X" in "1.2.X": Invalid character(s) found in patch number "X"',
  },
  {
    id: 'B33',
    range: '>=1.0.0-xyz',
    results: [
      ['1.0.0-xyz', true],
      ['1.0.0', true],
    ],
  },
  {
    id: 'B35',
    range: '>1.0.0 || || <0.5.0',
    results: [
      ['2.0.0', true],
      ['0.6.0', 'PANIC'],
    ],
  },
  { id: 'B37', range: '>1.0.0 ||', error: "Last element in range is '||'" },
  {
    id: 'B39',
    range: 'x.1.2',
    results: [
      ['1.2.0', true],
      ['1.2.1', false],
    ],
  },
];

describe('blang range conformance (fbc-cases §H)', () => {
  it.each(H.map((c) => [c.id, c.range, c] as const))('%s %j', (_id, _range, c) => check(c));
});

// fbc-rules.md §6.3, the blang column of every row (several inputs per row are split out).
const T63: Case[] = [
  { id: 'prerelease inside a plain range', range: '>=1.0.0 <2.0.0', results: [['1.5.0-alpha', true]] },
  { id: 'prerelease of the upper bound', range: '>=1.0.0 <2.0.0', results: [['2.0.0-rc1', true]] },
  { id: 'prerelease lower bound', range: '>=1.0.0-rc.1 <2.0.0', results: [['1.5.0-beta', true]] },
  { id: 'prerelease below <', range: '<0.6.1', results: [['0.6.1-rc', true]] },
  { id: 'patch wildcard bound is <1.3.0', range: '1.2.x', results: [['1.3.0-rc1', true]] },
  { id: 'minor wildcard bound is <2.0.0', range: '1.x', results: [['2.0.0-rc1', true]] },
  { id: '1.x.x means <1.1.0', range: '1.x.x', results: [['1.1.0', false]] },
  { id: '!=', range: '!=1.2.3', results: [['1.2.4', true]] },
  { id: '!', range: '!1.2.3', results: [['1.2.4', true]] },
  {
    id: '!=1.2.x never matches',
    range: '!=1.2.x',
    results: [
      ['0.0.0', false],
      ['1.1.9', false],
      ['1.2.0', false],
      ['1.2.9', false],
      ['1.3.0', false],
      ['99.0.0', false],
    ],
  },
  { id: '==', range: '==1.2.3', results: [['1.2.3', true]] },
  { id: '"!" dropped', range: '! 1.0.0', results: [['1.0.0', true]] },
  { id: 'hyphen dropped', range: '1.0.0 - 2.0.0', results: [['1.5.0', false]] },
  { id: 'single pipe dropped', range: '>=1.0.0 | <0.5.0', results: [['0.1.0', false]] },
  {
    id: '|| needs spaces',
    range: '<1.0.0||>2.0.0',
    error:
      'Could not parse Range "<1.0.0||>2.0.0": Could not parse version "1.0.0||>2.0.0" in "<1.0.0||>2.0.0": Invalid character(s) found in patch number "0||>2.0.0"',
  },
  {
    id: 'comma',
    range: '>=1.0.0,<2.0.0',
    error:
      'Could not parse Range ">=1.0.0,<2.0.0": Could not parse version "1.0.0,<2.0.0" in ">=1.0.0,<2.0.0": Invalid character(s) found in patch number "0,<2.0.0"',
  },
  {
    id: 'tilde',
    range: '~1.2.3',
    error: 'Could not parse Range "~1.2.3": Could not parse comparator "~" in "~1.2.3"',
  },
  {
    id: 'caret',
    range: '^1.2.3',
    error: 'Could not parse Range "^1.2.3": Could not parse comparator "^" in "^1.2.3"',
  },
  {
    id: 'v prefix after operator',
    range: '>=v1.0.0',
    error: 'Could not parse Range ">=v1.0.0": Could not parse comparator ">=v" in ">=v1.0.0"',
  },
  {
    id: 'v prefix',
    range: 'v1.0.0',
    error: 'Could not parse Range "v1.0.0": Could not parse comparator "v" in "v1.0.0"',
  },
  {
    id: 'v prefix after >',
    range: '>v0.1.0',
    error: 'Could not parse Range ">v0.1.0": Could not parse comparator ">v" in ">v0.1.0"',
  },
  {
    id: 'leading zero',
    range: '>1.00.1',
    error:
      'Could not parse Range ">1.00.1": Could not parse version "1.00.1" in ">1.00.1": Minor number must not contain leading zeroes "00"',
  },
  { id: 'empty', range: '', error: "Last element in range is '||'" },
  { id: 'star', range: '*', error: "Last element in range is '||'" },
  { id: 'bare x', range: 'x', error: "Last element in range is '||'" },
  { id: 'bare <', range: '<', error: "Last element in range is '||'" },
  { id: 'bare ||', range: '||', error: "First element in range is '||'" },
  {
    id: 'partial version',
    range: '1.2',
    error:
      'Could not parse Range "1.2": Could not parse version "1.2" in "1.2": No Major.Minor.Patch elements found',
  },
  {
    id: 'partial version after >=',
    range: '>=1.2',
    error:
      'Could not parse Range ">=1.2": Could not parse version "1.2" in ">=1.2": No Major.Minor.Patch elements found',
  },
  {
    id: 'uppercase X',
    range: '1.2.X',
    error:
      'Could not parse Range "1.2.X": Could not parse version "1.2.X" in "1.2.X": Invalid character(s) found in patch number "X"',
  },
  { id: 'x inside the prerelease', range: '1.0.0-xyz', error: 'Could not get version from string: "<"' },
  { id: 'x inside <= prerelease', range: '<=1.0.0-x1', error: 'Could not get version from string: "<"' },
  { id: 'x inside build of !=', range: '!=1.0.0+linux', error: 'Could not get version from string: ">="' },
  { id: '1.x.0 is not a wildcard', range: '1.x.0', error: 'Could not get version from string: "<"' },
  { id: 'empty OR group', range: '>1.0.0 || || <0.5.0', results: [['0.6.0', 'PANIC']] },
  {
    id: 'tab is not a separator',
    range: '>=1.0.0\t<2.0.0',
    error:
      'Could not parse Range ">=1.0.0\\t<2.0.0": Could not parse version "1.0.0\\t<2.0.0" in ">=1.0.0\\t<2.0.0": Invalid character(s) found in patch number "0\\t<2.0.0"',
  },
  { id: 'trailing x dropped', range: '>=1.0.0 <2.0.0 x', results: [['1.5.0', true]] },
  { id: 'one-letter token dropped', range: '>1.2.3 a', results: [['1.3.0', true]] },
  { id: 'trailing ! dropped', range: '1.2.3 !', results: [['1.2.3', true]] },
  { id: 'x. operator dropped', range: 'x.1.2', results: [['1.2.0', true]] },
  { id: 'build ignored', range: '>=1.0.0+build.1 <=1.0.0', results: [['1.0.0+zzz', true]] },
  { id: '-0 bound', range: '<2.0.0-0', results: [['1.9.9-rc', true]] },
];

describe('blang column of the npm comparison table (fbc-rules §6.3)', () => {
  it.each(T63.map((c) => [c.id, c.range, c] as const))('%s: %j', (_id, _range, c) => check(c));
});

describe('the G-cases that carry a skipRange', () => {
  it('G13 accepts ">=1.0.0 <2.0.0"', () => {
    expect(tryParseRange('>=1.0.0 <2.0.0')).toBeDefined();
  });
  it('G17 rejects "~1.0.0" with the text opm prints after `invalid skipRange "~1.0.0": `', () => {
    expect(rangeError('~1.0.0')).toBe(
      'Could not parse Range "~1.0.0": Could not parse comparator "~" in "~1.0.0"',
    );
  });
});
