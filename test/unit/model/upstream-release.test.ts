/**
 * Ports operator-registry's TestNewRelease (alpha/model/versionrelease_test.go at 4f9d6f22, last
 * changed in e514cfd6): which `release` values of an olm.package property opm accepts. Each case is
 * a catalog whose one bundle has that release (named `<package>-v<version>-<release>`, the name opm
 * requires with a release): a valid release validates, an invalid one fails with
 * ConvertToModel's `error parsing bundle … release version …` holding upstream's text.
 *
 * Left out, with why: TestVersionRelease_MarshalJSON, _UnmarshalJSON, _MarshalUnmarshalRoundTrip and
 * _KubernetesSafeString test the Go `VersionRelease` type's JSON form and a name helper nothing in
 * opm's commands calls; no catalog or output of ours goes through them.
 */
import { describe, expect, it } from 'vitest';
import {
  newTestBundle,
  newTestChannel,
  newTestPackage,
  opmMessage,
  packageProperty,
  svgSmallCircle,
} from './upstream-declcfg';

/** `errMsg` '' means upstream only asserts that there is an error. */
const cases: { name: string; input: string; errMsg?: string }[] = [
  { name: 'empty string', input: '' },
  { name: 'single alphanumeric segment', input: 'alpha' },
  { name: 'single numeric segment', input: '1' },
  { name: 'multiple segments', input: 'alpha.1.beta.2' },
  { name: 'hyphens allowed', input: 'rc-1.beta-2' },
  { name: 'max length 20 characters', input: '12345678901234567890' },
  {
    name: 'exceeds max length',
    input: '123456789012345678901',
    errMsg: 'exceeds maximum length of 20 characters',
  },
  {
    name: 'leading zeros in numeric segment',
    input: '01',
    errMsg: 'Numeric PreRelease version must not contain leading zeroes',
  },
  {
    name: 'leading zeros in multiple digit numeric segment',
    input: '001',
    errMsg: 'Numeric PreRelease version must not contain leading zeroes',
  },
  { name: 'zero without leading zeros is valid', input: '0' },
  { name: 'alphanumeric starting with zero is valid', input: '0alpha' },
  { name: 'invalid characters', input: 'alpha_beta', errMsg: 'Invalid character' },
];

function withRelease(release: string) {
  const name = release === '' ? 'foo.v0.1.0' : `foo-v0.1.0-${release}`;
  return [
    newTestPackage('foo', 'alpha', svgSmallCircle),
    newTestChannel('foo', 'alpha', { name }),
    newTestBundle('foo', '0.1.0', (b) => {
      b.name = name;
      b.properties = [packageProperty('foo', '0.1.0', release)];
    }),
  ];
}

describe('upstream TestNewRelease: a bundle with that release', () => {
  for (const c of cases) {
    it(c.name, () => {
      const message = opmMessage(...withRelease(c.input));
      if (c.errMsg === undefined) {
        expect(message).toBeNull();
      } else {
        expect(message).toMatch(
          /^error parsing bundle "foo-v0\.1\.0-[^"]*" release version "[^"]*": invalid release /,
        );
        expect(message).toContain(c.errMsg);
      }
    });
  }
});
