import type { ElementDefinition } from 'cytoscape';
import type { Layout } from './layout';
import type { ViewEdge, ViewGraph, ViewNode } from './view-graph';

/** Cytoscape element definitions for a laid-out view graph. Pure: no cytoscape instance needed. */

export interface ElementOptions {
  v0Semantics?: boolean;
  highlight?: ReadonlySet<string>;
}

export const NODE_WIDTH = 184;
const COLLAPSED_WIDTH = 140;
const LINE_HEIGHT = 14;
/** Names up to this length are drawn whole (the node widens for them); longer ones lose their middle. */
const MAX_NAME = 48;
/** A generous width of one character of the 11 px label font, so a whole name fits its box. */
const CHAR_PX = 6.6;
const MAX_NODE_WIDTH = 340;

/** The width a node needs for its label's longest line (never narrower than the usual box). */
export function nodeWidth(label: string): number {
  const longest = Math.max(...label.split('\n').map((l) => l.length));
  return Math.min(MAX_NODE_WIDTH, Math.max(NODE_WIDTH, Math.ceil(longest * CHAR_PX) + 20));
}

/**
 * Shorten in the middle, keeping two thirds for the end: bundle names end in the version, which is
 * what tells neighbours apart (the package prefix is the same on every node).
 */
export function middleEllipsis(text: string, max: number): string {
  if (text.length <= max) return text;
  const keepStart = Math.floor((max - 1) / 3);
  const keepEnd = max - 1 - keepStart;
  return `${text.slice(0, keepStart)}…${text.slice(text.length - keepEnd)}`;
}

/** Words, not colour, carry every state (colour-blind safe); the style adds shape and border. */
export function nodeTags(n: ViewNode): string[] {
  const tags: string[] = [];
  if (n.head) tags.push('HEAD');
  if (n.deprecated !== undefined) tags.push('deprecated');
  if (n.skipped) tags.push('skipped');
  if (n.stranded) tags.push('! stranded');
  return tags;
}

export function nodeLabel(n: ViewNode, defaultChannel?: string): string {
  if (n.kind === 'collapsed') {
    return `${n.name} bundles\n${middleEllipsis(n.version ?? '', MAX_NAME - 4)}`;
  }
  const lines = [middleEllipsis(n.name, MAX_NAME)];
  if (n.kind === 'ghost') {
    lines.push('not in catalog');
  } else {
    const tags = nodeTags(n);
    lines.push([n.version ?? 'no version', ...tags].join(' · '));
  }
  if (n.channels && n.channels.length > 0) {
    const names = n.channels.map((c) => (c === defaultChannel ? `${c} (default)` : c));
    lines.push(middleEllipsis(names.join(', '), MAX_NAME + 4));
  }
  return lines.join('\n');
}

export function nodeClasses(n: ViewNode, opts: ElementOptions): string {
  const c: string[] = [n.kind];
  if (n.head) c.push('head');
  if (n.deprecated !== undefined) c.push('deprecated');
  if (n.skipped) c.push('skipped');
  if (n.stranded) c.push('stranded');
  if (opts.highlight?.has(n.id)) c.push('hl');
  // OLM v0 semantics: skipped bundles outlined in red (render-graph's `skipped` class).
  if (opts.v0Semantics && n.skipped && n.kind !== 'collapsed') c.push('v0skipped');
  return c.join(' ');
}

export function edgeLabel(e: ViewEdge, v0Semantics: boolean): string {
  let text = '';
  if (e.kind === 'skipRange') {
    text = e.label ?? '';
    if (e.count > 1) text += ` (${e.count} bundles)`;
  } else if (e.count > 1) {
    text = `×${e.count}`;
  }
  if (v0Semantics && e.v0Ignored !== undefined) text = text ? `${text} · ignored by v0` : 'ignored by v0';
  return text;
}

export function buildElements(g: ViewGraph, layout: Layout, opts: ElementOptions = {}): ElementDefinition[] {
  const out: ElementDefinition[] = [];
  for (const n of g.nodes) {
    const label = nodeLabel(n, g.defaultChannel);
    const lines = label.split('\n').length;
    out.push({
      group: 'nodes',
      data: {
        id: n.id,
        name: n.name,
        kind: n.kind,
        label,
        w: n.kind === 'collapsed' ? COLLAPSED_WIDTH : nodeWidth(label),
        h: 14 + lines * LINE_HEIGHT,
      },
      position: { ...layout.positions.get(n.id)! },
      classes: nodeClasses(n, opts),
    });
  }
  // skipRange: label only the first edge into each target; the rest would repeat the same text.
  const labelled = new Set<string>();
  for (const e of g.edges) {
    let label = edgeLabel(e, !!opts.v0Semantics);
    if (e.kind === 'skipRange') {
      const key = `${e.to}\u0000${e.label ?? ''}`;
      if (labelled.has(key) && !(opts.v0Semantics && e.v0Ignored !== undefined)) label = '';
      labelled.add(key);
    }
    const classes: string[] = [e.kind];
    if (opts.v0Semantics && e.v0Ignored !== undefined) classes.push('v0ignored');
    if (e.count > 1) classes.push('folded');
    if (label) classes.push('labelled');
    const data: Record<string, unknown> = {
      id: `e:${e.id}`,
      source: e.from,
      target: e.to,
      kind: e.kind,
      label,
    };
    // The hover tooltip in OLM v0 semantics: why OLM v0 ignores this edge.
    if (opts.v0Semantics && e.v0Ignored !== undefined) data.why = e.v0Ignored;
    // Edges along one lane that jump columns would run through the bundles in between: arc them,
    // skips and replaces above the lane, skipRange below, higher for longer jumps.
    const ca = layout.column.get(e.from) ?? 0;
    const cb = layout.column.get(e.to) ?? 0;
    if (e.from !== e.to && layout.lane.get(e.from) === layout.lane.get(e.to) && Math.abs(cb - ca) > 1) {
      const span = Math.abs(cb - ca);
      const height = Math.min(36 + 18 * span, 220);
      const up = e.kind !== 'skipRange';
      // Cytoscape measures the distance to the left of the source→target direction as negative.
      data.cpd = (up === cb > ca ? -1 : 1) * height;
      classes.push('arc');
    }
    if (e.from === e.to) classes.push('loop');
    out.push({ group: 'edges', data, classes: classes.join(' ') });
  }
  return out;
}
