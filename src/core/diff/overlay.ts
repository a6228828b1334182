import type { ModelChannel, ModelPackage } from '../model/types';
import type { ChannelDiff, PackageDiff } from './types';

/**
 * One channel's graph before and after, drawn as one: every entry and replaces/skips edge of
 * either side with whether it was added, removed, changed or kept. The app's overlay and the
 * Markdown's Mermaid snippet both draw from this, so they agree.
 */

export type OverlayStatus = 'added' | 'removed' | 'changed' | 'same';

export interface OverlayNode {
  name: string;
  status: OverlayStatus;
  /** Deprecated on the new side (or on the old side for a removed entry). */
  deprecated: boolean;
}

export interface OverlayEdge {
  /** The bundle upgraded from. */
  from: string;
  /** The entry that upgrades from it. */
  to: string;
  kind: 'replaces' | 'skips';
  status: Exclude<OverlayStatus, 'changed'>;
}

export interface ChannelOverlay {
  package: string;
  channel: string;
  nodes: OverlayNode[];
  edges: OverlayEdge[];
}

function edgesOf(ch: ModelChannel | undefined): Map<string, Omit<OverlayEdge, 'status'>> {
  const out = new Map<string, Omit<OverlayEdge, 'status'>>();
  if (!ch) return out;
  for (const b of ch.bundles.values()) {
    if (b.replaces)
      out.set(`${b.replaces}\u0000${b.name}\u0000replaces`, {
        from: b.replaces,
        to: b.name,
        kind: 'replaces',
      });
    for (const s of b.skips)
      out.set(`${s}\u0000${b.name}\u0000skips`, { from: s, to: b.name, kind: 'skips' });
  }
  return out;
}

export function channelOverlay(
  d: ChannelDiff,
  pkgName: string,
  before: ModelPackage | undefined,
  after: ModelPackage | undefined,
  changedBundles: ReadonlySet<string>,
): ChannelOverlay {
  const a = before?.channels.get(d.name);
  const b = after?.channels.get(d.name);
  const added = new Set(d.entries.added);
  const removed = new Set(d.entries.removed);
  const changed = new Set([...d.entries.changed.map((e) => e.name), ...changedBundles]);
  const nodes: OverlayNode[] = [];
  const seen = new Set<string>();
  const addNode = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const status: OverlayStatus = added.has(name)
      ? 'added'
      : removed.has(name)
        ? 'removed'
        : changed.has(name)
          ? 'changed'
          : 'same';
    const entry = b?.bundles.get(name) ?? a?.bundles.get(name);
    nodes.push({ name, status, deprecated: !!entry?.deprecation });
  };
  for (const n of b?.bundles.keys() ?? []) addNode(n);
  for (const n of a?.bundles.keys() ?? []) addNode(n);
  const ea = edgesOf(a);
  const eb = edgesOf(b);
  const edges: OverlayEdge[] = [];
  for (const [k, e] of eb) edges.push({ ...e, status: ea.has(k) ? 'same' : 'added' });
  for (const [k, e] of ea) if (!eb.has(k)) edges.push({ ...e, status: 'removed' });
  // An edge may name a bundle that is not an entry (the tail's predecessor, a pruned bundle).
  for (const e of edges) {
    addNode(e.from);
    addNode(e.to);
  }
  return { package: pkgName, channel: d.name, nodes, edges };
}

/** The overlays of every changed channel of a package diff. */
export function packageOverlays(
  d: PackageDiff,
  before: ModelPackage | undefined,
  after: ModelPackage | undefined,
): ChannelOverlay[] {
  const changedBundles = new Set(d.bundles.changed.map((b) => b.name));
  return d.channels.map((c) => channelOverlay(c, d.name, before, after, changedBundles));
}

/** Only the changed part: non-kept nodes, changed edges, and the edges and nodes that touch them. */
export function changedPart(o: ChannelOverlay): ChannelOverlay {
  const hot = new Set(o.nodes.filter((n) => n.status !== 'same').map((n) => n.name));
  const edges = o.edges.filter((e) => e.status !== 'same' || hot.has(e.from) || hot.has(e.to));
  const keep = new Set(hot);
  for (const e of edges) {
    keep.add(e.from);
    keep.add(e.to);
  }
  return { ...o, nodes: o.nodes.filter((n) => keep.has(n.name)), edges };
}
