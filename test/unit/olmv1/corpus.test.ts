/**
 * operator-controller's own e2e scenarios (test/e2e/features/update.feature at
 * df2c201d70e83d02eae23597d604269fa1baf20a) on its test catalog as the corpus holds it
 * (operator-controller-testdata, v1): update to a successor, refuse a non-successor under
 * CatalogProvided with upstream's message, force it with SelfCertified.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { NodeFsSource } from '../../../src/cli/node-source';
import { loadCatalog } from '../../../src/core/load';
import {
  bundleEligibility,
  catalogForDir,
  resolveClusterExtension,
  type CatalogInput,
} from '../../../src/core/olmv1';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('OLM v1 resolution on operator-controller’s test catalog'));

async function testCatalog(): Promise<CatalogInput[]> {
  const dir = sharedPath(
    'corpus/fbc/operator-controller-testdata/testdata/images/catalogs/test-catalog/v1/configs',
  );
  return [{ catalog: catalogForDir('test'), dc: (await loadCatalog(new NodeFsSource(dir))).dc }];
}

const ext = (version: string, policy: 'CatalogProvided' | 'SelfCertified' = 'CatalogProvided') => ({
  name: 'e2e',
  namespace: 'e2e',
  packageName: 'test',
  channels: [],
  version,
  selector: { matchLabels: { 'olm.operatorframework.io/metadata.name': 'test' } },
  upgradeConstraintPolicy: policy,
});
const installed = { name: 'test-operator.1.0.0', version: '1.0.0' };

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)('update.feature on the corpus test catalog', () => {
  it('installs 1.0.0, then updates to the successor 1.0.1', async () => {
    const cats = await testCatalog();
    expect(resolveClusterExtension(ext('1.0.0'), cats).resolved?.bundle).toBe('test-operator.1.0.0');
    expect(resolveClusterExtension(ext('1.0.1'), cats, installed).resolved?.bundle).toBe(
      'test-operator.1.0.1',
    );
  });

  it('cannot update to a non-successor version', async () => {
    const p = resolveClusterExtension(ext('1.2.0'), await testCatalog(), installed);
    expect(p.error).toBe(
      'error upgrading from currently installed version "1.0.0": no bundles found for package "test" matching version "1.2.0"',
    );
    expect(p.candidates.find((c) => c.bundle === 'test-operator.1.2.0')).toMatchObject({ kept: false });
  });

  it('forces the non-successor with SelfCertified', async () => {
    expect(
      resolveClusterExtension(ext('1.2.0', 'SelfCertified'), await testCatalog(), installed).resolved?.bundle,
    ).toBe('test-operator.1.2.0');
  });

  it('eligibility: the test catalog carries no CSV data (unknown); MTV supports no AllNamespaces (refused)', async () => {
    const [c] = await testCatalog();
    expect(c!.dc!.bundles.map(bundleEligibility).every((r) => r.eligible === null)).toBe(true);
    const mtv = (
      await loadCatalog(new NodeFsSource(sharedPath('corpus/fbc/kubev2v-mtv-fbc')))
    ).dc.bundles.map(bundleEligibility);
    expect(mtv.length).toBeGreaterThan(0);
    for (const r of mtv)
      expect(r.reasons).toContain('unsupported bundle: bundle does not support AllNamespaces install mode');
  });
});

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)('eligibility of bundle directories from the corpus', () => {
  async function eligibility(dir: string) {
    let out = '';
    const code = await main(
      ['olmv1', 'eligibility', '--bundle-dir', sharedPath('corpus/bundles', dir), '-o', 'json'],
      {
        out: (s) => void (out += s),
        err: () => undefined,
      },
    );
    return { code, rows: JSON.parse(out) as { eligible: boolean | null; reasons: string[] }[] };
  }
  it('etcd 0.6.1 (AllNamespaces, no webhooks or dependencies) is installable', async () => {
    expect(await eligibility('etcd/0.6.1')).toEqual({
      code: 0,
      rows: [expect.objectContaining({ eligible: true, reasons: [] })],
    });
  });
  it('node-healthcheck 0.7.0 requires an API: refused in operator-controller’s words', async () => {
    const r = await eligibility('node-healthcheck-operator/0.7.0');
    expect(r.code).toBe(1);
    expect(r.rows[0]?.reasons).toEqual([
      'bundle "node-healthcheck-operator.v0.7.0" has a dependency declared via property "olm.gvk.required" which is currently not supported',
    ]);
  });
});
