import { describe, expect, it } from 'vitest';
import { buildChannelGraph, buildPackageGraph, type GraphEdge } from '../../../src/core/graph/channel-graph';
import { channelOf, modelPackage, type EntrySpec } from './fixtures';

const A = (v: string): string => `anakin.v${v}`;

function graphOf(entries: EntrySpec[], ch = 'light') {
  const pkg = modelPackage('anakin', { [ch]: entries });
  return buildChannelGraph(pkg, channelOf(pkg, ch));
}

function edgeKeys(edges: GraphEdge[]): string[] {
  return edges.map((e) => `${e.kind}:${e.from}->${e.to}${e.label ? ` (${e.label})` : ''}`);
}

function flags(g: ReturnType<typeof graphOf>, name: string) {
  const n = g.nodes.find((x) => x.name === name);
  if (!n) throw new Error(`no node ${name}`);
  return { ghost: n.ghost, head: n.head, skipped: n.skipped, stranded: n.stranded, inChain: n.inChain };
}

describe('channel flags follow opm (fbc-rules §4)', () => {
  it('a replaces target that some entry skips ends the walk (v1.58+), stranding what it replaces', () => {
    const g = graphOf(
      [
        { name: 'a.v4', replaces: 'a.v3' },
        { name: 'a.v3', replaces: 'a.v2', skips: ['a.v2'] },
        { name: 'a.v2', replaces: 'a.v1' },
        { name: 'a.v1' },
      ],
      'c',
    );
    expect(g.nodes.map((n) => [n.name, n.inChain, n.skipped, n.stranded])).toEqual([
      ['a.v4', true, false, false],
      ['a.v3', true, false, false],
      ['a.v2', false, true, false],
      ['a.v1', false, false, true],
    ]);
  });

  it('G05: on a cycle nothing is reported stranded (opm stops at the cycle)', () => {
    const g = graphOf([
      { name: A('0.0.4'), replaces: A('0.0.4') },
      { name: A('0.0.5'), replaces: A('0.0.4') },
      { name: A('0.0.1') },
    ]);
    expect(g.heads).toEqual([A('0.0.1'), A('0.0.5')]);
    const g2 = graphOf([
      { name: A('0.0.4'), replaces: A('0.0.4') },
      { name: A('0.0.5'), replaces: A('0.0.4') },
    ]);
    expect(g2.heads).toEqual([A('0.0.5')]);
    expect(g2.nodes.map((n) => [n.name, n.inChain, n.stranded])).toEqual([
      [A('0.0.4'), true, false],
      [A('0.0.5'), true, false],
    ]);
    expect(g2.edges.map((e) => e.id)).toEqual([
      'replaces:anakin.v0.0.4->anakin.v0.0.4',
      'replaces:anakin.v0.0.4->anakin.v0.0.5',
    ]);
  });

  it('every entry on a cycle: no head, every node still gets a depth', () => {
    const g = graphOf(
      [
        { name: 'a.v1', replaces: 'a.v2' },
        { name: 'a.v2', replaces: 'a.v1' },
      ],
      'c',
    );
    expect(g.heads).toEqual([]);
    expect(g.nodes.map((n) => [n.name, n.depth])).toEqual([
      ['a.v1', 0],
      ['a.v2', 1],
    ]);
    expect(g.order).toEqual(['a.v2', 'a.v1']);
  });
});

