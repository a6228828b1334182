import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  compareVersionsWithRelease,
  formatVersion,
  parseVersion,
  SemverError,
  tryParseVersion,
  type Version,
} from '../../../src/core/semver';

function parseError(s: string): string {
  try {
    parseVersion(s);
  } catch (e) {
    expect(e).toBeInstanceOf(SemverError);
    return (e as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(s)} to be rejected`);
}

describe('parseVersion: blang Parse error texts (fbc-rules §6.1)', () => {
  it.each([
    ['', 'Version string empty'],
    ['1', 'No Major.Minor.Patch elements found'],
    ['1.0', 'No Major.Minor.Patch elements found'],
    ['a.0.0', 'Invalid character(s) found in major number "a"'],
    ['v1.0.0', 'Invalid character(s) found in major number "v1"'],
    [' 1.0.0', 'Invalid character(s) found in major number " 1"'],
    ['1.b.0', 'Invalid character(s) found in minor number "b"'],
    ['1.0.c', 'Invalid character(s) found in patch number "c"'],
    ['1.0.0 ', 'Invalid character(s) found in patch number "0 "'],
    ['0.1.0.1', 'Invalid character(s) found in patch number "0.1"'],
    ['1.2.x', 'Invalid character(s) found in patch number "x"'],
    ['01.0.0', 'Major number must not contain leading zeroes "01"'],
    ['1.00.0', 'Minor number must not contain leading zeroes "00"'],
    ['1.0.01', 'Patch number must not contain leading zeroes "01"'],
    ['1.0.0-', 'Prerelease is empty'],
    ['1.0.0-a..b', 'Prerelease is empty'],
    ['1.0.0-01', 'Numeric PreRelease version must not contain leading zeroes "01"'],
    ['1.0.0-a_b', 'Invalid character(s) found in prerelease "a_b"'],
    ['1.0.0+', 'Build meta data is empty'],
    ['1.0.0+a..b', 'Build meta data is empty'],
    ['1.0.0+a_b', 'Invalid character(s) found in build meta data "a_b"'],
    ['1.0.0+a+b', 'Invalid character(s) found in build meta data "a+b"'],
    ['1..0', 'strconv.ParseUint: parsing "": invalid syntax'],
    ['.1.0', 'strconv.ParseUint: parsing "": invalid syntax'],
    ['1.0.-rc', 'strconv.ParseUint: parsing "": invalid syntax'],
    ['18446744073709551616.0.0', 'strconv.ParseUint: parsing "18446744073709551616": value out of range'],
    ['1.0.0-18446744073709551616', 'strconv.ParseUint: parsing "18446744073709551616": value out of range'],
    // Go's %q escapes non-printable characters.
    ['1.0.0\t', 'Invalid character(s) found in patch number "0\\t"'],
    ['1.0.0-\u00a0', 'Invalid character(s) found in prerelease "\\u00a0"'],
    ['1.0.0-é', 'Invalid character(s) found in prerelease "é"'],
  ])('%j → %s', (input, message) => {
    expect(parseError(input)).toBe(message);
    expect(tryParseVersion(input)).toBeUndefined();
  });

  it('checks the prerelease before the build metadata, and the patch before both', () => {
    expect(parseError('1.0.0-a_b+c_d')).toBe('Invalid character(s) found in prerelease "a_b"');
    expect(parseError('1.0.x-a_b+c_d')).toBe('Invalid character(s) found in patch number "x"');
  });
});

describe('parseVersion: accepted versions', () => {
  it('splits major, minor, patch, prerelease and build', () => {
    const v = parseVersion('1.22.333-alpha.1.x-y+build.007.z');
    expect(v).toMatchObject({
      major: 1,
      minor: 22,
      patch: 333,
      pre: [{ str: 'alpha' }, { num: 1 }, { str: 'x-y' }],
      build: ['build', '007', 'z'],
      raw: '1.22.333-alpha.1.x-y+build.007.z',
    });
    expect(v.exact).toBeUndefined();
  });

  it('allows a hyphen inside the prerelease and build metadata with leading zeros', () => {
    expect(formatVersion(parseVersion('1.0.0-rc-1--x'))).toBe('1.0.0-rc-1--x');
    expect(parseVersion('1.0.0+001').build).toEqual(['001']);
  });

  it('keeps uint64 numbers exact (bigint beyond 2^53)', () => {
    const v = parseVersion('18446744073709551615.9007199254740993.0-9007199254740993+b');
    expect(v.exact).toEqual({ major: 18446744073709551615n, minor: 9007199254740993n, patch: 0n });
    expect(v.pre).toEqual([{ num: 9007199254740993n }]);
    expect(formatVersion(v)).toBe('18446744073709551615.9007199254740993.0-9007199254740993+b');
    expect(parseVersion('9007199254740991.0.0').exact).toBeUndefined();
    expect(parseVersion('1.0.0-9007199254740991').pre).toEqual([{ num: 9007199254740991 }]);
  });
});

describe('compareVersions: SemVer 2.0 precedence, as blang Compare', () => {
  const v = parseVersion;

  it('orders the SemVer 2.0 specification example chain', () => {
    const chain = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.1.0',
      '2.0.0',
      '10.0.0',
    ];
    for (let i = 0; i + 1 < chain.length; i++) {
      expect(compareVersions(v(chain[i]!), v(chain[i + 1]!))).toBe(-1);
      expect(compareVersions(v(chain[i + 1]!), v(chain[i]!))).toBe(1);
    }
  });

  it('ignores build metadata', () => {
    expect(compareVersions(v('1.0.0+a'), v('1.0.0+b'))).toBe(0);
    expect(compareVersions(v('1.0.0-rc.1+a'), v('1.0.0-rc.1'))).toBe(0);
  });

  it('sorts a prerelease used as a build number below the release (peers §4 #8)', () => {
    expect(compareVersions(v('1.34.1-5'), v('1.34.1'))).toBe(-1);
  });

  it('compares alphanumeric identifiers bytewise (uppercase before lowercase)', () => {
    expect(compareVersions(v('1.0.0-Z'), v('1.0.0-a'))).toBe(-1);
    expect(compareVersions(v('1.0.0-1'), v('1.0.0-a'))).toBe(-1);
    expect(compareVersions(v('1.0.0-10'), v('1.0.0-9'))).toBe(1);
  });

  it('compares numbers above 2^53 exactly', () => {
    expect(compareVersions(v('9007199254740993.0.0'), v('9007199254740992.0.0'))).toBe(1);
    expect(compareVersions(v('9007199254740992.0.0'), v('9007199254740993.0.0'))).toBe(-1);
    expect(compareVersions(v('18446744073709551615.0.0'), v('1.0.0'))).toBe(1);
    expect(compareVersions(v('1.0.0-18446744073709551615'), v('1.0.0-18446744073709551614'))).toBe(1);
    expect(compareVersions(v('1.0.0-9007199254740993'), v('1.0.0-5'))).toBe(1);
  });

  it('accepts hand-built versions without `exact`', () => {
    const built: Version = { major: 1, minor: 2, patch: 3, pre: [], build: [], raw: '' };
    expect(compareVersions(built, v('1.2.3+x'))).toBe(0);
    expect(compareVersions(built, v('18446744073709551615.0.0'))).toBe(-1);
    expect(formatVersion({ ...built, pre: [{ str: 'rc' }, { num: 1 }], build: ['b'] })).toBe('1.2.3-rc.1+b');
  });
});

describe('compareVersionsWithRelease (operator-registry VersionRelease.Compare)', () => {
  const v = parseVersion;
  it('compares versions first, then releases', () => {
    expect(compareVersionsWithRelease(v('1.0.1'), '', v('1.0.0'), '5')).toBe(1);
    expect(compareVersionsWithRelease(v('1.0.0'), '2', v('1.0.0'), '10')).toBe(-1);
    expect(compareVersionsWithRelease(v('1.0.0+a'), '1', v('1.0.0+b'), '1')).toBe(0);
  });

  it('sorts no release below any release', () => {
    expect(compareVersionsWithRelease(v('1.0.0'), '', v('1.0.0'), '0')).toBe(-1);
    expect(compareVersionsWithRelease(v('1.0.0'), 'alpha', v('1.0.0'), '')).toBe(1);
    expect(compareVersionsWithRelease(v('1.0.0'), '', v('1.0.0'), '')).toBe(0);
  });

  it('compares release segments like prerelease identifiers', () => {
    expect(compareVersionsWithRelease(v('1.0.0'), '1', v('1.0.0'), 'a')).toBe(-1);
    expect(compareVersionsWithRelease(v('1.0.0'), 'alpha.1', v('1.0.0'), 'alpha.1.0')).toBe(-1);
    expect(compareVersionsWithRelease(v('1.0.0'), 'beta', v('1.0.0'), 'alpha.9')).toBe(1);
  });
});
