import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  demoChannel,
  syntheticChannel,
  type Entry,
  channelGraphFromEntries,
} from '../../../bench/graph-synthetic';
import { layoutGraph, type Layout } from '../../../src/app/graph/layout';
import { toViewGraph, type ViewGraph } from '../../../src/app/graph/view-graph';

function laidOut(g: Parameters<typeof toViewGraph>[0]): { view: ViewGraph; layout: Layout } {
  const view = toViewGraph(g);
  return { view, layout: layoutGraph(view) };
}

const x = (l: Layout, id: string) => l.positions.get(id)!.x;
const y = (l: Layout, id: string) => l.positions.get(id)!.y;

describe('layoutGraph', () => {
  it('lays the demo channel out in upgrade order, chain on y = 0, ghosts above, off-chain bundles below', () => {
    const { layout } = laidOut(demoChannel());
    const col = Object.fromEntries(layout.column);
    expect(col).toEqual({
      'etcdoperator.v0.6.1': 0,
      'etcdoperator.v0.9.0': 1,
      'etcdoperator.v0.9.1': 2,
      // a ghost source sits just before the bundle that skips it, not in column 0
      'etcdoperator.v0.9.1-rc.1': 2,
      'etcdoperator.v0.9.2': 3,
      'etcdoperator.v0.9.3': 4,
      'etcdoperator.v0.9.4-bad': 5,
      'etcdoperator.v0.9.4': 6,
    });
    const lane = Object.fromEntries(layout.lane);
    expect(lane['etcdoperator.v0.9.4']).toBe(0);
    expect(lane['etcdoperator.v0.9.3']).toBe(0);
    expect(lane['etcdoperator.v0.9.2']).toBe(0);
    expect(lane['etcdoperator.v0.6.1']).toBeLessThan(0);
    expect(lane['etcdoperator.v0.9.1-rc.1']).toBeLessThan(0);
    expect(lane['etcdoperator.v0.9.0']).toBeGreaterThan(0); // stranded
    expect(lane['etcdoperator.v0.9.1']).toBeGreaterThan(0); // skipped
    expect(lane['etcdoperator.v0.9.4-bad']).toBeGreaterThan(0); // skipped
    expect(layout.columns).toBe(7);
  });

  it('points every replaces and skips edge left → right on a 1,000-entry channel, with no two nodes on one spot', () => {
    const g = syntheticChannel(1000);
    const { view, layout } = laidOut(g);
    for (const e of view.edges) {
      if (e.kind === 'skipRange') continue;
      expect(x(layout, e.from), `${e.kind} ${e.from} → ${e.to}`).toBeLessThan(x(layout, e.to));
    }
    const spots = new Set(view.nodes.map((n) => `${x(layout, n.id)},${y(layout, n.id)}`));
    expect(spots.size).toBe(view.nodes.length);
    // the replaces chain from the head is one straight line
    for (const n of view.nodes) if (n.inChain) expect(y(layout, n.id)).toBe(0);
    // skipRange edges here only come from older bundles, so they point right too
    for (const e of view.edges)
      if (e.kind === 'skipRange') expect(x(layout, e.from)).toBeLessThan(x(layout, e.to));
  });

  it('is deterministic', () => {
    const a = laidOut(syntheticChannel(300)).layout;
    const b = laidOut(syntheticChannel(300)).layout;
    expect([...a.positions]).toEqual([...b.positions]);
  });

  it('keeps every replaces/skips edge pointing right on random acyclic channels', () => {
    const entriesArb = fc
      .array(
        fc.record({
          replacesBack: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
          skipsBack: fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 3 }),
          ghostSkip: fc.boolean(),
        }),
        { minLength: 1, maxLength: 40 },
      )
      .map((specs) =>
        specs.map((s, i): Entry => {
          const name = (k: number) => `op.v1.0.${k}`;
          return {
            name: name(i),
            version: `1.0.${i}`,
            replaces: s.replacesBack !== undefined && i - s.replacesBack >= 0 ? name(i - s.replacesBack) : '',
            skips: [
              ...s.skipsBack.filter((b) => i - b >= 0).map((b) => name(i - b)),
              ...(s.ghostSkip ? [`op.v0.0.${i}`] : []),
            ],
            skipRange: '',
          };
        }),
      );
    fc.assert(
      fc.property(entriesArb, (entries) => {
        const { view, layout } = laidOut(channelGraphFromEntries('op', 'stable', entries));
        for (const e of view.edges) {
          if (e.kind !== 'skipRange' && e.from !== e.to) {
            if (!(x(layout, e.from) < x(layout, e.to))) return false;
          }
        }
        const spots = new Set(view.nodes.map((n) => `${x(layout, n.id)},${y(layout, n.id)}`));
        return spots.size === view.nodes.length;
      }),
      { numRuns: 200 },
    );
  });

  it('places every node of a cyclic (invalid) channel without hanging', () => {
    const entries: Entry[] = [
      { name: 'a.v1', version: '1.0.0', replaces: 'a.v3', skips: [], skipRange: '' },
      { name: 'a.v2', version: '2.0.0', replaces: 'a.v1', skips: [], skipRange: '' },
      { name: 'a.v3', version: '3.0.0', replaces: 'a.v2', skips: [], skipRange: '' },
      { name: 'a.v4', version: '4.0.0', replaces: 'a.v4', skips: [], skipRange: '' },
    ];
    const { view, layout } = laidOut(channelGraphFromEntries('a', 'stable', entries));
    expect(layout.positions.size).toBe(view.nodes.length);
    // only one edge of the 3-cycle can point left
    const left = view.edges.filter((e) => e.from !== e.to && x(layout, e.from) >= x(layout, e.to));
    expect(left).toHaveLength(1);
  });
});
