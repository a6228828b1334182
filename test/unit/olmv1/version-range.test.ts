/** ClusterExtension version ranges: operator-controller's compare_test.go TestNewVersionRange cases, and Masterminds' prerelease rule. */
import { describe, expect, it } from 'vitest';
import { parseVersionRange } from '../../../src/core/olmv1';
import { parseVersion } from '../../../src/core/semver';

function matches(range: string, version: string): boolean {
  const r = parseVersionRange(range);
  if ('error' in r) throw new Error(r.error);
  return r.test(parseVersion(version));
}

describe('NewVersionRange', () => {
  it.each([
    ['1.0.0+1', '1.0.0', true],
    ['1.0.0+1', '1.0.0+2', true],
    ['1.0.0+1', '1.0.0+1', true],
    ['1.0.0', '1.0.0', true],
    ['1.0.0', '1.0.0+1', true],
    ['>=2.0.0', '1.0.0', false],
    ['~1.2', '1.2.9', true],
    ['^1.2.0', '2.0.0', false],
    ['>=1.0.0, <2.0.0 || 3.x', '3.4.0', true],
    ['>=1.0.0', '1.5.0-rc.1', false],
    ['>=1.5.0-0', '1.5.0-rc.1', true],
  ])('%s against %s → %s', (range, version, want) => {
    expect(matches(range, version)).toBe(want);
  });

  it('rejects what Masterminds rejects, in its words', () => {
    expect(parseVersionRange('not-a-valid-version')).toEqual({
      error: 'improper constraint: "not-a-valid-version"',
    });
  });
});
