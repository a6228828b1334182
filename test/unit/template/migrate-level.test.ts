/**
 * opm's bundle-object-to-csv-metadata migration, checked on real repositories that hold the same
 * bundle digests rendered without and with it (../shared/corpus/fbc, SOURCES.md notes (a)): every
 * olm.bundle.object bundle migrated is the committed olm.csv.metadata bundle of the newer catalog.
 */
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { loadCatalog } from '../../../src/core/load';
import { imageDigest } from '../../../src/core/template/bundle-resolver';
import { goBundle, sortKeysDeep } from '../../../src/core/template/go-blobs';
import { bundleForm, migrateBundle } from '../../../src/core/template/migrate-level';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

if (!hasShared) console.log(skipReason('migrate levels on corpus repositories'));

const PAIRS: [string, string, string, number][] = [
  ['openshift-file-integrity-operator-fbc', 'catalog/v4.16', 'catalog/v4.17', 11],
  ['netobserv-netobserv-catalog@03a4d5c', 'auto-generated/legacy-catalog', 'auto-generated/catalog', 13],
  ['rhdhorchestrator-orchestrator-fbc', 'v4.16', 'v4.17', 6],
  ['securesign-fbc', 'v4.16/policy-controller-operator', 'v4.17/policy-controller-operator', 4],
];

const load = async (p: string) => (await loadCatalog(new NodeFsSource(p), { bundleObjects: 'lazy' })).dc;

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)('migrateBundle bundle-object-to-csv-metadata (corpus)', () => {
  it.each(PAIRS)('%s: %s migrated is %s', async (repo, older, newer, count) => {
    const a = await load(sharedPath(`corpus/fbc/${repo}/${older}`));
    const b = await load(sharedPath(`corpus/fbc/${repo}/${newer}`));
    let compared = 0;
    for (const x of a.bundles) {
      const y = b.bundles.find((z) => imageDigest(z.image) === imageDigest(x.image));
      if (!y) continue;
      expect(bundleForm(x)).toBe('bundle-object');
      expect(bundleForm(y)).toBe('csv-metadata');
      const migrated = migrateBundle(x, 'bundle-object-to-csv-metadata');
      expect(sortKeysDeep(goBundle(migrated))).toEqual(sortKeysDeep(goBundle(y)));
      // none leaves it as it is; a bundle already migrated is kept.
      expect(migrateBundle(x, 'none')).toBe(x);
      expect(migrateBundle(y, 'bundle-object-to-csv-metadata')).toBe(y);
      compared++;
    }
    expect(compared).toBe(count);
  });
});
