import { describe, expect, it } from 'vitest';
import { channelGraphFromEntries, syntheticChannel, type Entry } from '../../../bench/graph-synthetic';
import { collapsedId, collapseLinearRuns, findHidingChunk } from '../../../src/app/graph/collapse';
import { layoutGraph } from '../../../src/app/graph/layout';
import { prepareGraph } from '../../../src/app/graph/prepare';
import { toViewGraph } from '../../../src/app/graph/view-graph';

const name = (i: number) => `op.v1.0.${i}`;

/** op.v1.0.0 … op.v1.0.(n-1), each replacing the previous; the last is the head. */
function linear(n: number, extra: (e: Entry, i: number) => Entry = (e) => e): Entry[] {
  return Array.from({ length: n }, (_, i) =>
    extra(
      { name: name(i), version: `1.0.${i}`, replaces: i ? name(i - 1) : '', skips: [], skipRange: '' },
      i,
    ),
  );
}

describe('collapseLinearRuns', () => {
  it('collapses the interior of a 30-bundle run into chunks, keeping both ends and the head', () => {
    const view = toViewGraph(channelGraphFromEntries('op', 'stable', linear(30)));
    const out = collapseLinearRuns(view, { minRun: 8, chunkSize: 10 });
    // run = v0 … v28 (the head is never collapsed); interior v1 … v27 = 27 bundles → 10 + 10 + 7
    expect(out.nodes.map((n) => n.id)).toEqual([
      name(0),
      collapsedId(name(1)),
      collapsedId(name(11)),
      collapsedId(name(21)),
      name(28),
      name(29),
    ]);
    const chunks = out.nodes.filter((n) => n.kind === 'collapsed');
    expect(chunks.map((c) => c.name)).toEqual(['+10', '+10', '+7']);
    expect(chunks[0]!.version).toBe('1.0.1 … 1.0.10');
    expect(chunks[2]!.members).toEqual([21, 22, 23, 24, 25, 26, 27].map(name));
    expect(out.edges.map((e) => `${e.from} > ${e.to} ${e.kind}`)).toEqual([
      `${name(0)} > ${collapsedId(name(1))} replaces`,
      `${collapsedId(name(1))} > ${collapsedId(name(11))} replaces`,
      `${collapsedId(name(11))} > ${collapsedId(name(21))} replaces`,
      `${collapsedId(name(21))} > ${name(28)} replaces`,
      `${name(28)} > ${name(29)} replaces`,
    ]);
  });

  it('leaves short runs alone', () => {
    const view = toViewGraph(channelGraphFromEntries('op', 'stable', linear(9)));
    // interior of v0 … v7 is 6 bundles < minRun 8
    expect(collapseLinearRuns(view, { minRun: 8, chunkSize: 10 })).toBe(view);
  });

  it('expands one chunk without renaming the others', () => {
    const view = toViewGraph(channelGraphFromEntries('op', 'stable', linear(30)));
    const out = collapseLinearRuns(view, {
      minRun: 8,
      chunkSize: 10,
      expanded: new Set([collapsedId(name(11))]),
    });
    const ids = out.nodes.map((n) => n.id);
    expect(ids).toContain(collapsedId(name(1)));
    expect(ids).toContain(collapsedId(name(21)));
    for (let i = 11; i <= 20; i++) expect(ids).toContain(name(i));
    expect(out.nodes).toHaveLength(6 - 1 + 10);
  });

  it('never hides deprecated, skipped, stranded, ghost or kept bundles: they split runs', () => {
    const entries = linear(40, (e, i) => (i === 15 ? { ...e, deprecated: 'bad' } : e));
    const view = toViewGraph(channelGraphFromEntries('op', 'stable', entries));
    const out = collapseLinearRuns(view, { minRun: 5, chunkSize: 100, keep: new Set([name(30)]) });
    const ids = out.nodes.map((n) => n.id);
    expect(ids).toContain(name(15));
    expect(ids).toContain(name(30));
    // runs: v0…v14 (interior v1…v13), v16…v29 (v17…v28), v31…v38 (v32…v37)
    expect(out.nodes.filter((n) => n.kind === 'collapsed').map((n) => n.members!.length)).toEqual([
      13, 12, 6,
    ]);
  });

  it('re-points edges of hidden bundles at their chunk and counts them', () => {
    // v20 carries skipRange over v1 … v19 (folded to one edge first), v20 skips nothing
    const entries = linear(21, (e, i) => (i === 20 ? { ...e, skipRange: '>=1.0.1 <1.0.20' } : e));
    const p = prepareGraph(channelGraphFromEntries('op', 'stable', entries), {
      collapse: true,
      minRun: 5,
      chunkSize: 50,
    });
    const chunk = p.view.nodes.find((n) => n.kind === 'collapsed')!;
    expect(chunk.members).toEqual(Array.from({ length: 18 }, (_, i) => name(i + 1)));
    const sr = p.view.edges.filter((e) => e.kind === 'skipRange');
    expect(sr.map((e) => [e.from, e.to, e.count])).toEqual([[chunk.id, name(20), 19]]);
    // the drawn graph still reads left → right
    for (const e of p.view.edges)
      expect(p.layout.positions.get(e.from)!.x).toBeLessThan(p.layout.positions.get(e.to)!.x);
  });

  it('finds the chunk hiding a bundle', () => {
    const view = collapseLinearRuns(toViewGraph(channelGraphFromEntries('op', 'stable', linear(30))), {
      minRun: 8,
      chunkSize: 10,
    });
    expect(findHidingChunk(view, name(14))?.id).toBe(collapsedId(name(11)));
    expect(findHidingChunk(view, name(29))).toBeUndefined();
  });

  it('shrinks a 5,000-entry channel to a graph that stays left → right', () => {
    const full = toViewGraph(syntheticChannel(5000));
    const out = collapseLinearRuns(full, { minRun: 8, chunkSize: 50 });
    expect(out.nodes.length).toBeLessThan(full.nodes.length / 3);
    const hidden = out.nodes.reduce((s, n) => s + (n.members?.length ?? 0), 0);
    expect(out.nodes.length - out.nodes.filter((n) => n.kind === 'collapsed').length + hidden).toBe(
      full.nodes.length,
    );
    const layout = layoutGraph(out);
    for (const e of out.edges) {
      if (e.kind !== 'skipRange')
        expect(layout.positions.get(e.from)!.x).toBeLessThan(layout.positions.get(e.to)!.x);
    }
  });
});
