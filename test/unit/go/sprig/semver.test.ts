/**
 * Port of Masterminds/sprig v3.3.0 semver_test.go: TestSemverCompare (3 cases).
 *
 * Left out: TestSemver (5 cases). `semver` returns a *semver.Version whose fields and methods
 * templates use (`$s.Major`, `.Compare`); the value model has no such values, so `semver` is in
 * SPRIG_NOT_PORTED.
 */
import { describe, expect, it } from 'vitest';
import { callError, f, run } from './helpers';

describe('semver_test.go', () => {
  it.each([
    ['1.2.3', '1.2.3', 'true'],
    ['^1.2.0', '1.2.3', 'true'],
    ['^1.2.0', '2.2.3', 'false'],
  ])('TestSemverCompare %s %s', (c, v, want) => {
    expect(run(f.semverCompare, c, v)).toBe(want);
  });
});

describe('beyond upstream: Masterminds/semver v3.3.0 rules (expected values from sprig v3.3.0)', () => {
  it.each([
    ['~1.2.0', '1.2.9', 'true'],
    ['~1.2.0', '1.3.0', 'false'],
    ['1.x', '1.9.9', 'true'],
    ['>= 1.2, < 2', '1.5.0', 'true'],
    ['>1.0 <2.0', '2.0.0', 'false'],
    ['1.0 - 2.0', '2.0.0', 'true'],
    ['1.2 - 1.4.5', '1.4.6', 'false'],
    ['>=1.2.3 || <1.0', '0.9.0', 'true'],
    ['^0.2.3', '0.3.0', 'false'],
    ['^0.0.3', '0.0.3', 'true'],
    ['^0.0.3', '0.0.4', 'false'],
    ['!=1.x', '1.2.3', 'false'],
    ['>1.x', '2.0.0', 'true'],
    ['>=1.2.3', '1.2.4-beta', 'false'],
    ['>=1.2.3-0', '1.2.4-beta', 'true'],
    ['^1.2.3-beta', '1.2.3-beta.2', 'true'],
    ['*', '1.2.3', 'true'],
    ['1.2.3', 'v1.2.3+meta', 'true'],
    ['=1.2', '1.2.7', 'true'],
  ])('semverCompare %j %j', (c, v, want) => {
    expect(run(f.semverCompare, c, v)).toBe(want);
  });

  it.each([
    ['foo', '1.2.3', 'improper constraint: foo'],
    ['', '1.2.3', 'improper constraint: '],
    ['1.2.3 ||', '1.2.3', 'improper constraint: '],
    ['1|2', '1.2.3', 'constraint Parser Error'],
    ['1.2.3', 'x', 'Invalid Semantic Version'],
    ['1.2.3', '1.2.3-01', 'Version segment starts with 0'],
    ['1.2.3', '1.2.3-a..b', 'Invalid Semantic Version'],
    [
      '1.2.3',
      '99999999999999999999.0.0',
      'Error parsing version segment: strconv.ParseUint: parsing "99999999999999999999": value out of range',
    ],
  ])('semverCompare %j %j fails with Go text', (c, v, message) => {
    expect(callError(f.semverCompare, c, v)).toBe(message);
  });
});
