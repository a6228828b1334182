import { describe, expect, it } from 'vitest';
import { compareOcpVersions, ocpVersionOf } from '../../../src/core/workspace';

describe('the OpenShift version in a catalog path', () => {
  it.each([
    ['v4.16/catalog', '4.16'],
    ['catalogs/v4.16', '4.16'],
    ['catalog-4-16', '4.16'],
    ['catalog/mtv-v4.16', '4.16'],
    ['catalog/4.9', '4.9'],
    ['v5.0/catalog', '5.0'],
    ['operators/foo/catalog-templates/v4.12.yaml', '4.12'],
  ])('%s → %s', (path, v) => {
    expect(ocpVersionOf(path)).toBe(v);
  });

  it.each([
    ['.'],
    ['catalog'],
    ['testdata/images/catalogs/test-catalog/v1/configs'],
    ['alpha/action/testdata/foo-index-v0.2.0-declcfg'],
    ['bundles/foo-v0.4.16'],
  ])('%s names none', (path) => {
    expect(ocpVersionOf(path)).toBeNull();
  });

  it('orders numerically', () => {
    expect(['4.10', '5.0', '4.9'].sort(compareOcpVersions)).toEqual(['4.9', '4.10', '5.0']);
  });
});
