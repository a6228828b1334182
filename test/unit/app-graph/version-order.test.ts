import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDisplayVersions } from '../../../src/app/graph/version-order';
import { compareVersions, tryParseVersion } from '../../../src/core/semver';

/** The order the UI must show: the core blang port's, with unparsable text first (by text). */
function reference(a: string, b: string): number {
  const pa = a ? tryParseVersion(a) : undefined;
  const pb = b ? tryParseVersion(b) : undefined;
  if (pa && pb) return compareVersions(pa, pb);
  if (pa) return 1;
  if (pb) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

const num = fc.oneof(
  fc.constantFrom('0', '1', '2', '9', '10', '01', '00', '18446744073709551615', '18446744073709551616'),
  fc.nat({ max: 30 }).map(String),
  fc.stringMatching(/^[0-9]{1,22}$/),
);
const id = fc.oneof(num, fc.constantFrom('alpha', 'beta', 'rc', 'a-b', 'A', 'x1', '-', ''));
const versionish = fc
  .tuple(
    num,
    num,
    num,
    fc.option(fc.array(id, { minLength: 1, maxLength: 3 })),
    fc.option(fc.array(id, { minLength: 1, maxLength: 2 })),
  )
  .map(
    ([a, b, c, pre, build]) =>
      `${a}.${b}.${c}${pre ? `-${pre.join('.')}` : ''}${build ? `+${build.join('.')}` : ''}`,
  );
const anyText = fc.oneof(versionish, fc.stringMatching(/^[0-9a-z.+-]{0,12}$/), fc.constant(''));

describe('compareDisplayVersions (UI ordering of bundle versions)', () => {
  it('orders releases, prereleases and build metadata as blang does', () => {
    const sorted = [
      'not-a-version',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.2.0',
      '1.10.0',
      '18446744073709551615.0.0',
    ];
    const shuffled = [...sorted].reverse();
    expect(shuffled.sort(compareDisplayVersions)).toEqual(sorted);
    expect(compareDisplayVersions('1.0.0+build.5', '1.0.0')).toBe(0);
    // Not versions to blang: leading zeros, overflow, empty identifiers.
    for (const bad of ['01.0.0', '1.0.0-01', '18446744073709551616.0.0', '1.0.0-a..b', '1.0.0+'])
      expect(compareDisplayVersions(bad, '0.0.0')).toBe(-1);
  });

  it('agrees with the core blang port on any pair of strings', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(Math.sign(compareDisplayVersions(a, b))).toBe(Math.sign(reference(a, b)));
      }),
      { numRuns: 5000 },
    );
  });
});
