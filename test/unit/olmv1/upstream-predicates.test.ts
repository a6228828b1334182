/**
 * operator-controller's bundle predicates and its dependency refusal, at
 * df2c201d70e83d02eae23597d604269fa1baf20a:
 * internal/operator-controller/catalogmetadata/filter/bundle_predicates_test.go (TestInSemverRange,
 * TestInAnyChannel), re-created as a ClusterExtension resolved against a catalog and read from the
 * preview's candidates (kept or not), and internal/operator-controller/resolve/validation_test.go
 * (TestNoDependencyValidation), asserting upstream's error text as `olmv1 eligibility` reports it.
 */
import { describe, expect, it } from 'vitest';
import { bundleEligibility, resolveClusterExtension } from '../../../src/core/olmv1';
import { ext, input } from './fixtures';

const pkgProp = (version: string) => ({
  type: 'olm.package',
  value: { packageName: 'package1', version },
});
const b = (name: string, version: string) => ({
  schema: 'olm.bundle',
  package: 'package1',
  name,
  image: `example.com/package1:${name}`,
  properties: [pkgProp(version)],
});
const kept = (p: ReturnType<typeof resolveClusterExtension>) =>
  Object.fromEntries(p.candidates.map((c) => [c.bundle, c.kept]));

describe('bundle_predicates_test.go', () => {
  it('TestInSemverRange', async () => {
    const catalog = await input('c', [
      { schema: 'olm.package', name: 'package1', defaultChannel: 'alpha' },
      {
        schema: 'olm.channel',
        package: 'package1',
        name: 'alpha',
        entries: [{ name: 'b1' }, { name: 'b2' }, { name: 'b3' }],
      },
      b('b1', '1.0.0'),
      b('b2', '0.0.1'),
      b('b3', 'broken'),
    ]);
    const p = resolveClusterExtension(ext([], '>=1.0.0', 'CatalogProvided', 'package1'), [catalog]);
    expect(kept(p)).toEqual({ b1: true, b2: false, b3: false });
    expect(p.resolved?.bundle).toBe('b1');
  });

  it('TestInAnyChannel', async () => {
    const catalog = await input('c', [
      { schema: 'olm.package', name: 'package1', defaultChannel: 'alpha' },
      {
        schema: 'olm.channel',
        package: 'package1',
        name: 'alpha',
        entries: [{ name: 'b1' }, { name: 'b2' }],
      },
      { schema: 'olm.channel', package: 'package1', name: 'stable', entries: [{ name: 'b1' }] },
      b('b1', '1.0.0'),
      b('b2', '2.0.0'),
      b('b3', '3.0.0'),
    ]);
    const alpha = resolveClusterExtension(ext(['alpha'], '', 'CatalogProvided', 'package1'), [catalog]);
    expect(kept(alpha)).toEqual({ b1: true, b2: true, b3: false });
    const stable = resolveClusterExtension(ext(['stable'], '', 'CatalogProvided', 'package1'), [catalog]);
    expect(kept(stable)).toEqual({ b1: true, b2: false, b3: false });
  });
});

describe('validation_test.go TestNoDependencyValidation', () => {
  const bundle = (pkg: string, extra?: string) => ({
    name: `fake-catalog/${pkg}/alpha/1.0.0`,
    package: pkg,
    properties: [
      { type: 'olm.package', value: { packageName: pkg, version: '1.0.0' } },
      // Upstream's value is not even JSON ("content-is-not-relevant"): only the property's type counts.
      ...(extra ? [{ type: extra, value: 'content-is-not-relevant' }] : []),
    ],
  });
  const cases: [string, ReturnType<typeof bundle>, string | undefined][] = [
    ['package with no dependencies', bundle('no-dependencies-package'), undefined],
    [
      'package with olm.package.required property',
      bundle('package-required-test', 'olm.package.required'),
      'bundle "fake-catalog/package-required-test/alpha/1.0.0" has a dependency declared via property "olm.package.required" which is currently not supported',
    ],
    [
      'package with olm.gvk.required property',
      bundle('gvk-required-test', 'olm.gvk.required'),
      'bundle "fake-catalog/gvk-required-test/alpha/1.0.0" has a dependency declared via property "olm.gvk.required" which is currently not supported',
    ],
    [
      'package with olm.constraint property',
      bundle('constraint-test', 'olm.constraint'),
      'bundle "fake-catalog/constraint-test/alpha/1.0.0" has a dependency declared via property "olm.constraint" which is currently not supported',
    ],
  ];
  for (const [name, b, wantErr] of cases)
    it(name, () => {
      const e = bundleEligibility(b);
      const refusals = e.reasons.filter((r) => !r.startsWith('unknown:'));
      expect(refusals).toEqual(wantErr ? [wantErr] : []);
      expect(e.eligible).toBe(wantErr ? false : null);
    });
});
