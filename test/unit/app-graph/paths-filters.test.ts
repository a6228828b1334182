import { describe, expect, it } from 'vitest';
import {
  channelVersions,
  filterChannelGraph,
  filterEntries,
  filterPackageGraph,
  windowReport,
  type FilterSpec,
} from '../../../src/app/filters/apply';
import { windowKey } from '../../../src/app/filters/store';
import type { ChannelGraph } from '../../../src/app/graph/types';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';
import { demoTree } from '../service/demo-files';

/** The version window and edge-kind filters on the demo catalog's real graphs. */

const ALL = { replaces: true, skips: true, skipRange: true };
const A = (v: string) => `aurora-operator.v${v}`;
const B = (v: string) => `borealis-operator.v${v}`;

async function demo() {
  const s = new CatalogService();
  await s.open(new MemorySource(demoTree(), 'demo'), { kind: 'demo', readOnly: true });
  const channel = (pkg: string, ch: string) => s.getChannel(pkg, ch)!;
  const pkgGraph = (pkg: string) => ({ ...s.getPackageGraph(pkg)!, package: pkg });
  return { channel, pkgGraph };
}

const spec = (windows: FilterSpec['windows'] = {}, edgeKinds = ALL): FilterSpec => ({ edgeKinds, windows });
const ids = (g: ChannelGraph) => g.nodes.map((n) => n.id).sort();

describe('version window', () => {
  it('hides the entries outside it, their edges, and keeps the upgrade order of the rest', async () => {
    const { channel } = await demo();
    const fast = channel('aurora-operator', 'fast');
    expect(channelVersions(fast.graph)).toEqual(['1.1.0', '1.2.0', '1.3.0']);
    const s = spec({ [windowKey('aurora-operator', 'fast')]: { max: '1.2.0' } });
    const g = filterChannelGraph(fast.graph, s);
    expect(ids(g)).toEqual([A('1.1.0'), A('1.2.0')]);
    expect(g.edges.map((e) => e.id)).toEqual([`replaces:${A('1.1.0')}->${A('1.2.0')}`]);
    expect(g.order).toEqual([A('1.1.0'), A('1.2.0')]);
    expect(filterEntries(fast.entries, 'aurora-operator', 'fast', s).map((e) => e.name)).toEqual([
      A('1.1.0'),
      A('1.2.0'),
    ]);
    // Another channel's window changes nothing here; no filter returns the graph itself.
    expect(
      filterChannelGraph(fast.graph, spec({ [windowKey('aurora-operator', 'stable')]: { min: '1.1.0' } })),
    ).toBe(fast.graph);
  });

  it('flags a channel whose head falls outside the window: it loses every path forward', async () => {
    const { pkgGraph } = await demo();
    const reports = windowReport(
      pkgGraph('aurora-operator'),
      spec({ [windowKey('aurora-operator', 'fast')]: { max: '1.2.0' } }),
      'aurora-operator',
    );
    expect(reports.map((r) => [r.channel, r.hidden, r.visible, r.cutOff, r.lostAll, r.why])).toEqual([
      ['stable', 0, 3, [], false, undefined],
      ['fast', 1, 2, [A('1.1.0'), A('1.2.0')], true, 'its head is outside the window'],
      ['candidate', 0, 2, [], false, undefined],
    ]);
  });

  it('in the whole-package view, each edge follows its own channel’s window', async () => {
    const { pkgGraph } = await demo();
    const g = filterPackageGraph(
      pkgGraph('aurora-operator'),
      spec({ [windowKey('aurora-operator', 'fast')]: { max: '1.2.0' } }),
      'aurora-operator',
    );
    // 1.3.0 stays (the candidate channel lists it), but fast's edges into it are gone.
    expect(g.nodes.map((n) => n.id)).toContain(A('1.3.0'));
    expect(g.edges.filter((e) => e.channel === 'fast').map((e) => e.id)).toEqual([
      `fast/replaces:${A('1.1.0')}->${A('1.2.0')}`,
    ]);
    expect(g.edges.filter((e) => e.channel === 'candidate')).toHaveLength(1);
  });
});

describe('edge kinds', () => {
  it('bundles reachable only through hidden kinds are cut off; with no edge left the channel is flagged', async () => {
    const { channel, pkgGraph } = await demo();
    const onlySkips = { replaces: false, skips: true, skipRange: false };
    const g = filterChannelGraph(channel('borealis-operator', 'stable-v2').graph, spec({}, onlySkips));
    expect(g.edges.map((e) => e.kind)).toEqual(['skips']);
    const report = (kinds: typeof ALL) =>
      windowReport(pkgGraph('borealis-operator'), spec({}, kinds), 'borealis-operator').find(
        (r) => r.channel === 'stable-v2',
      );
    expect(report(onlySkips)).toMatchObject({ cutOff: [B('2.0.1')], lostAll: false });
    expect(report({ replaces: false, skips: false, skipRange: false })).toMatchObject({
      cutOff: [B('2.0.0'), B('2.0.1')],
      lostAll: true,
      why: 'no shown edge leads to the head',
    });
    expect(report(ALL)).toMatchObject({ cutOff: [], lostAll: false });
  });

  it('a ghost (a replaces target that is not an entry) goes when its last edge does', () => {
    const g: ChannelGraph = {
      package: 'p',
      channel: 'c',
      isDefault: true,
      heads: ['p.v2'],
      order: ['p.v1', 'p.v2'],
      nodes: [
        {
          id: 'p.v0',
          name: 'p.v0',
          ghost: true,
          head: false,
          skipped: false,
          stranded: false,
          inChain: false,
          depth: 2,
        },
        {
          id: 'p.v1',
          name: 'p.v1',
          version: '1.0.0',
          ghost: false,
          head: false,
          skipped: false,
          stranded: false,
          inChain: true,
          depth: 1,
        },
        {
          id: 'p.v2',
          name: 'p.v2',
          version: '2.0.0',
          ghost: false,
          head: true,
          skipped: false,
          stranded: false,
          inChain: true,
          depth: 0,
        },
      ],
      edges: [
        { id: 'replaces:p.v0->p.v1', from: 'p.v0', to: 'p.v1', kind: 'replaces' },
        { id: 'skips:p.v1->p.v2', from: 'p.v1', to: 'p.v2', kind: 'skips' },
      ],
    };
    expect(ids(filterChannelGraph(g, spec({}, { replaces: false, skips: true, skipRange: true })))).toEqual([
      'p.v1',
      'p.v2',
    ]);
    expect(ids(filterChannelGraph(g, spec({ [windowKey('p', 'c')]: { min: '2.0.0' } })))).toEqual(['p.v2']);
  });
});
