/**
 * Real bundles added to their community catalog's previous version (the catalog with the bundle
 * taken out): the proposal is what the maintainers wrote, and adding it gives back their catalog's
 * entry and blob.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { bundleFacts, proposeEntries, readBundleDir, renderBundle } from '../../../src/core/bundle';
import { addBundle, removeBundle } from '../../../src/core/edit';
import { loadFile } from '../../../src/core/load';
import { validateCatalog } from '../../../src/core/validate/validate-catalog';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { applied, contextOf } from '../edit/helpers';

if (!hasShared) console.log(skipReason('adding corpus bundles to their catalogs'));

const CATALOGS = 'corpus/fbc/community-operators-prod/catalogs';

/** The catalog without `bundle` (its blob and entries): the catalog before the bundle was released. */
function previousVersion(catalog: string, pkg: string, bundle: string) {
  const path = `${pkg}/catalog.yaml`;
  const text = readFileSync(sharedPath(CATALOGS, catalog, pkg, 'catalog.yaml'), 'utf8');
  const ctx = contextOf({ [path]: text });
  const r = removeBundle.perform(ctx, { package: pkg, bundle });
  expect(r.error).toBeUndefined();
  return { real: ctx, previous: contextOf(applied(ctx.files, r)) };
}

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('a corpus bundle added to its catalog', () => {
  it('hive-operator 2.5.3516 goes into mce-2.0 replacing 2.5.3514, as in the v4.20 catalog', async () => {
    const name = 'hive-operator.v2.5.3516-a2ed9b3';
    const { real, previous } = previousVersion('v4.20', 'hive-operator', name);
    const dir = await readBundleDir(
      new NodeFsSource(sharedPath('corpus/bundles/hive-operator/2.5.3516-a2ed9b3')),
    );
    const p = proposeEntries(bundleFacts(dir)!, previous);
    expect(p.notes).toEqual([]);
    expect(p.entries).toEqual([
      {
        channel: 'mce-2.0',
        replaces: 'hive-operator.v2.5.3514-4052426',
        skips: [],
        skipRange: '',
        newChannel: false,
        why: ["replaces hive-operator.v2.5.3514-4052426: the CSV's spec.replaces"],
      },
    ]);
    const realBlob = real.dc.bundles.find((b) => b.name === name)!;
    const blob = renderBundle(dir, realBlob.image) as unknown as Record<string, unknown>;
    const r = addBundle.perform(previous, { blob, entries: p.entries });
    expect(r.error).toBeUndefined();
    expect(r.warnings).toEqual([]);
    const after = contextOf(applied(previous.files, r));
    const channel = (c: typeof after) => c.dc.channels.find((x) => x.name === 'mce-2.0')?.entries;
    expect(channel(after)).toEqual(channel(real));
    expect(after.dc.bundles.find((b) => b.name === name)?.raw).toEqual(realBlob.raw);
    const text = [...after.files.values()][0] as string;
    expect(validateCatalog(loadFile('catalog.yaml', text)).opmMessage).toBeNull();
  });

  it("kairos-operator 2.2.0: its annotations' channels are not the catalog's, and the proposal says so", async () => {
    const { real, previous } = previousVersion('v4.14', 'kairos-operator', 'kairos-operator.v2.2.0');
    const dir = await readBundleDir(new NodeFsSource(sharedPath('corpus/bundles/kairos-operator/2.2.0')));
    const p = proposeEntries(bundleFacts(dir)!, previous);
    expect(p.notes).toEqual([
      "none of the bundle's channels (alpha, stable) is a channel of kairos-operator (candidate-v2): adding creates them; pick an existing channel instead to extend its graph",
    ]);
    // The replaces the maintainers' catalog has for 2.2.0 (candidate-v2) is the CSV's.
    const realEntry = real.dc.channels[0]?.entries.find((e) => e.name === 'kairos-operator.v2.2.0');
    expect(p.entries.map((e) => [e.channel, e.replaces, e.newChannel])).toEqual([
      ['alpha', realEntry?.replaces, true],
      ['stable', realEntry?.replaces, true],
    ]);
  });
});