describe('buildChannelGraph', () => {
  it('G01: nodes, edges from older to newer, flags, depth and order', () => {
    const g = graphOf([
      { name: A('0.0.1') },
      { name: A('0.0.2') },
      { name: A('0.0.3'), replaces: A('0.0.1'), skips: [A('0.0.2')] },
    ]);
    expect(g).toMatchObject({ package: 'anakin', channel: 'light', isDefault: true, heads: [A('0.0.3')] });
    expect(g.nodes).toHaveLength(3);
    expect(edgeKeys(g.edges)).toEqual([
      'skips:anakin.v0.0.2->anakin.v0.0.3',
      'replaces:anakin.v0.0.1->anakin.v0.0.3',
    ]);
    expect(flags(g, A('0.0.3'))).toEqual({
      ghost: false,
      head: true,
      skipped: false,
      stranded: false,
      inChain: true,
    });
    expect(flags(g, A('0.0.2'))).toEqual({
      ghost: false,
      head: false,
      skipped: true,
      stranded: false,
      inChain: false,
    });
    expect(flags(g, A('0.0.1'))).toEqual({
      ghost: false,
      head: false,
      skipped: false,
      stranded: false,
      inChain: true,
    });
    expect(g.nodes.map((n) => [n.name, n.depth, n.version])).toEqual([
      [A('0.0.1'), 1, '0.0.1'],
      [A('0.0.2'), 1, '0.0.2'],
      [A('0.0.3'), 0, '0.0.3'],
    ]);
    expect(g.order).toEqual([A('0.0.1'), A('0.0.2'), A('0.0.3')]);
  });

  it('G03: a skip target outside the channel is a ghost node; both heads are flagged', () => {
    const g = graphOf([
      { name: A('0.0.1') },
      { name: A('0.0.3'), replaces: A('0.0.1'), skips: [A('0.0.2')] },
      { name: A('0.0.4'), replaces: A('0.0.1') },
    ]);
    const entries = 3;
    const ghosts = g.nodes.filter((n) => n.ghost);
    expect(ghosts.map((n) => n.name)).toEqual([A('0.0.2')]);
    expect(g.nodes).toHaveLength(entries + ghosts.length);
    expect(g.heads).toEqual([A('0.0.3'), A('0.0.4')]);
    expect(flags(g, A('0.0.2'))).toEqual({
      ghost: true,
      head: false,
      skipped: true,
      stranded: false,
      inChain: false,
    });
    // With several heads opm reports no stranded bundles; the chain is walked from each head.
    expect(g.nodes.filter((n) => n.stranded)).toEqual([]);
    expect(flags(g, A('0.0.1')).inChain).toBe(true);
    expect(g.order).toEqual([A('0.0.1'), A('0.0.3'), A('0.0.4')]);
  });

  it('G07: the stranded entry is flagged', () => {
    const g = graphOf([
      { name: A('0.0.1') },
      { name: A('0.0.2'), replaces: A('0.0.1') },
      { name: A('0.0.3'), skips: [A('0.0.2')] },
    ]);
    expect(flags(g, A('0.0.1'))).toEqual({
      ghost: false,
      head: false,
      skipped: false,
      stranded: true,
      inChain: false,
    });
    expect(flags(g, A('0.0.2'))).toMatchObject({ skipped: true, stranded: false });
    expect(g.nodes.map((n) => [n.name, n.depth])).toEqual([
      [A('0.0.1'), 2],
      [A('0.0.2'), 1],
      [A('0.0.3'), 0],
    ]);
    expect(g.order).toEqual([A('0.0.1'), A('0.0.2'), A('0.0.3')]);
  });

  it('G09: the tail may replace a bundle that does not exist: a ghost on the chain', () => {
    const g = graphOf([{ name: A('0.1.0'), replaces: A('0.0.0') }]);
    expect(g.nodes).toHaveLength(2);
    expect(flags(g, A('0.0.0'))).toEqual({
      ghost: true,
      head: false,
      skipped: false,
      stranded: false,
      inChain: true,
    });
    expect(g.nodes.find((n) => n.ghost)?.version).toBeUndefined();
    expect(g.order).toEqual([A('0.1.0')]);
  });

  it('a ghost listed in another channel of the package takes its version and deprecation from there', () => {
    const pkg = modelPackage('p', {
      stable: [{ name: 'p.v2.0.0', replaces: 'p.v1.0.0' }],
      old: [{ name: 'p.v1.0.0', deprecated: 'gone' }],
    });
    const g = buildChannelGraph(pkg, channelOf(pkg, 'stable'));
    expect(g.nodes.find((n) => n.name === 'p.v1.0.0')).toMatchObject({
      ghost: true,
      version: '1.0.0',
      deprecated: 'gone',
    });
  });

  it('G18: entries linked only by a skipRange are both heads (skipRange is ignored for heads)', () => {
    const g = graphOf([
      { name: 'a', version: '1.0.0' },
      { name: 'b', version: '2.0.0', skipRange: '>=1.0.0 <2.0.0' },
    ]);
    expect(g.heads).toEqual(['a', 'b']);
    expect(edgeKeys(g.edges)).toEqual(['skipRange:a->b (>=1.0.0 <2.0.0)']);
  });

  it('skipRange expands to every entry whose version it contains, by blang rules (prereleases included)', () => {
    const g = graphOf([
      { name: 'etcd.v0.9.0' },
      { name: 'etcd.v0.9.2', replaces: 'etcd.v0.9.0' },
      { name: 'etcd.v0.9.4-rc.1', replaces: 'etcd.v0.9.2' },
      {
        name: 'etcd.v0.9.4',
        replaces: 'etcd.v0.9.2',
        skipRange: '>=0.9.0 <0.9.4',
        skips: ['etcd.v0.9.4-rc.1'],
      },
    ]);
    expect(edgeKeys(g.edges.filter((e) => e.to === 'etcd.v0.9.4'))).toEqual([
      'skips:etcd.v0.9.4-rc.1->etcd.v0.9.4',
      'skipRange:etcd.v0.9.0->etcd.v0.9.4 (>=0.9.0 <0.9.4)',
      'skipRange:etcd.v0.9.2->etcd.v0.9.4 (>=0.9.0 <0.9.4)',
      // npm semver would leave the prerelease out; blang (OLM, opm) does not.
      'skipRange:etcd.v0.9.4-rc.1->etcd.v0.9.4 (>=0.9.0 <0.9.4)',
      'replaces:etcd.v0.9.2->etcd.v0.9.4',
    ]);
    expect(new Set(g.edges.map((e) => e.kind))).toEqual(new Set(['replaces', 'skips', 'skipRange']));
  });

  it('1.x.x is a blang patch wildcard (<1.1.0), and an unparsable skipRange draws nothing', () => {
    const g = graphOf([
      { name: 'x.v1.0.5' },
      { name: 'x.v1.1.0' },
      { name: 'x.v2.0.0', skipRange: '1.x.x' },
      { name: 'x.v3.0.0', skipRange: '^1.0.0' },
    ]);
    expect(edgeKeys(g.edges)).toEqual(['skipRange:x.v1.0.5->x.v2.0.0 (1.x.x)']);
  });

  it('v0Ignored marks the edges render-graph paints red, with the reason', () => {
    // peers §4 #4: v4 replaces v3, v3 skips v2, v2 replaces v1 → OLM v0 ignores v1 → v2.
    const g = graphOf(
      [
        { name: 'a.v4.0.0', replaces: 'a.v3.0.0' },
        { name: 'a.v3.0.0', skips: ['a.v2.0.0'] },
        { name: 'a.v2.0.0', replaces: 'a.v1.0.0' },
        { name: 'a.v1.0.0' },
        { name: 'a.v5.0.0', replaces: 'a.v4.0.0', skips: ['a.v2.0.0'] },
      ],
      'c',
    );
    const ignored = g.edges.filter((e) => e.v0Ignored).map((e) => [e.id, e.v0Ignored]);
    expect(ignored).toEqual([
      [
        'skips:a.v2.0.0->a.v3.0.0',
        'a.v5.0.0 also skips a.v2.0.0 and has a higher version, so OLM v0 prefers it',
      ],
      ['replaces:a.v1.0.0->a.v2.0.0', 'a.v2.0.0 is skipped by a.v5.0.0, so OLM v0 never upgrades to it'],
    ]);
  });

  it('edge ids stay unique when a skip is listed twice', () => {
    const g = graphOf([{ name: 'a.v1.0.0' }, { name: 'a.v2.0.0', skips: ['a.v1.0.0', 'a.v1.0.0'] }]);
    expect(g.edges.map((e) => e.id)).toEqual(['skips:a.v1.0.0->a.v2.0.0', 'skips:a.v1.0.0->a.v2.0.0#2']);
  });

  it('deprecation messages reach the nodes; isDefault follows the package', () => {
    const pkg = modelPackage(
      'anakin',
      {
        dark: [
          { name: A('0.0.1'), deprecated: 'This bundle version is deprecated' },
          { name: A('0.1.0'), replaces: A('0.0.1') },
        ],
        light: [{ name: A('0.0.1') }],
      },
      'light',
    );
    const g = buildChannelGraph(pkg, channelOf(pkg, 'dark'));
    expect(g.isDefault).toBe(false);
    expect(g.nodes[0]?.deprecated).toBe('This bundle version is deprecated');
    expect(g.nodes[1]?.deprecated).toBeUndefined();
  });

  it('an entry no head reaches (a cycle under a real head) still gets a depth', () => {
    const g = graphOf(
      [
        { name: 'h.v9.0.0' },
        { name: 'c.v1.0.0', replaces: 'c.v2.0.0' },
        { name: 'c.v2.0.0', replaces: 'c.v1.0.0' },
      ],
      'c',
    );
    expect(g.heads).toEqual(['h.v9.0.0']);
    expect(g.nodes.filter((n) => n.stranded).map((n) => n.name)).toEqual(['c.v1.0.0', 'c.v2.0.0']);
    expect(g.nodes.map((n) => n.depth)).toEqual([0, 0, 1]);
  });
});

