import { describe, expect, it } from 'vitest';
import { entryRows, sortRows } from '../../../src/app/entries/rows';
import { prepareGraph } from '../../../src/app/graph/prepare';
import { buildChannelGraph, buildPackageGraph } from '../../../src/core/graph/channel-graph';
import type { BlobOrigin } from '../../../src/core/location';
import type { ModelBundle, ModelChannel, ModelPackage } from '../../../src/core/model/types';
import { parseVersion } from '../../../src/core/semver';

/** The view fed by the real graph builder (src/core/graph/channel-graph.ts), not the synthetic one. */

const origin: BlobOrigin = { file: 'catalog.yaml', index: 0, start: 0, end: 0, format: 'yaml' };

type Spec = [name: string, version: string, replaces?: string, skips?: string[], skipRange?: string];

function channel(pkg: string, name: string, specs: Spec[]): ModelChannel {
  const bundles = new Map<string, ModelBundle>();
  specs.forEach(([bundle, version, replaces = '', skips = [], skipRange = ''], i) =>
    bundles.set(bundle, {
      package: pkg,
      channel: name,
      name: bundle,
      image: `quay.io/x/${bundle}`,
      replaces,
      skips,
      skipRange,
      properties: [],
      relatedImages: [],
      version: parseVersion(version),
      release: '',
      entryIndex: i,
    }),
  );
  return { package: pkg, name, bundles };
}

const etcd: Spec[] = [
  ['etcd.v0.9.0', '0.9.0', 'etcd.v0.6.1'],
  ['etcd.v0.9.1', '0.9.1', 'etcd.v0.9.0'],
  ['etcd.v0.9.2', '0.9.2', 'etcd.v0.9.1', ['etcd.v0.9.1-rc.1']],
  ['etcd.v0.9.3', '0.9.3', 'etcd.v0.9.2'],
  ['etcd.v0.9.4-bad', '0.9.4-bad', 'etcd.v0.9.3'],
  ['etcd.v0.9.4', '0.9.4', 'etcd.v0.9.3', ['etcd.v0.9.4-bad', 'etcd.v0.9.1'], '>=0.9.0 <0.9.4'],
];

function pkg(channels: Record<string, Spec[]>, defaultChannel: string): ModelPackage {
  return {
    name: 'etcd',
    description: '',
    defaultChannel,
    channels: new Map(Object.entries(channels).map(([n, specs]) => [n, channel('etcd', n, specs)])),
    origin,
  };
}

describe('graph view on buildChannelGraph output', () => {
  const p = pkg({ stable: etcd }, 'stable');
  const graph = buildChannelGraph(p, p.channels.get('stable')!);
  const prepared = prepareGraph(graph);
  const classes = new Map(
    prepared.elements.filter((e) => e.group === 'nodes').map((e) => [e.data.id, e.classes]),
  );

  it('styles head, skipped, stranded and ghost bundles from the core flags', () => {
    expect(classes.get('etcd.v0.9.4')).toContain('head');
    expect(classes.get('etcd.v0.9.1')).toContain('skipped');
    expect(classes.get('etcd.v0.9.4-bad')).toContain('skipped');
    expect(classes.get('etcd.v0.9.0')).toContain('stranded');
    expect(classes.get('etcd.v0.6.1')).toBe('ghost');
    expect(classes.get('etcd.v0.9.1-rc.1')).toContain('ghost');
  });

  it('lays replaces and skips edges out left → right, the chain on one line', () => {
    const pos = prepared.layout.positions;
    for (const e of prepared.view.edges) {
      if (e.kind !== 'skipRange')
        expect(pos.get(e.from)!.x, `${e.from} → ${e.to}`).toBeLessThan(pos.get(e.to)!.x);
    }
    expect(['etcd.v0.9.4', 'etcd.v0.9.3', 'etcd.v0.9.2'].map((id) => pos.get(id)!.y)).toEqual([0, 0, 0]);
  });

  it('fills the entries table, newest first', () => {
    const rows = sortRows(entryRows(graph), { key: 'version', dir: 'descending' });
    expect(rows.map((r) => [r.name, r.replaces, r.skips.join(','), r.skipRange, r.head])).toEqual([
      ['etcd.v0.9.4', 'etcd.v0.9.3', 'etcd.v0.9.4-bad,etcd.v0.9.1', '>=0.9.0 <0.9.4', true],
      ['etcd.v0.9.4-bad', 'etcd.v0.9.3', '', '', false],
      ['etcd.v0.9.3', 'etcd.v0.9.2', '', '', false],
      ['etcd.v0.9.2', 'etcd.v0.9.1', 'etcd.v0.9.1-rc.1', '', false],
      ['etcd.v0.9.1', 'etcd.v0.9.0', '', '', false],
      ['etcd.v0.9.0', 'etcd.v0.6.1', '', '', false],
    ]);
  });
});

describe('package view on buildPackageGraph output', () => {
  it('shows a bundle listed in two channels once, naming both', () => {
    const p = pkg(
      { stable: etcd, fast: etcd.slice(3).map(([n, v, r, s, sr]) => [n, v, r, s, sr] as Spec) },
      'stable',
    );
    const g = buildPackageGraph(p);
    const prepared = prepareGraph({ ...g, package: 'etcd', defaultChannel: 'stable' });
    const labels = new Map(
      prepared.elements.filter((e) => e.group === 'nodes').map((e) => [e.data.id, e.data.label]),
    );
    expect(labels.get('etcd.v0.9.4')).toBe('etcd.v0.9.4\n0.9.4 · HEAD\nstable (default), fast');
    expect(labels.get('etcd.v0.9.0')).toBe('etcd.v0.9.0\n0.9.0 · ! stranded\nstable (default)');
    const ids = prepared.view.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    // the v0.9.3 → v0.9.4 replaces edge exists in both channels and is drawn once
    const e = prepared.view.edges.filter((x) => x.kind === 'replaces' && x.to === 'etcd.v0.9.4');
    expect(e.map((x) => x.channels)).toEqual([['stable', 'fast']]);
  });
});
