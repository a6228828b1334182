/**
 * Opening a repository validates each catalog once: the repository-wide checks (skew across
 * versions, template drift) use the validations of the catalogs' own sessions.
 */
import { describe, expect, it, vi } from 'vitest';

const validatedHere = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/core/workspace/validate', async (original) => {
  const m = await original<typeof import('../../../src/core/workspace/validate')>();
  return {
    ...m,
    checkDiscoveredCatalog: (...args: Parameters<typeof m.checkDiscoveredCatalog>) => {
      validatedHere.count++;
      return m.checkDiscoveredCatalog(...args);
    },
  };
});

const { openRepository } = await import('../../../src/core/repository');
const { CatalogService } = await import('../../../src/core/service/catalog-service');
const { MemorySource } = await import('../../../src/core/source/memory');

const catalog = (version: string, defaultChannel = 'stable') =>
  [
    { schema: 'olm.package', name: 'op', defaultChannel },
    {
      schema: 'olm.channel',
      package: 'op',
      name: 'stable',
      entries: [{ name: `op.v${version}` }],
    },
    {
      schema: 'olm.bundle',
      name: `op.v${version}`,
      package: 'op',
      image: `quay.io/acme/op-bundle:v${version}`,
      properties: [{ type: 'olm.package', value: { packageName: 'op', version } }],
    },
  ]
    .map((b) => JSON.stringify(b))
    .join('\n');

describe('opening a repository', () => {
  it('validates each catalog once, in its session; the repository findings still come', async () => {
    const source = new MemorySource(
      {
        'v4.18/catalog/op/catalog.json': catalog('1.0.0'),
        // A default channel the package does not have: opm's error, in this catalog only.
        'v4.19/catalog/op/catalog.json': catalog('1.1.0', 'fast'),
      },
      'repo',
    );
    const service = new CatalogService();
    const { repository } = await openRepository(service, source, { kind: 'files', readOnly: true });
    expect(validatedHere.count).toBe(0);
    expect(repository.catalogs.map((c) => [c.id, c.passed])).toEqual([
      ['v4.18/catalog', true],
      ['v4.19/catalog', false],
    ]);
    // Skew across versions is found from the sessions' models: 1.0.0 is gone in 4.19.
    expect(repository.findings.length).toBeGreaterThan(0);
  });
});
