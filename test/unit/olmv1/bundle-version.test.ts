/**
 * A bundle's version and release as OLM v1 reads them (operator-controller bundleutil/bundle_test.go
 * TestGetVersionAndRelease, legacy registry+v1 cases, at df2c201d70e83d02eae23597d604269fa1baf20a).
 */
import { describe, expect, it } from 'vitest';
import { parseLegacyVersionRelease } from '../../../src/core/olmv1';
import { formatVersion } from '../../../src/core/semver';

const read = (v: string) => {
  const vr = parseLegacyVersionRelease(v);
  return vr && { version: formatVersion(vr.version), release: vr.release };
};

describe('GetVersionAndRelease (legacy)', () => {
  it('build metadata that parses as a release is the release', () => {
    expect(read('1.0.0-pre+1.alpha.2')).toEqual({ version: '1.0.0-pre', release: '1.alpha.2' });
  });
  it('an invalid version is refused', () => {
    expect(read('abcd')).toBeUndefined();
  });
  it('build metadata with leading zeros is no release: it stays in the version', () => {
    expect(read('1.0.0+001')).toEqual({ version: '1.0.0+001', release: '' });
  });
});
