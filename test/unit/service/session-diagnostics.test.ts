import { describe, expect, it } from 'vitest';
import { applyDiagnosticsDelta } from '../../../src/core/service/diagnostics-delta';
import { CatalogDiagnostics } from '../../../src/core/service/session-diagnostics';
import { generationCounter, SnapshotBuilder } from '../../../src/core/service/session-snapshot';
import { packageYaml } from './paths-fixtures';
import { snapshotOf } from './session-fixtures';

/** `n` packages, each with a channel of two unconnected entries: one problem or more per package. */
const stranding = (n: number): Record<string, string> =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `op${i}/catalog.yaml`,
      packageYaml({
        name: `op${i}`,
        channels: {
          stable: [
            { name: `op${i}.v2`, version: '2.0.0' },
            { name: `op${i}.v1`, version: '1.0.0' },
          ],
        },
      }),
    ]),
  );

describe('a catalog’s problems list', () => {
  it('cuts slices of the generation, with its number and total', () => {
    const d = new CatalogDiagnostics();
    const s = snapshotOf(stranding(3));
    const all = d.all(s);
    expect(all.length).toBeGreaterThan(1);
    const a = d.slice(s, 0, 1);
    const b = d.slice(s, 1, all.length);
    expect(a).toMatchObject({ generation: s.generation, total: all.length });
    expect([...a.items, ...b.items]).toEqual(all);
  });

  it('answers a delta from the catalog’s last four generations, which rebuilds the list', async () => {
    const d = new CatalogDiagnostics();
    // Shared with another catalog: this one's generations are 1, 3, 5, …
    const counter = generationCounter();
    const builder = new SnapshotBuilder(counter);
    const gens = [];
    for (let n = 1; n <= 5; n++) {
      const s = snapshotOf(stranding(n), builder);
      d.remember(s);
      counter();
      gens.push(s);
    }
    const cur = gens[4]!;
    for (const old of gens.slice(1, 4)) {
      const delta = await d.delta(() => cur, old.generation, 1000);
      expect(delta).toMatchObject({ base: old.generation, generation: cur.generation });
      expect(applyDiagnosticsDelta(old.diagnostics, delta!)).toEqual(cur.diagnostics);
    }
    expect(await d.delta(() => cur, gens[0]!.generation, 1000)).toBeNull();
    // A change bigger than the limit is fetched in slices instead.
    expect(await d.delta(() => cur, gens[1]!.generation, 0)).toBeNull();
  });
});