describe('buildPackageGraph', () => {
  it('one node per bundle across channels, edges tagged with their channel', () => {
    const pkg = modelPackage('anakin', {
      dark: [
        { name: A('0.0.1') },
        { name: A('0.1.0'), replaces: A('0.0.1') },
        { name: A('0.1.1'), replaces: A('0.0.1'), skips: [A('0.1.0')] },
      ],
      light: [{ name: A('0.0.1') }, { name: A('0.1.0'), replaces: A('0.0.1') }],
    });
    const g = buildPackageGraph(pkg);
    expect(g.nodes.map((n) => [n.name, n.channels, n.head])).toEqual([
      [A('0.0.1'), ['dark', 'light'], false],
      [A('0.1.0'), ['dark', 'light'], true],
      [A('0.1.1'), ['dark'], true],
    ]);
    expect(g.edges.map((e) => [e.channel, e.id])).toEqual([
      ['dark', 'dark/replaces:anakin.v0.0.1->anakin.v0.1.0'],
      ['dark', 'dark/skips:anakin.v0.1.0->anakin.v0.1.1'],
      ['dark', 'dark/replaces:anakin.v0.0.1->anakin.v0.1.1'],
      ['light', 'light/replaces:anakin.v0.0.1->anakin.v0.1.0'],
    ]);
    expect(new Set(g.edges.map((e) => e.id)).size).toBe(g.edges.length);
    // Skipped in dark only; the flag is set when any channel skips the bundle.
    expect(g.nodes[1]?.skipped).toBe(true);
  });

  it('a bundle that is a ghost in one channel and an entry in another is not a ghost', () => {
    const pkg = modelPackage('p', {
      stable: [{ name: 'p.v2.0.0', replaces: 'p.v1.0.0' }],
      old: [{ name: 'p.v1.0.0' }],
    });
    const g = buildPackageGraph(pkg);
    expect(g.nodes.map((n) => [n.name, n.ghost, n.channels])).toEqual([
      ['p.v2.0.0', false, ['stable']],
      ['p.v1.0.0', false, ['old']],
    ]);
  });
});
