/**
 * Catalogs for the OLM v1 resolution cases, written from what operator-controller's
 * resolve/catalog_test.go builds (genPackage, genBundle, packageDeprecation): the same package
 * shape, so each case can assert upstream's chosen bundle and error text.
 */
import type { DeclarativeConfig } from '../../../src/core/declcfg/types';
import { loadCatalog } from '../../../src/core/load';
import { MemorySource } from '../../../src/core/source/memory';
import type { CatalogInput, ClusterCatalogSpec, ClusterExtensionSpec } from '../../../src/core/olmv1';

export const PKG = 'pkg-fixt1';
export const bundleName = (pkg: string, v: string) => `${pkg}.v${v}`;

export function bundle(pkg: string, version: string, extra: object[] = []): object {
  return {
    schema: 'olm.bundle',
    package: pkg,
    name: bundleName(pkg, version),
    image: `example.com/${pkg}:${version}`,
    properties: [{ type: 'olm.package', value: { packageName: pkg, version } }, ...extra],
  };
}

export function deprecation(pkg: string, versions: string[]): object {
  return {
    schema: 'olm.deprecations',
    package: pkg,
    entries: versions.map((v) => ({
      reference: { schema: 'olm.bundle', name: bundleName(pkg, v) },
      message: `bundle ${bundleName(pkg, v)} is deprecated`,
    })),
  };
}

const entry = (pkg: string, v: string, skipRange?: string) => ({
  name: bundleName(pkg, v),
  ...(skipRange ? { skipRange } : {}),
});

/** genPackage: channels alpha, beta, gamma; 1.0.0 and 1.0.1 deprecated. */
export function genPackage(pkg = PKG): object[] {
  return [
    { schema: 'olm.package', name: pkg, defaultChannel: 'alpha' },
    {
      schema: 'olm.channel',
      package: pkg,
      name: 'alpha',
      entries: [
        entry(pkg, '0.1.0'),
        entry(pkg, '1.0.0', '<1.0.0'),
        entry(pkg, '1.0.1', '<1.0.1'),
        entry(pkg, '1.0.2', '<1.0.2'),
        entry(pkg, '2.0.0', '>=1.0.0 <2.0.0'),
      ],
    },
    {
      schema: 'olm.channel',
      package: pkg,
      name: 'beta',
      entries: [entry(pkg, '0.1.0'), entry(pkg, '1.0.2', '<1.0.2')],
    },
    { schema: 'olm.channel', package: pkg, name: 'gamma', entries: [entry(pkg, '3.0.0', '>=2.0.0 <3.0.0')] },
    ...['0.1.0', '1.0.0', '1.0.1', '1.0.2', '2.0.0', '3.0.0'].map((v) => bundle(pkg, v)),
    deprecation(pkg, ['1.0.0', '1.0.1']),
  ];
}

/** A catalog of blobs, read through our loader as the CLI and app read one. */
export async function catalogOf(blobs: object[]): Promise<DeclarativeConfig> {
  const text = blobs.map((b) => JSON.stringify(b)).join('\n');
  return (await loadCatalog(new MemorySource({ 'catalog.json': text }))).dc;
}

export async function input(
  name: string,
  blobs: object[],
  spec: Partial<ClusterCatalogSpec> = {},
): Promise<CatalogInput> {
  return {
    catalog: {
      name,
      labels: { 'olm.operatorframework.io/metadata.name': name },
      priority: 0,
      availabilityMode: 'Available',
      ...spec,
    },
    dc: await catalogOf(blobs),
  };
}

/** buildFooClusterExtension. */
export function ext(
  channels: string[],
  version: string,
  policy: 'CatalogProvided' | 'SelfCertified' = 'CatalogProvided',
  pkg = PKG,
): ClusterExtensionSpec {
  return {
    name: 'foo',
    namespace: 'foo',
    packageName: pkg,
    channels,
    version,
    upgradeConstraintPolicy: policy,
  };
}
