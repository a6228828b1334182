/**
 * The repository overview's matrix: every package across the versions, each cell what is installed
 * there and what changed from the previous version — on a repository written for the test, and on
 * the real openshift-kueue-fbc where ../shared is present.
 */
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { openRepository } from '../../../src/core/repository';
import { packagesAcross } from '../../../src/core/repository/packages-across';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { smallRepository } from '../../support/small-repository';

if (!hasShared) console.log(skipReason('the overview matrix of openshift-kueue-fbc'));

async function open(source: ConstructorParameters<typeof MemorySource>[0] | NodeFsSource) {
  const service = new CatalogService();
  const src = source instanceof NodeFsSource ? source : new MemorySource(source, 'small');
  const { repository } = await openRepository(service, src, { kind: 'files', readOnly: true });
  const matrix = packagesAcross(
    repository.catalogs.map((c) => ({
      id: c.id,
      ocpVersion: c.ocpVersion,
      context: service.session(c.id)!.editContext(),
    })),
  );
  return { repository, matrix };
}

const enc = (tree: Record<string, string>) =>
  Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, new TextEncoder().encode(v)]));

describe('packagesAcross', () => {
  it('says per version what is installed and only what changed from the version before', async () => {
    const { repository, matrix } = await open(enc(smallRepository()));
    expect(repository.catalogs.map((c) => [c.id, c.passed])).toEqual([
      ['v4.18/catalog', true],
      ['v4.19/catalog', false],
      ['v4.20/catalog', true],
    ]);
    expect(repository.loadMs).toBeGreaterThan(0);
    expect(matrix.columns.map((c) => c.ocpVersion)).toEqual(['4.18', '4.19', '4.20']);
    const row = (p: string) => matrix.rows.find((r) => r.package === p)!;
    expect(matrix.rows.map((r) => r.package)).toEqual([
      'alpha-operator',
      'beta-operator',
      'broken-operator',
      'gamma-operator',
    ]);

    const [a18, a19, a20] = row('alpha-operator').cells;
    expect(a18).toMatchObject({ defaultChannel: 'stable', headVersion: '1.0.1', bundles: 2 });
    expect(a18?.change).toBeUndefined();
    expect(a19?.change).toEqual({
      head: '1.0.1',
      added: ['alpha-operator.v1.1.0'],
      dropped: ['alpha-operator.v1.0.0'],
    });
    expect(a20).toMatchObject({ defaultChannel: 'fast', headVersion: '1.1.0', channels: 2 });
    expect(a20?.change).toEqual({ defaultChannel: 'stable', added: [], dropped: [] });
    expect(row('alpha-operator').changes).toBe(2);

    // Gone in 4.19, back unchanged in 4.20: the return is the one change.
    expect(row('beta-operator').cells[1]).toBeNull();
    expect(row('beta-operator').cells[2]?.change).toEqual({ added: [], dropped: [], returned: true });
    expect(row('beta-operator').changes).toBe(1);
    // Only in 4.19 and absent from the newest: leaving counts as a change.
    expect(row('broken-operator').cells.map((c) => c !== null)).toEqual([false, true, false]);
    expect(row('broken-operator').changes).toBe(1);
    // Its default channel does not exist: no head to name.
    expect(row('broken-operator').cells[1]?.heads).toEqual([]);
    expect(row('gamma-operator').changes).toBe(0);
  });
});

// Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
describe.skipIf(!hasShared)('packagesAcross on openshift-kueue-fbc', () => {
  it('one package across 7 versions: the head moves and bundles are dropped as the skew findings say', async () => {
    const { repository, matrix } = await open(new NodeFsSource(sharedPath('corpus/fbc/openshift-kueue-fbc')));
    expect(matrix.rows.map((r) => r.package)).toEqual(['kueue-operator']);
    const cells = matrix.rows[0]!.cells;
    expect(cells).toHaveLength(7);
    // Every bundle the skew findings call dropped is in a cell's `dropped` list of the next version.
    const dropped = repository.findings
      .filter((f) => f.rule === 'skew-bundle-dropped')
      .map((f) => f.bundle ?? f.message.match(/bundle (\S+)/)?.[1]);
    const listed = cells.flatMap((c) => c?.change?.dropped ?? []);
    expect(dropped.length).toBeGreaterThan(0);
    for (const b of dropped) expect(listed).toContain(b);
  });
});
