/**
 * Where the graph's camera goes: the first view of a graph, zooming, fitting, centring on a bundle,
 * and the selection marks. Plain functions of a Cytoscape instance (no React), so every hook of the
 * graph view moves the viewport the same way.
 */
import type { Core, NodeSingular } from 'cytoscape';

/**
 * Readable zoom: labels are drawn at 11 px, so below zoom 1 they fall under 11 CSS px on screen.
 * Below it the first view (and Fit) shows the head's neighbourhood at this zoom instead of
 * shrinking the whole graph; the rest is a pan away.
 */
export const MIN_READABLE_ZOOM = 1;
export const ZOOM_STEP = 1.25;
/** Presentation mode lets a small graph fill the projector. */
export const PRESENTATION_ZOOM = 2.4;
/** The largest zoom a graph is fitted at outside presentation mode. */
export const DEFAULT_MAX_ZOOM = 1.2;

export const reducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Zooms about the centre of the canvas; an explicit zoom wins over a running centring animation. */
export function zoomBy(cy: Core, factor: number): void {
  cy.stop(true, true);
  const level = Math.min(cy.maxZoom(), Math.max(cy.minZoom(), cy.zoom() * factor));
  cy.zoom({ level, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
}

/**
 * The smallest height a bundle is drawn at when the whole graph is fitted: a long channel fitted
 * into the canvas would otherwise be a hairline of unreadable boxes.
 */
export const MIN_NODE_PX = 14;

/**
 * Fit: the whole graph when its bundles stay readable; otherwise as much as fits at the smallest
 * readable zoom, vertically centred, ending at the head (the right end, where bundles are added) —
 * the rest is a pan away (drag, or Shift+arrows), and the title says how many are shown.
 */
export function fitAll(cy: Core): void {
  cy.stop(true, true);
  cy.fit(undefined, 30);
  const nodes = cy.nodes();
  if (nodes.empty()) return;
  let h = 0;
  nodes.forEach((n) => {
    h = Math.max(h, n.height());
  });
  const least = Math.max(MIN_NODE_PX / Math.max(h, 1), MIN_READABLE_ZOOM);
  if (cy.zoom() >= least) return;
  const box = nodes.boundingBox();
  const head = headNode(cy);
  const right = head ? head.position('x') + head.width() / 2 : box.x2;
  cy.viewport({
    zoom: least,
    pan: { x: cy.width() - 30 - right * least, y: cy.height() / 2 - ((box.y1 + box.y2) / 2) * least },
  });
}

/** How many bundles (not ghosts or collapsed runs) are at least partly inside the canvas. */
export function bundlesInView(cy: Core): number {
  const ext = cy.extent();
  let n = 0;
  cy.nodes('[kind = "bundle"]').forEach((node) => {
    const b = node.boundingBox();
    if (b.x2 > ext.x1 && b.x1 < ext.x2 && b.y2 > ext.y1 && b.y1 < ext.y2) n++;
  });
  return n;
}

/** Centres on `node` (animated unless reduced motion is asked for), zooming in to at least `minZoom`. */
export function centreOn(cy: Core, node: NodeSingular, duration: number, minZoom?: number): void {
  cy.stop(true, false);
  cy.animate(
    minZoom === undefined
      ? { center: { eles: node } }
      : { center: { eles: node }, zoom: Math.max(cy.zoom(), minZoom) },
    { duration: reducedMotion() ? 0 : duration },
  );
}

export function applySelection(cy: Core, selected: string | undefined): void {
  cy.batch(() => {
    cy.$('.sel').removeClass('sel');
    cy.$('.sel-edge').removeClass('sel-edge');
    if (!selected) return;
    const node = cy.getElementById(selected);
    node.addClass('sel');
    node.connectedEdges().addClass('sel-edge');
  });
}

export function inViewport(cy: Core, node: NodeSingular): boolean {
  const ext = cy.extent();
  const p = node.position();
  return p.x > ext.x1 && p.x < ext.x2 && p.y > ext.y1 && p.y < ext.y2;
}

/**
 * Fit when the whole graph is readable; otherwise show the selected node or the head (the right
 * end, where maintainers add bundles) at a readable zoom.
 */
export function initialViewport(cy: Core, selected: string | undefined, maxZoom = DEFAULT_MAX_ZOOM): void {
  cy.fit(undefined, 30);
  if (cy.zoom() > maxZoom)
    cy.zoom({ level: maxZoom, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
  if (cy.zoom() >= MIN_READABLE_ZOOM) {
    if (cy.zoom() <= maxZoom) cy.fit(undefined, 30);
    if (cy.zoom() > maxZoom) cy.center();
    return;
  }
  const focus =
    (selected && cy.getElementById(selected).nonempty() && cy.getElementById(selected)) || headNode(cy);
  if (!focus || focus.empty()) return;
  const z = MIN_READABLE_ZOOM;
  const p = focus.position();
  // The head at the right edge, whole: its box's half width and a margin in from the edge.
  const x = selected ? cy.width() / 2 : cy.width() - 30 - (focus.width() / 2) * z;
  cy.viewport({ zoom: z, pan: { x: x - p.x * z, y: cy.height() / 2 - p.y * z } });
}

function headNode(cy: Core) {
  const heads = cy.nodes('.head');
  const pool = heads.nonempty() ? heads : cy.nodes();
  let best: NodeSingular | undefined;
  pool.forEach((n) => {
    if (!best || n.position('x') > best.position('x')) best = n;
  });
  return best ? cy.collection(best) : undefined;
}

/**
 * Frames an upgrade path (installed → … → its end) and the channel head: all of it when that is
 * readable; else, at the readable zoom, the end of the path and the head at the right edge (where
 * the answer is), the older hops a pan away — never the head pushed off screen.
 */
export function fitPath(cy: Core, hops: readonly string[], maxZoom = DEFAULT_MAX_ZOOM): void {
  let nodes = cy.collection();
  for (const h of hops) nodes = nodes.union(cy.getElementById(h));
  const head = headNode(cy);
  if (head) nodes = nodes.union(head);
  if (nodes.empty()) return;
  cy.stop(true, true);
  cy.fit(nodes, 40);
  if (cy.zoom() > maxZoom) {
    cy.zoom(maxZoom);
    cy.center(nodes);
  }
  if (cy.zoom() >= MIN_READABLE_ZOOM) return;
  const z = MIN_READABLE_ZOOM;
  const box = nodes.boundingBox();
  cy.viewport({
    zoom: z,
    pan: { x: cy.width() - 30 - box.x2 * z, y: cy.height() / 2 - ((box.y1 + box.y2) / 2) * z },
  });
}
