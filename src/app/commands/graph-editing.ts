/**
 * Editing on the graph canvas: a context menu on nodes, edges and the background, and drawing an
 * edge by dragging from one node to another (a dashed line follows the pointer; dropping on a node
 * asks which edge to add). Loaded with the first pointer on the canvas and attached to the Cytoscape
 * instance by graph-events.ts, which hands over the gestures that began before it was in (`missed`).
 */
import type { Core, EventObject, NodeSingular } from 'cytoscape';

export interface GraphEditing {
  onNodeMenu(id: string, x: number, y: number): void;
  onEdgeMenu(edge: { kind: string; from: string; to: string }, x: number, y: number): void;
  onBackgroundMenu(x: number, y: number): void;
  /** A drag from `from` ended on `to` (both bundle node ids). */
  onDrawEdge(from: string, to: string, x: number, y: number): void;
}

const DRAG_THRESHOLD = 8;

function client(e: EventObject): { x: number; y: number } {
  const o = e.originalEvent as MouseEvent | undefined;
  if (o && 'clientX' in o) return { x: o.clientX, y: o.clientY };
  const r = e.cy.container()?.getBoundingClientRect();
  return {
    x: (r?.left ?? 0) + (e.renderedPosition?.x ?? 0),
    y: (r?.top ?? 0) + (e.renderedPosition?.y ?? 0),
  };
}

const isBundle = (n: NodeSingular) => n.data('kind') !== 'collapsed' && n.data('kind') !== 'ghost';

export function attachGraphEditing(
  cy: Core,
  container: HTMLElement,
  handlers: () => GraphEditing | undefined,
  missed: readonly EventObject[] = [],
): () => void {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('class', 'draw-edge-overlay');
  svg.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS(ns, 'line');
  svg.append(line);
  svg.style.display = 'none';
  container.append(svg);

  let source: NodeSingular | undefined;
  let start: { x: number; y: number } | undefined;
  let drawing = false;

  const stop = () => {
    source = undefined;
    start = undefined;
    drawing = false;
    svg.style.display = 'none';
    cy.userPanningEnabled(true);
  };

  // One handler per event (not one per selector), so a gesture missed while loading can be replayed.
  const menu = (e: EventObject) => {
    const p = client(e);
    if (e.target === cy) return handlers()?.onBackgroundMenu(p.x, p.y);
    if (e.target.isEdge()) {
      const d = e.target.data() as { kind: string; source: string; target: string };
      return handlers()?.onEdgeMenu({ kind: d.kind, from: d.source, to: d.target }, p.x, p.y);
    }
    const n = e.target as NodeSingular;
    if (isBundle(n)) handlers()?.onNodeMenu(n.id(), p.x, p.y);
  };
  cy.on('cxttap', menu);

  const tapstart = (e: EventObject) => {
    const n = e.target as NodeSingular;
    const o = e.originalEvent as MouseEvent | undefined;
    if (!handlers() || !isBundle(n) || (o && 'button' in o && o.button !== 0)) return;
    source = n;
    start = { ...e.renderedPosition };
    // Dragging from a node draws an edge instead of panning.
    cy.userPanningEnabled(false);
  };
  cy.on('tapstart', 'node', tapstart);
  cy.on('tapdrag', (e) => {
    if (!source || !start) return;
    const p = e.renderedPosition;
    if (!drawing && Math.hypot(p.x - start.x, p.y - start.y) < DRAG_THRESHOLD) return;
    drawing = true;
    const from = source.renderedPosition();
    line.setAttribute('x1', String(from.x));
    line.setAttribute('y1', String(from.y));
    line.setAttribute('x2', String(p.x));
    line.setAttribute('y2', String(p.y));
    svg.style.display = '';
  });
  const tapend = (e: EventObject) => {
    if (!source) return;
    const from = source;
    const wasDrawing = drawing;
    stop();
    if (!wasDrawing) return;
    const pos = e.position;
    const target = cy.nodes().filter((n) => {
      const bb = n.boundingBox({});
      return isBundle(n) && pos.x >= bb.x1 && pos.x <= bb.x2 && pos.y >= bb.y1 && pos.y <= bb.y2;
    })[0] as NodeSingular | undefined;
    if (target && target.id() !== from.id()) {
      const p = client(e);
      handlers()?.onDrawEdge(from.id(), target.id(), p.x, p.y);
    }
  };
  cy.on('tapend', tapend);

  for (const e of missed) {
    if (e.type === 'cxttap') menu(e);
    else if (e.type === 'tapstart') {
      if (e.target !== cy && e.target.isNode()) tapstart(e);
    } else tapend(e);
  }
  return () => {
    stop();
    svg.remove();
  };
}
