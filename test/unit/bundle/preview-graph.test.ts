/**
 * The add-bundle dialog's preview: the channel's graph with the proposed entry added, computed
 * before anything is written — the new node, its edges, the new head; a channel the entry creates.
 */
import { describe, expect, it } from 'vitest';
import { readBundleDir, renderBundle } from '../../../src/core/bundle';
import { previewGraphs } from '../../../src/core/bundle/preview-graph';
import { MemorySource } from '../../../src/core/source/memory';
import { contextOf } from '../edit/helpers';
import { bundleFiles } from './bundle-fixture';

const doc = (v: string) =>
  [
    'schema: olm.bundle',
    `name: op.v${v}`,
    'package: op',
    `image: quay.io/acme/op-bundle:v${v}`,
    'properties:',
    '  - type: olm.package',
    `    value: {packageName: op, version: ${v}}`,
    '',
  ].join('\n');

const INDEX = [
  'schema: olm.package',
  'name: op',
  'defaultChannel: stable',
  '---',
  'schema: olm.channel',
  'package: op',
  'name: stable',
  'entries:',
  '  - name: op.v1.0.0',
  '  - name: op.v1.1.0',
  '    replaces: op.v1.0.0',
  '---',
  doc('1.0.0') + '---',
  doc('1.1.0'),
].join('\n');

async function blobOf(version: string) {
  const dir = await readBundleDir(new MemorySource(bundleFiles({ version }), `op-${version}`));
  return renderBundle(dir, '') as unknown as Record<string, unknown>;
}

describe('previewGraphs', () => {
  it('draws the channel with the new bundle as its head, replacing the old head', async () => {
    const ctx = contextOf({ 'op/index.yaml': INDEX });
    const [p, ...rest] = previewGraphs(ctx, await blobOf('1.2.0'), [
      { channel: 'stable', replaces: 'op.v1.1.0', skipRange: '>=1.0.0 <1.2.0' },
    ]);
    expect(rest).toEqual([]);
    expect(p?.newChannel).toBe(false);
    expect(p?.added).toBe('op.v1.2.0');
    expect(p?.graph.isDefault).toBe(true);
    expect(p?.graph.heads).toEqual(['op.v1.2.0']);
    expect(p?.graph.order).toEqual(['op.v1.0.0', 'op.v1.1.0', 'op.v1.2.0']);
    const node = p?.graph.nodes.find((n) => n.id === 'op.v1.2.0');
    expect(node?.version).toBe('1.2.0');
    const added = p?.graph.edges.filter((e) => p.addedEdges.includes(e.id)) ?? [];
    // As render-graph draws it: the replaces edge and an edge per bundle in the skipRange.
    expect(added.map((e) => `${e.from}->${e.to}:${e.kind}`).sort()).toEqual([
      'op.v1.0.0->op.v1.2.0:skipRange',
      'op.v1.1.0->op.v1.2.0:replaces',
      'op.v1.1.0->op.v1.2.0:skipRange',
    ]);
    // The catalog itself is untouched: its channel still has two entries.
    expect(ctx.dc.channels[0]?.entries.map((e) => e.name)).toEqual(['op.v1.0.0', 'op.v1.1.0']);
  });

  it('shows a second head when the entry replaces nothing', async () => {
    const ctx = contextOf({ 'op/index.yaml': INDEX });
    const [p] = previewGraphs(ctx, await blobOf('1.2.0'), [{ channel: 'stable' }]);
    expect(p?.graph.heads.sort()).toEqual(['op.v1.1.0', 'op.v1.2.0']);
    expect(p?.addedEdges).toEqual([]);
  });

  it('draws a channel the entry creates, and skips an entry with no channel', async () => {
    const ctx = contextOf({ 'op/index.yaml': INDEX });
    const graphs = previewGraphs(ctx, await blobOf('1.2.0'), [
      { channel: ' ' },
      { channel: 'fast', replaces: 'op.v1.1.0' },
    ]);
    expect(graphs).toHaveLength(1);
    expect(graphs[0]?.newChannel).toBe(true);
    expect(graphs[0]?.graph.channel).toBe('fast');
    // v1.1.0 is not an entry of "fast": a ghost the new entry replaces.
    const ghost = graphs[0]?.graph.nodes.find((n) => n.id === 'op.v1.1.0');
    expect(ghost?.ghost).toBe(true);
    expect(graphs[0]?.graph.heads).toEqual(['op.v1.2.0']);
  });
});
