/**
 * The Crossplane dependency graph drawn (part of the lazy beside chunk, which loads cytoscape): the
 * folder's packages on top, their dependencies below with the constraint on each edge, the CRDs
 * each ships, and XRD → Composition → composed kinds. Node types differ by shape and a conflicting constraint by
 * line style as well as colour, so the drawing reads without colour; the table beside it is the
 * text alternative.
 */
import type cytoscape from 'cytoscape';
import { STATIC_EDGE_STYLE, STATIC_NODE_STYLE, useStaticGraph } from '../graph/use-static-graph';
import type { CrossplaneGraph, GraphNode } from '../../core/crossplane/deps-graph';

/**
 * A label short enough for siblings not to overlap: the last segment of an OCI reference, a kind
 * without its API group (the table beside has the full names).
 */
function shortLabel(n: GraphNode): string {
  if (n.type === 'package' || n.type === 'dependency') {
    // The kind is on its own line, so `configuration-` before the name says nothing more; a
    // zero-width space after each hyphen lets the name wrap.
    const name = n.label.slice(n.label.lastIndexOf('/') + 1);
    const short = n.kind ? name.replace(new RegExp(`^${n.kind.toLowerCase()}-`), '') : name;
    return `${n.kind ? `${n.kind}\n` : ''}${short.replace(/-/g, '-\u200b')}`;
  }
  // Two CRDs may share a kind across API groups (provider-kubernetes' Object, cluster and namespaced):
  // the group on a second line, breakable at its dots.
  if (n.type === 'crd')
    return n.label.replace(/ \((.*)\)$/, (_, g: string) => `\n${g.replace(/\./g, '.\u200b')}`);
  if (n.type === 'xrd' || n.type === 'resource') return n.label.replace(/ \(.*\)$/, '');
  return n.label;
}

const COLUMN = 170;
const ROW = 80;

/**
 * Each level of the graph (the folder's packages, then what they depend on or ship, and so on) in
 * rows as wide as the canvas, so a Provider's nine CRDs are two rows of readable labels rather than
 * one row of overlapping ones squeezed to fit.
 */
export function wrappedPositions(
  graph: CrossplaneGraph,
  width: number,
): Map<string, { x: number; y: number }> {
  const depth = new Map<string, number>();
  const queue = graph.nodes.filter((n) => n.type === 'package').map((n) => n.id);
  for (const id of queue) depth.set(id, 0);
  for (let i = 0; i < queue.length; i++) {
    const from = queue[i]!;
    for (const e of graph.edges)
      if (e.from === from && !depth.has(e.to)) {
        depth.set(e.to, depth.get(from)! + 1);
        queue.push(e.to);
      }
  }
  const deepest = Math.max(0, ...depth.values());
  const levels: string[][] = [];
  for (const n of graph.nodes) (levels[depth.get(n.id) ?? deepest + 1] ??= []).push(n.id);
  const perRow = Math.max(3, Math.floor(width / COLUMN));
  const out = new Map<string, { x: number; y: number }>();
  let y = 0;
  for (const level of levels) {
    if (!level) continue;
    for (let i = 0; i < level.length; i += perRow) {
      const row = level.slice(i, i + perRow);
      row.forEach((id, j) => out.set(id, { x: (j - (row.length - 1) / 2) * COLUMN, y }));
      y += ROW;
    }
    y += ROW / 2;
  }
  return out;
}

const STYLE: cytoscape.StylesheetJson = [
  {
    selector: 'node',
    style: { ...STATIC_NODE_STYLE, 'text-wrap': 'wrap', 'text-max-width': '150px', width: 24 },
  },
  {
    selector: 'node[type="package"]',
    style: { shape: 'round-rectangle', 'background-color': '#b6e3ff', 'border-color': '#0969da', width: 34 },
  },
  { selector: 'node[type="dependency"]', style: { shape: 'rectangle' } },
  { selector: 'node[type="xrd"]', style: { shape: 'diamond', 'background-color': '#d8b9ff' } },
  { selector: 'node[type="crd"]', style: { shape: 'barrel', 'background-color': '#aceebb', width: 28 } },
  {
    selector: 'node[?missing]',
    style: { 'border-style': 'dashed', 'border-width': 2, 'border-color': '#cf222e' },
  },
  { selector: 'node[type="composition"]', style: { shape: 'hexagon', 'background-color': '#fff1a8' } },
  { selector: 'node[type="resource"]', style: { shape: 'ellipse', width: 14, height: 14 } },
  {
    selector: 'edge',
    style: {
      ...STATIC_EDGE_STYLE,
      label: 'data(label)',
      'font-size': 9,
      color: '#57606a',
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.8,
      'text-rotation': 'autorotate',
    },
  },
  { selector: 'edge[type="composes"]', style: { 'line-style': 'dotted' } },
  {
    selector: 'edge[?conflict]',
    style: {
      width: 3,
      'line-style': 'dashed',
      'line-color': '#cf222e',
      'target-arrow-color': '#cf222e',
      color: '#cf222e',
    },
  },
];

export default function CrossplaneCanvas({ graph }: { graph: CrossplaneGraph }) {
  const ref = useStaticGraph(
    () => ({
      style: STYLE,
      elements: [
        ...graph.nodes.map((n) => ({
          data: { id: n.id, type: n.type, missing: !!n.missing, label: shortLabel(n) },
        })),
        ...graph.edges.map((e, i) => ({
          data: {
            id: `e${i}`,
            source: e.from,
            target: e.to,
            type: e.type,
            conflict: !!e.conflict,
            label: e.type === 'dependsOn' ? `${e.label ?? ''}${e.conflict ? ' (conflict)' : ''}` : '',
          },
        })),
      ],
      layout: {
        name: 'preset',
        positions: Object.fromEntries(wrappedPositions(graph, ref.current?.clientWidth ?? 800)),
        padding: 30,
      },
    }),
    '__fbcCrossplaneGraph',
    [graph],
  );
  const packages = graph.nodes.filter((n) => n.type === 'package').length;
  const conflicts = graph.edges.filter((e) => e.conflict).length;
  return (
    <div
      ref={ref}
      className="crossplane-canvas"
      data-testid="crossplane-canvas"
      role="img"
      aria-label={`Dependency graph: ${packages} ${packages === 1 ? 'package' : 'packages'}, ${
        graph.edges.filter((e) => e.type === 'dependsOn').length
      } dependencies, ${conflicts} conflicting; the table below lists every edge`}
    />
  );
}

/** Shapes and lines as the canvas draws them. */
export function CanvasLegend() {
  return (
    <p className="muted small crossplane-legend">
      Legend: rounded box = package in this folder · box = dependency · barrel = CRD the package ships ·
      diamond = XRD (dashed red border: not defined here) · hexagon = Composition · circle = composed kind ·
      dotted line = composes ·{' '}
      <span className="conflict-key">thick dashed red line = conflicting constraint</span>
    </p>
  );
}
