import { describe, expect, it } from 'vitest';
import { demoChannel, syntheticPackage } from '../../../bench/graph-synthetic';
import { middleEllipsis, nodeLabel } from '../../../src/app/graph/elements';
import { prepareGraph } from '../../../src/app/graph/prepare';
import type { ChannelGraph } from '../../../src/app/graph/types';
import { foldSkipRangeFanIn, toViewGraph } from '../../../src/app/graph/view-graph';

type El = { data: Record<string, unknown>; classes?: string; group?: string };
const byId = (els: El[]) => new Map(els.map((e) => [String(e.data.id), e]));

describe('buildElements (via prepareGraph)', () => {
  const demo = prepareGraph(demoChannel());
  const els = byId(demo.elements as El[]);

  it('draws one node per entry and ghost, one edge per input edge', () => {
    const g = demoChannel();
    expect(demo.elements.filter((e) => e.group === 'nodes')).toHaveLength(g.nodes.length);
    expect(demo.elements.filter((e) => e.group === 'edges')).toHaveLength(g.edges.length);
  });

  it('labels states with words and classes, not colour alone', () => {
    expect(els.get('etcdoperator.v0.9.4')!.data.label).toBe('etcdoperator.v0.9.4\n0.9.4 · HEAD');
    expect(els.get('etcdoperator.v0.9.4')!.classes).toBe('bundle head');
    expect(els.get('etcdoperator.v0.9.3')!.data.label).toBe('etcdoperator.v0.9.3\n0.9.3 · deprecated');
    expect(els.get('etcdoperator.v0.9.3')!.classes).toBe('bundle deprecated');
    expect(els.get('etcdoperator.v0.9.1')!.classes).toBe('bundle skipped');
    expect(els.get('etcdoperator.v0.9.0')!.data.label).toBe('etcdoperator.v0.9.0\n0.9.0 · ! stranded');
    expect(els.get('etcdoperator.v0.9.0')!.classes).toBe('bundle stranded');
    expect(els.get('etcdoperator.v0.6.1')!.data.label).toBe('etcdoperator.v0.6.1\nnot in catalog');
    expect(els.get('etcdoperator.v0.6.1')!.classes).toBe('ghost');
  });

  it('gives edges their kind as class and labels each skipRange once per target', () => {
    const edges = (demo.elements as El[]).filter((e) => e.group === 'edges');
    const sr = edges.filter((e) => e.data.kind === 'skipRange');
    expect(sr).toHaveLength(5); // 0.9.0, 0.9.1, 0.9.2, 0.9.3 and 0.9.4-bad are in >=0.9.0 <0.9.4
    expect(sr.filter((e) => e.data.label !== '').map((e) => e.data.label)).toEqual(['>=0.9.0 <0.9.4']);
    for (const e of edges) expect(e.classes!.split(' ')[0]).toBe(e.data.kind);
  });

  it('marks edges OLM v0 ignores only when v0 semantics are on', () => {
    const off = (demo.elements as El[]).filter((e) => e.classes?.includes('v0ignored'));
    expect(off).toHaveLength(0);
    const on = prepareGraph(demoChannel(), { v0Semantics: true }).elements as El[];
    const ignored = on.filter((e) => e.classes?.includes('v0ignored'));
    expect(ignored.map((e) => `${e.data.source} > ${e.data.target}`).sort()).toEqual(
      demoChannel()
        .edges.filter((e) => e.v0Ignored)
        .map((e) => `${e.from} > ${e.to}`)
        .sort(),
    );
    for (const e of ignored) expect(String(e.data.label)).toContain('ignored by v0');
  });

  it('arcs same-lane edges that jump columns: skips/replaces above, skipRange below', () => {
    // v0.9.3 → v0.9.4 replaces jumps over v0.9.4-bad's column on lane 0
    const e = (demo.elements as El[]).find(
      (x) =>
        x.data.kind === 'replaces' &&
        x.data.source === 'etcdoperator.v0.9.3' &&
        x.data.target === 'etcdoperator.v0.9.4',
    );
    expect(e?.classes).toContain('arc');
    const g: ChannelGraph = {
      package: 'p',
      channel: 'c',
      isDefault: true,
      heads: ['d'],
      order: ['a', 'b', 'c', 'd'],
      nodes: ['a', 'b', 'c', 'd'].map((id) => ({
        id,
        name: id,
        version: '1.0.0',
        ghost: false,
        head: id === 'd',
        skipped: false,
        stranded: false,
        inChain: true,
        depth: 0,
      })),
      edges: [
        { id: '1', from: 'a', to: 'b', kind: 'replaces' },
        { id: '2', from: 'b', to: 'c', kind: 'replaces' },
        { id: '3', from: 'c', to: 'd', kind: 'replaces' },
        { id: '4', from: 'a', to: 'd', kind: 'skips' },
        { id: '5', from: 'a', to: 'd', kind: 'skipRange', label: '<1.0.0' },
      ],
    };
    const arcs = (prepareGraph(g).elements as El[]).filter((x) => x.classes?.includes('arc'));
    expect(arcs.map((x) => x.data.id)).toEqual(['e:4', 'e:5']);
    const [skip, range] = arcs.map((x) => Number(x.data.cpd));
    expect(Math.sign(skip!)).toBe(-Math.sign(range!));
    expect(Math.abs(skip!)).toBe(36 + 18 * 3);
  });
});

