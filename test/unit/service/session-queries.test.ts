import { describe, expect, it } from 'vitest';
import { CatalogQueries } from '../../../src/core/service/session-queries';
import { CatalogEditing } from '../../../src/core/service/session-editing';
import { generationCounter, SnapshotBuilder } from '../../../src/core/service/session-snapshot';
import { packageYaml, WORKED } from './paths-fixtures';
import { snapshotOf } from './session-fixtures';

const PATH = 'op/catalog.yaml';
/** The worked example without v1.3's skips: nothing replaces v1.0 any more, its users are stuck. */
const NO_SKIPS = packageYaml({
  ...WORKED,
  channels: { stable: WORKED.channels.stable!.map((e) => ({ ...e, skips: undefined })) },
});

function setUp() {
  const builder = new SnapshotBuilder(generationCounter());
  const editing = new CatalogEditing((f, t) => builder.build(f, t));
  const opened = snapshotOf({ [PATH]: packageYaml(WORKED) }, builder);
  return { opened, edited: editing.update(opened, [{ path: PATH, text: NO_SKIPS }]) };
}

describe('a catalog’s queries', () => {
  it('measures impact against its baseline, until the baseline is reset', async () => {
    const { opened, edited } = setUp();
    const q = new CatalogQueries();
    // No baseline yet: the catalog is its own, nothing is pending.
    expect((await q.impact(() => edited)).pending).toBe(false);
    q.resetBaseline(opened);
    const impact = await q.impact(() => edited);
    expect(impact).toMatchObject({
      pending: true,
      changedFiles: [PATH],
      changedChannels: [{ package: 'op', channel: 'stable' }],
    });
    expect(impact.rows.length).toBeGreaterThan(0);
    q.resetBaseline(edited);
    expect((await q.impact(() => edited)).pending).toBe(false);
    // Another catalog's queries have their own baseline.
    const other = new CatalogQueries();
    other.resetBaseline(opened);
    expect((await q.impact(() => edited)).pending).toBe(false);
  });

  it('answers paths, who-reaches and the switch matrix from the generation current when asked', async () => {
    const { opened, edited } = setUp();
    const q = new CatalogQueries();
    const from = { package: 'op', channel: 'stable', bundle: 'op.v1.0.0' };
    const hops = (a: unknown) => (a as { v0: { steps: { name: string }[] } }).v0.steps.map((s) => s.name);
    expect(hops(await q.upgradePath(() => opened, from))).toEqual(['op.v1.0.0', 'op.v1.3.0']);
    expect(hops(await q.upgradePath(() => edited, from))).toEqual(['op.v1.0.0']);
    expect(await q.whoReaches(() => opened, 'op', 'stable', 'op.v1.3.0')).toMatchObject({
      target: 'op.v1.3.0',
    });
    expect(await q.switchMatrix(() => opened, 'nope', 'v0')).toHaveProperty('error');
  });
});
