import { describe, expect, it } from 'vitest';
import { CatalogService } from '../../../src/core/service/catalog-service';
import type { ImpactRow } from '../../../src/core/service/paths-views';
import { MemorySource } from '../../../src/core/source/memory';
import { demoTree, text } from './demo-files';

async function demo() {
  const files = demoTree();
  const service = new CatalogService();
  await service.open(new MemorySource(files, 'demo'), { kind: 'demo', readOnly: true });
  return { service, files };
}

const brief = (r: ImpactRow) =>
  `${r.channel} ${r.bundle} [${r.semantics.join(',')}] ${r.kinds.join('+')}: ${r.before.next ?? '-'} → ${r.after.next ?? '-'}`;

const AURORA = 'aurora-operator/catalog.yaml';
const CIRRUS_ALPHA = 'cirrus-operator/channels/alpha.yaml';

describe('getImpact: the edit against the catalog as loaded', () => {
  it('nothing is pending right after opening', async () => {
    const { service } = await demo();
    expect(await service.getImpact()).toEqual({
      pending: false,
      changedFiles: [],
      changedChannels: [],
      rows: [],
      omitted: 0,
    });
  });

  it('removing a skip lets OLM v0 users of the stranded v0.1.0 reach the head again', async () => {
    const { service, files } = await demo();
    const before = text(files[CIRRUS_ALPHA]);
    const after = before.replace('    skips:\n      - cirrus-operator.v0.2.0\n', '');
    expect(after).not.toBe(before);
    service.updateFile(CIRRUS_ALPHA, after);
    const impact = await service.getImpact();
    expect(impact.pending).toBe(true);
    expect(impact.changedFiles).toEqual([CIRRUS_ALPHA]);
    expect(impact.changedChannels).toEqual([{ package: 'cirrus-operator', channel: 'alpha' }]);
    expect(impact.rows.map(brief)).toEqual([
      'alpha cirrus-operator.v0.1.0 [v0] next-hop+gains-head: - → cirrus-operator.v0.2.0',
    ]);
    expect(impact.rows[0]!.sentence).toBe(
      'Users on cirrus-operator.v0.1.0 can now reach the head of alpha, through cirrus-operator.v0.2.0',
    );
  });

  it('dropping the edges of the fast head: v0 users lose the head, v1 users move elsewhere', async () => {
    const { service, files } = await demo();
    const before = text(files[AURORA]);
    const after = before.replace(
      "    replaces: aurora-operator.v1.2.0\n    skips:\n      - aurora-operator.v1.1.0\n    skipRange: '>=1.1.0 <1.3.0'\n",
      '',
    );
    expect(after).not.toBe(before);
    service.updateFile(AURORA, after);
    const impact = await service.getImpact();
    expect(impact.changedChannels).toEqual([{ package: 'aurora-operator', channel: 'fast' }]);
    expect(impact.rows.map(brief)).toEqual([
      // Two heads now: OLM v0 cannot order the channel at all.
      'fast aurora-operator.v1.1.0 [v0] next-hop+loses-head: aurora-operator.v1.3.0 → -',
      'fast aurora-operator.v1.1.0 [v1] next-hop: aurora-operator.v1.3.0 → aurora-operator.v1.2.0',
      'fast aurora-operator.v1.2.0 [v0,v1] next-hop: aurora-operator.v1.3.0 → -',
    ]);
    expect(impact.rows.map((r) => r.sentence)).toEqual([
      'Users on aurora-operator.v1.1.0 can no longer reach the head of fast: no entry upgrades from their ' +
        'version (before, they moved to aurora-operator.v1.3.0)',
      'Users on aurora-operator.v1.1.0 now move to aurora-operator.v1.2.0 instead of aurora-operator.v1.3.0 in fast',
      'Users on aurora-operator.v1.2.0 no longer have an upgrade in fast: aurora-operator.v1.2.0 is now a channel ' +
        'head (before, they moved to aurora-operator.v1.3.0)',
    ]);
  });

  it('removing an entry: its users are still listed, with where they go now', async () => {
    const { service, files } = await demo();
    const before = text(files[CIRRUS_ALPHA]);
    // Drop v0.2.0 (and the edges naming it): v0.3.0 now replaces v0.1.0.
    const after = before
      .replace('  - name: cirrus-operator.v0.2.0\n    replaces: cirrus-operator.v0.1.0\n', '')
      .replace(
        '    replaces: cirrus-operator.v0.2.0\n    skips:\n      - cirrus-operator.v0.2.0\n',
        '    replaces: cirrus-operator.v0.1.0\n',
      );
    service.updateFile(CIRRUS_ALPHA, after);
    const impact = await service.getImpact();
    expect(impact.rows.map(brief)).toEqual([
      'alpha cirrus-operator.v0.1.0 [v0] next-hop+gains-head: - → cirrus-operator.v0.3.0',
      'alpha cirrus-operator.v0.1.0 [v1] next-hop: cirrus-operator.v0.2.0 → cirrus-operator.v0.3.0',
      'alpha cirrus-operator.v0.2.0 [v0,v1] next-hop+loses-head: cirrus-operator.v0.3.0 → -',
    ]);
    const gone = impact.rows[2]!;
    expect(gone.removed).toBe(true);
    expect(gone.sentence).toBe(
      'Users on cirrus-operator.v0.2.0 can no longer reach the head of alpha: no entry upgrades from their version ' +
        '(before, they moved to cirrus-operator.v0.3.0); cirrus-operator.v0.2.0 is no longer an entry of alpha',
    );
  });

  it('an edit that changes no upgrade edge is pending but has no impact; undoing it clears it', async () => {
    const { service, files } = await demo();
    const before = text(files[AURORA]);
    service.updateFile(AURORA, before.replace('Aurora keeps a fleet', 'Aurora keeps a whole fleet'));
    expect(await service.getImpact()).toMatchObject({ pending: true, changedFiles: [AURORA], rows: [] });
    service.updateFile(AURORA, before);
    expect((await service.getImpact()).pending).toBe(false);
  });

  it('resetBaseline makes the current catalog the new baseline', async () => {
    const { service, files } = await demo();
    service.updateFile(
      CIRRUS_ALPHA,
      text(files[CIRRUS_ALPHA]).replace('    skips:\n      - cirrus-operator.v0.2.0\n', ''),
    );
    expect((await service.getImpact()).rows).toHaveLength(1);
    service.resetBaseline();
    expect((await service.getImpact()).pending).toBe(false);
  });
});