describe('labels', () => {
  it('shortens long names in the middle, keeping more of the version end', () => {
    expect(middleEllipsis('short', 28)).toBe('short');
    expect(middleEllipsis('elasticsearch-operator.v5.8.12-202405231234', 28)).toBe(
      'elasticse….8.12-202405231234',
    );
    expect(middleEllipsis('elasticsearch-operator.v5.8.12-202405231234', 28)).toHaveLength(28);
  });

  it('lists channels in the package view and marks the default', () => {
    const view = toViewGraph(syntheticPackage(20));
    const head = view.nodes.find((n) => n.id === 'acme-operator.v1.0.19')!;
    expect(nodeLabel(head, 'stable')).toBe('acme-operator.v1.0.19\n1.0.19 · HEAD\nstable (default), fast');
  });
});

describe('toViewGraph', () => {
  it('merges a package’s channels: one edge per bundle pair and kind, naming its channels', () => {
    const pkg = syntheticPackage(20);
    const view = toViewGraph(pkg);
    expect(view.nodes).toHaveLength(new Set(pkg.nodes.map((n) => n.id)).size);
    const e = view.edges.find((x) => x.from === 'acme-operator.v1.0.15' && x.to === 'acme-operator.v1.0.16')!;
    expect(e.channels).toEqual(['stable', 'fast']);
    expect(
      view.edges.filter((x) => x.from === 'acme-operator.v1.0.15' && x.to === 'acme-operator.v1.0.16'),
    ).toHaveLength(1);
    expect(view.defaultChannel).toBe('stable');
    expect(view.package).toBe('acme-operator');
  });

  it('orders nodes by upgrade order, ghosts by version after the entries', () => {
    const view = toViewGraph(demoChannel());
    expect(view.nodes.map((n) => n.id)).toEqual([
      ...demoChannel().order,
      'etcdoperator.v0.6.1',
      'etcdoperator.v0.9.1-rc.1',
    ]);
  });
});

describe('foldSkipRangeFanIn', () => {
  it('draws one edge from the oldest match when a skipRange matches many bundles', () => {
    const view = toViewGraph(demoChannel());
    const folded = foldSkipRangeFanIn(view, 3);
    const sr = folded.edges.filter((e) => e.kind === 'skipRange');
    expect(sr.map((e) => [e.from, e.to, e.count])).toEqual([
      ['etcdoperator.v0.9.0', 'etcdoperator.v0.9.4', 5],
    ]);
    expect(folded.edges.filter((e) => e.kind !== 'skipRange')).toEqual(
      view.edges.filter((e) => e.kind !== 'skipRange'),
    );
    expect(foldSkipRangeFanIn(view, 5)).toBe(view);
  });

  it('labels the folded edge with the range and the count', () => {
    const p = prepareGraph(demoChannel(), { maxSkipRangeFanIn: 3 });
    const sr = (p.elements as El[]).filter((e) => e.data.kind === 'skipRange');
    expect(sr.map((e) => [e.data.label, e.classes])).toEqual([
      ['>=0.9.0 <0.9.4 (5 bundles)', 'skipRange folded labelled'],
    ]);
  });
});

describe('dense skipRange (every entry skips everything older)', () => {
  it('draws the n² edges as one folded edge per target beyond the fan-in limit', () => {
    const n = 300;
    const ids = Array.from({ length: n }, (_, i) => `p.v1.0.${i}`);
    const g: ChannelGraph = {
      package: 'p',
      channel: 'c',
      isDefault: true,
      heads: [ids[n - 1]!],
      order: ids,
      nodes: ids.map((id, i) => ({
        id,
        name: id,
        version: `1.0.${i}`,
        ghost: false,
        head: i === n - 1,
        skipped: false,
        stranded: false,
        inChain: true,
        depth: n - 1 - i,
      })),
      edges: ids.flatMap((id, i) => [
        ...(i ? [{ id: `r${i}`, from: ids[i - 1]!, to: id, kind: 'replaces' as const }] : []),
        ...ids.slice(0, i).map((from, j) => ({
          id: `s${i}-${j}`,
          from,
          to: id,
          kind: 'skipRange' as const,
          label: `<1.0.${i}`,
        })),
      ]),
    };
    expect(g.edges.filter((e) => e.kind === 'skipRange')).toHaveLength((n * (n - 1)) / 2);
    const { view } = prepareGraph(g, { maxSkipRangeFanIn: 6, collapse: false });
    const sr = view.edges.filter((e) => e.kind === 'skipRange');
    // targets 1…6 keep their 1…6 edges (21), targets 7…299 get one folded edge each (293)
    expect(sr).toHaveLength(21 + 293);
    const last = sr.filter((e) => e.to === ids[n - 1]);
    expect(last.map((e) => [e.from, e.count])).toEqual([[ids[0], n - 1]]);
  });
});
