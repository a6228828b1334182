/**
 * operator-controller's resolver cases (internal/operator-controller/resolve/catalog_test.go at
 * df2c201d70e83d02eae23597d604269fa1baf20a), each re-created on our own catalogs and asserting
 * upstream's chosen bundle or error text.
 */
import { describe, expect, it } from 'vitest';
import { resolveClusterExtension, type CatalogInput } from '../../../src/core/olmv1';
import { bundle, bundleName, deprecation, ext, genPackage, input, PKG } from './fixtures';

/** Catalogs a and b empty, c holding the package: the shape most upstream cases use. */
async function abc(): Promise<CatalogInput[]> {
  return [await input('a', []), await input('b', []), await input('c', genPackage())];
}

const resolvedBundle = (p: ReturnType<typeof resolveClusterExtension>) => p.resolved?.bundle;

describe('operator-controller resolution cases', () => {
  it('TestInvalidClusterExtensionVersionRange', async () => {
    const p = resolveClusterExtension(ext([], 'foobar'), await abc());
    expect(p.error).toBe('desired version range "foobar" is invalid: improper constraint: "foobar"');
    expect(p.resolved).toBeNull();
  });

  it('TestErrorGettingPackage', () => {
    const bad: CatalogInput = {
      catalog: { name: 'a', labels: {}, priority: 0, availabilityMode: 'Available' },
      error: 'fake error',
    };
    const p = resolveClusterExtension(ext([], ''), [bad]);
    expect(p.error).toBe(
      `error walking catalogs: error getting package "${PKG}" from catalog "a": fake error`,
    );
  });

  it('TestPackageDoesNotExist', async () => {
    const p = resolveClusterExtension(ext([], ''), [
      await input('a', []),
      await input('b', []),
      await input('c', []),
    ]);
    expect(p.error).toBe(`no bundles found for package "${PKG}"`);
    // Nothing resolved and nothing from the catalog: every deprecation condition is Unknown.
    expect(p.conditions.map((c) => `${c.type}=${c.status}/${c.reason}`)).toEqual([
      'Deprecated=Unknown/DeprecationStatusUnknown',
      'PackageDeprecated=Unknown/DeprecationStatusUnknown',
      'ChannelDeprecated=Unknown/DeprecationStatusUnknown',
      'BundleDeprecated=Unknown/Absent',
    ]);
  });

  it('TestPackageExists', async () => {
    const p = resolveClusterExtension(ext([], ''), await abc());
    expect(p.error).toBeNull();
    expect(p.resolved).toEqual({
      package: PKG,
      bundle: bundleName(PKG, '3.0.0'),
      version: '3.0.0',
      channel: 'gamma',
    });
    expect(p.conditions[0]).toEqual({
      type: 'Deprecated',
      status: 'False',
      reason: 'NotDeprecated',
      message: 'not deprecated',
    });
  });

  it('TestValidationFailed (a dependency OLM v1 refuses)', async () => {
    const blobs = genPackage().map((b) =>
      (b as { name?: string }).name === bundleName(PKG, '3.0.0')
        ? bundle(PKG, '3.0.0', [
            { type: 'olm.package.required', value: { packageName: 'x', versionRange: '>=1' } },
          ])
        : b,
    );
    const p = resolveClusterExtension(ext([], ''), [await input('c', blobs)]);
    expect(p.error).toBe(
      `validating bundle "${bundleName(PKG, '3.0.0')}": bundle "${bundleName(PKG, '3.0.0')}" has a dependency declared via property "olm.package.required" which is currently not supported`,
    );
  });

  it('TestVersionDoesNotExist', async () => {
    expect(resolveClusterExtension(ext([], '4.0.0'), await abc()).error).toBe(
      `no bundles found for package "${PKG}" matching version "4.0.0"`,
    );
  });

  it('TestVersionExists', async () => {
    expect(resolvedBundle(resolveClusterExtension(ext([], '>=1.0.0 <2.0.0'), await abc()))).toBe(
      bundleName(PKG, '1.0.2'),
    );
  });

  it('TestChannelDoesNotExist', async () => {
    expect(resolveClusterExtension(ext(['stable'], ''), await abc()).error).toBe(
      `no bundles found for package "${PKG}" in channels [stable]`,
    );
  });

  it('TestChannelExists', async () => {
    const p = resolveClusterExtension(ext(['beta'], ''), await abc());
    expect(p.resolved).toMatchObject({ bundle: bundleName(PKG, '1.0.2'), channel: 'beta' });
  });

  it('TestChannelExistsButNotVersion', async () => {
    expect(resolveClusterExtension(ext(['beta'], '3.0.0'), await abc()).error).toBe(
      `no bundles found for package "${PKG}" matching version "3.0.0" in channels [beta]`,
    );
  });

  it('TestVersionExistsButNotChannel', async () => {
    expect(resolveClusterExtension(ext(['stable'], '1.0.0'), await abc()).error).toBe(
      `no bundles found for package "${PKG}" matching version "1.0.0" in channels [stable]`,
    );
  });

  it('TestChannelAndVersionExist', async () => {
    expect(resolvedBundle(resolveClusterExtension(ext(['alpha'], '0.1.0'), await abc()))).toBe(
      bundleName(PKG, '0.1.0'),
    );
  });

  it('TestPreferNonDeprecated', async () => {
    const p = resolveClusterExtension(ext([], '>=0.1.0 <=1.0.0'), await abc());
    expect(resolvedBundle(p)).toBe(bundleName(PKG, '0.1.0'));
    const dropped = p.candidates.find((c) => c.bundle === bundleName(PKG, '1.0.0'));
    expect(dropped).toMatchObject({
      kept: true,
      why: `catalog "c": deprecated; the non-deprecated ${bundleName(PKG, '0.1.0')} is preferred`,
    });
  });

  it('TestAcceptDeprecated', async () => {
    expect(resolvedBundle(resolveClusterExtension(ext([], '>=1.0.0 <=1.0.1'), await abc()))).toBe(
      bundleName(PKG, '1.0.1'),
    );
  });

  describe('TestPackageVariationsBetweenCatalogs', () => {
    const pkgBlob = { schema: 'olm.package', name: PKG };
    async function catalogs(): Promise<CatalogInput[]> {
      return [
        await input('a', []),
        await input('b', [pkgBlob, bundle(PKG, '1.0.0'), deprecation(PKG, ['1.0.0'])]),
        await input('c', [pkgBlob, bundle(PKG, '1.0.1'), deprecation(PKG, ['1.0.1'])]),
        await input('d', [pkgBlob, bundle(PKG, '1.0.2')]),
        await input('e', [pkgBlob, bundle(PKG, '1.0.3'), deprecation(PKG, ['1.0.3'])]),
        await input('f', [pkgBlob, bundle(PKG, '1.0.4'), bundle(PKG, '1.0.5')]),
      ];
    }
    it('deprecated in all but one catalog: the non-deprecated one', async () => {
      const p = resolveClusterExtension(ext([], '>=1.0.0 <=1.0.3'), await catalogs());
      expect(resolvedBundle(p)).toBe(bundleName(PKG, '1.0.2'));
      // The deprecation returned is none: the Deprecated condition is False.
      expect(p.conditions[0]?.status).toBe('False');
    });
    it('deprecated in several catalogs: no choice', async () => {
      const p = resolveClusterExtension(ext([], '>=1.0.0 <=1.0.1'), await catalogs());
      expect(p.error).toContain('in multiple catalogs with the same priority [b c]');
      expect(p.resolved).toBeNull();
    });
    it('not deprecated in several catalogs: no choice', async () => {
      const p = resolveClusterExtension(ext([], '>=1.0.0 <=1.0.4'), await catalogs());
      expect(p.error).toContain('in multiple catalogs with the same priority [d f]');
    });
    it('highest semver within one catalog', async () => {
      expect(resolvedBundle(resolveClusterExtension(ext([], '>=1.0.4 <=1.0.5'), await catalogs()))).toBe(
        bundleName(PKG, '1.0.5'),
      );
    });
  });

  it('TestUpgradeFoundLegacy: 0.1.0 upgrades to 1.0.2 through skipRange', async () => {
    const p = resolveClusterExtension(ext([], ''), await abc(), {
      name: bundleName(PKG, '0.1.0'),
      version: '0.1.0',
    });
    expect(resolvedBundle(p)).toBe(bundleName(PKG, '1.0.2'));
    expect(p.candidates.find((c) => c.bundle === bundleName(PKG, '3.0.0'))?.kept).toBe(false);
    expect(p.conditions.find((c) => c.type === 'BundleDeprecated')).toEqual({
      type: 'BundleDeprecated',
      status: 'False',
      reason: 'NotDeprecated',
      message: 'bundle not deprecated',
    });
  });

  it('TestUpgradeNotFoundLegacy', async () => {
    const p = resolveClusterExtension(ext([], '<1.0.0 >=2.0.0'), await abc(), {
      name: bundleName(PKG, '0.1.0'),
      version: '0.1.0',
    });
    expect(p.error).toBe(
      `error upgrading from currently installed version "0.1.0": no bundles found for package "${PKG}" matching version "<1.0.0 >=2.0.0"`,
    );
  });

  it('TestDowngradeFound: SelfCertified allows 1.0.2 → 0.1.0', async () => {
    const p = resolveClusterExtension(ext([], '<1.0.2', 'SelfCertified'), await abc(), {
      name: bundleName(PKG, '1.0.2'),
      version: '1.0.2',
    });
    expect(resolvedBundle(p)).toBe(bundleName(PKG, '0.1.0'));
  });

  it('TestDowngradeNotFound', async () => {
    const p = resolveClusterExtension(ext([], '>0.1.0 <1.0.0', 'SelfCertified'), await abc(), {
      name: bundleName(PKG, '1.0.2'),
      version: '1.0.2',
    });
    expect(p.error).toBe(
      `error upgrading from currently installed version "1.0.2": no bundles found for package "${PKG}" matching version ">0.1.0 <1.0.0"`,
    );
  });

  it('TestInvalidClusterExtensionCatalogMatchExpressions', async () => {
    const e = {
      ...ext([], ''),
      selector: { matchExpressions: [{ key: 'name', operator: 'bad', values: ['value'] }] },
    };
    expect(resolveClusterExtension(e, await abc()).error).toBe(
      'desired catalog selector is invalid: "bad" is not a valid label selector operator',
    );
  });

  it('TestInvalidClusterExtensionCatalogMatchLabelsName', async () => {
    const e = { ...ext([], ''), selector: { matchLabels: { '': 'value' } } };
    expect(resolveClusterExtension(e, await abc()).error).toContain(
      'desired catalog selector is invalid: key: Invalid value:',
    );
  });

  it('TestInvalidClusterExtensionCatalogMatchLabelsValue', async () => {
    const e = { ...ext([], ''), selector: { matchLabels: { name: '&value' } } };
    expect(resolveClusterExtension(e, await abc()).error).toContain(
      'desired catalog selector is invalid: values[0][name]: Invalid value:',
    );
  });

  it('an In expression without values, worded as apimachinery v0.36 renders it (ours)', async () => {
    const e = {
      ...ext([], ''),
      selector: { matchExpressions: [{ key: 'name', operator: 'In', values: [] }] },
    };
    expect(resolveClusterExtension(e, await abc()).error).toBe(
      "desired catalog selector is invalid: values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty",
    );
  });

  it('TestClusterExtensionMatchLabel / NoMatchLabel', async () => {
    const cats = [await input('a', []), await input('b', genPackage())];
    const sel = (name: string) => ({
      ...ext([], ''),
      selector: { matchLabels: { 'olm.operatorframework.io/metadata.name': name } },
    });
    expect(resolveClusterExtension(sel('b'), cats).error).toBeNull();
    const p = resolveClusterExtension(sel('a'), cats);
    expect(p.error).toContain(`no bundles found for package "${PKG}"`);
    expect(p.candidates.every((c) => !c.kept && c.why.includes('not selected'))).toBe(true);
  });

  it('TestUnequalPriority: the higher-priority catalog wins over a higher version', async () => {
    const one = (v: string) => [
      { schema: 'olm.package', name: PKG },
      { schema: 'olm.channel', package: PKG, name: 'alpha', entries: [{ name: bundleName(PKG, v) }] },
      bundle(PKG, v),
    ];
    const p = resolveClusterExtension(ext([], ''), [
      await input('a', one('1.0.0'), { priority: 1 }),
      await input('b', one('1.1.0')),
    ]);
    expect(p.resolved?.version).toBe('1.0.0');
    expect(p.candidates.find((c) => c.bundle === bundleName(PKG, '1.1.0'))?.why).toBe(
      `catalog "b": catalog priority 0 is below catalog "a"'s 1`,
    );
  });

  it('TestMultiplePriority', async () => {
    const p = resolveClusterExtension(ext([], '>=1.0.0 <=1.0.1'), [
      await input('a', genPackage(), { priority: 1 }),
      await input('b', genPackage(), { priority: 0 }),
      await input('c', genPackage(), { priority: 1 }),
    ]);
    // When the top two tie, upstream names every catalog that answered, the lower-priority b too.
    expect(p.error).toContain('in multiple catalogs with the same priority [a b c]');
  });

  it('TestMultipleChannels', async () => {
    expect(resolvedBundle(resolveClusterExtension(ext(['beta', 'alpha'], ''), await abc()))).toBe(
      bundleName(PKG, '2.0.0'),
    );
  });

  it('TestAllCatalogsDisabled / TestSomeCatalogsDisabled', async () => {
    const off = await input('x', genPackage(), { availabilityMode: 'Unavailable' });
    expect(resolveClusterExtension(ext([], '>=1.0.0'), [off]).error).toContain(
      'no bundles found for package',
    );
    const on = await input('enabledCatalog', genPackage(), { priority: 1 });
    const p = resolveClusterExtension(ext([], '>=1.0.0'), [
      on,
      { ...off, catalog: { ...off.catalog, name: 'disabledCatalog' } },
    ]);
    expect(p.resolved?.version).toBe('3.0.0');
  });
});
