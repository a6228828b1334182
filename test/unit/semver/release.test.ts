import { describe, expect, it } from 'vitest';
import {
  compareReleases,
  formatRelease,
  parseRelease,
  RELEASE_MAX_LENGTH,
  SemverError,
  validateRelease,
} from '../../../src/core/semver';

function releaseError(release: string): string | undefined {
  try {
    validateRelease(release);
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(SemverError);
    return (e as Error).message;
  }
}

describe('validateRelease (R33, operator-registry NewRelease)', () => {
  it('D25: "!!!"', () => {
    expect(releaseError('!!!')).toBe(
      'invalid release "!!!": segment 0: Invalid character(s) found in prerelease "!!!"',
    );
  });

  it('D27: "alpha.1.0.0" is valid', () => {
    expect(releaseError('alpha.1.0.0')).toBeUndefined();
  });

  it('accepts no release at all', () => {
    expect(releaseError('')).toBeUndefined();
    expect(parseRelease('')).toEqual([]);
  });

  it.each([
    [
      '01',
      'invalid release "01": segment 0: Numeric PreRelease version must not contain leading zeroes "01"',
    ],
    ['1.', 'invalid release "1.": segment 1: Prerelease is empty'],
    ['.', 'invalid release ".": segment 0: Prerelease is empty\nsegment 1: Prerelease is empty'],
    [
      'a..b.!',
      'invalid release "a..b.!": segment 1: Prerelease is empty\nsegment 3: Invalid character(s) found in prerelease "!"',
    ],
    [
      '01.ok.x_y',
      'invalid release "01.ok.x_y": segment 0: Numeric PreRelease version must not contain leading zeroes "01"\n' +
        'segment 2: Invalid character(s) found in prerelease "x_y"',
    ],
    [
      '99999999999999999999',
      'invalid release "99999999999999999999": segment 0: strconv.ParseUint: parsing "99999999999999999999": value out of range',
    ],
    ['a+b', 'invalid release "a+b": segment 0: Invalid character(s) found in prerelease "a+b"'],
  ])('reports every bad segment: %j', (release, message) => {
    expect(releaseError(release)).toBe(message);
    expect(() => parseRelease(release)).toThrow(SemverError);
  });

  it('limits the length to 20 bytes (Go len), checked before the segments', () => {
    expect(RELEASE_MAX_LENGTH).toBe(20);
    expect(releaseError('a'.repeat(20))).toBeUndefined();
    expect(releaseError('a'.repeat(21))).toBe(
      `invalid release "${'a'.repeat(21)}": exceeds maximum length of 20 characters`,
    );
    expect(releaseError('!'.repeat(21))).toBe(
      `invalid release "${'!'.repeat(21)}": exceeds maximum length of 20 characters`,
    );
    // Ten 'é' are 10 UTF-16 units but 20 bytes; eleven are 22 bytes.
    expect(releaseError('é'.repeat(10))).toBe(
      `invalid release "${'é'.repeat(10)}": segment 0: Invalid character(s) found in prerelease "${'é'.repeat(10)}"`,
    );
    expect(releaseError('é'.repeat(11))).toBe(
      `invalid release "${'é'.repeat(11)}": exceeds maximum length of 20 characters`,
    );
  });
});

describe('parseRelease / formatRelease / compareReleases', () => {
  it('parses segments like prerelease identifiers and prints them back', () => {
    const ids = parseRelease('alpha.1.0.0');
    expect(ids).toEqual([{ str: 'alpha' }, { num: 1 }, { num: 0 }, { num: 0 }]);
    expect(formatRelease(ids)).toBe('alpha.1.0.0');
  });

  it('orders no release first, then numerically / bytewise, shorter prefix first', () => {
    const sorted = ['', '1', '1.0', '2', '10', '10.a', 'A', 'a', 'alpha', 'alpha.1', 'alpha.beta', 'beta'];
    const shuffled = [...sorted].reverse();
    expect(shuffled.sort(compareReleases)).toEqual(sorted);
  });
});
