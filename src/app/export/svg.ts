import type { Core, EdgeSingular, NodeSingular } from 'cytoscape';
import type { Palette } from '../graph/style';
import { esc, legendItems, legendSvg, type LegendFlags } from './legend';

/**
 * An SVG of the graph as Cytoscape lays it out and styles it: node boxes, shapes, borders and
 * labels, edges along Cytoscape's own endpoints and control points with its arrow shapes, and the
 * legend underneath. Built from the instance's positions and computed styles rather than through a
 * canvas-to-SVG shim (cytoscape-svg is GPL-3.0, which this Apache-2.0 app cannot bundle).
 */

export interface ImageOptions {
  /** Output size relative to the graph at zoom 1. */
  scale: number;
  /** The whole graph, or only the part visible on screen. */
  full: boolean;
  palette: Palette;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const num = (v: string | undefined, d = 0): number => {
  const n = parseFloat(v ?? '');
  return Number.isFinite(n) ? n : d;
};
const f = (n: number): string => (Math.round(n * 100) / 100).toString();

/** The area to draw, in model coordinates, with a margin. */
export function exportArea(cy: Core, full: boolean): Box {
  const pad = 24;
  if (!full) {
    const e = cy.extent();
    return { x: e.x1, y: e.y1, w: e.w, h: e.h };
  }
  const bb = cy.elements(':visible').boundingBox({});
  return { x: bb.x1 - pad, y: bb.y1 - pad, w: bb.w + 2 * pad, h: bb.h + 2 * pad };
}

/** What the legend must explain, read from the drawn graph. */
export function legendFlags(cy: Core): LegendFlags {
  return {
    v0: cy.$('edge.v0ignored, node.v0skipped').nonempty(),
    path: cy.$('edge.path-edge, node.hl').nonempty(),
    collapsed: cy.$('node.collapsed').nonempty(),
  };
}

// Cytoscape's polygon shapes in unit coordinates (render/base/node-shapes.mjs).
function ngon(sides: number): number[] {
  const inc = (2 * Math.PI) / sides;
  const start = sides % 2 === 0 ? Math.PI / 2 + inc / 2 : Math.PI / 2;
  const pts: number[] = [];
  for (let i = 0; i < sides; i++) pts.push(Math.cos(i * inc + start), Math.sin(-(i * inc + start)));
  // Fit to the unit square.
  const xs = pts.filter((_, i) => i % 2 === 0);
  const ys = pts.filter((_, i) => i % 2 === 1);
  const sx = 2 / (Math.max(...xs) - Math.min(...xs));
  const sy = 2 / (Math.max(...ys) - Math.min(...ys));
  return pts.map((v, i) => v * (i % 2 === 0 ? sx : sy));
}
const POLYGONS: Record<string, number[]> = {
  octagon: ngon(8),
  tag: [-1, -1, 0.25, -1, 1, 0, 0.25, 1, -1, 1],
};

function shapeElement(shape: string, x: number, y: number, w: number, h: number, attrs: string): string {
  const poly = POLYGONS[shape];
  if (poly) {
    const pts: string[] = [];
    for (let i = 0; i < poly.length; i += 2)
      pts.push(`${f(x + (poly[i]! * w) / 2)},${f(y + (poly[i + 1]! * h) / 2)}`);
    return `<polygon points="${pts.join(' ')}" ${attrs}/>`;
  }
  if (shape === 'ellipse')
    return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w / 2)}" ry="${f(h / 2)}" ${attrs}/>`;
  const r = shape === 'round-rectangle' || shape === 'roundrectangle' ? Math.min(w / 4, h / 4, 8) : 0;
  return `<rect x="${f(x - w / 2)}" y="${f(y - h / 2)}" width="${f(w)}" height="${f(h)}"${r ? ` rx="${f(r)}"` : ''} ${attrs}/>`;
}

function dashFor(style: string, pattern: string | undefined, width: number): string {
  if (style === 'dashed') return pattern ? pattern.replace(/px/g, '').replace(/,/g, ' ') : `${6} ${3}`;
  if (style === 'dotted') return `${f(Math.max(1, width))} ${f(Math.max(2, width * 1.5))}`;
  return '';
}

function textLines(lines: string[], x: number, y: number, size: number, attrs: string): string {
  const lh = size * 1.15;
  const top = y - ((lines.length - 1) * lh) / 2;
  return (
    `<text text-anchor="middle" dominant-baseline="central" font-size="${f(size)}" ${attrs}>` +
    lines.map((l, i) => `<tspan x="${f(x)}" y="${f(top + i * lh)}">${esc(l)}</tspan>`).join('') +
    '</text>'
  );
}

function nodeSvg(n: NodeSingular): string {
  const { x, y } = n.position();
  const w = n.width();
  const h = n.height();
  const st = (k: string) => String(n.style(k));
  const shape = st('shape');
  const opacity = num(st('opacity'), 1);
  const bw = num(st('border-width'));
  const bc = st('border-color');
  const bs = st('border-style');
  const fill = `fill="${st('background-color')}" fill-opacity="${f(num(st('background-opacity'), 1))}"`;
  const out: string[] = [];
  // Highlight halo (the path query's nodes).
  const ulOpacity = num(st('underlay-opacity'));
  if (ulOpacity > 0) {
    const pad = num(st('underlay-padding'));
    out.push(
      shapeElement(
        shape,
        x,
        y,
        w + 2 * pad,
        h + 2 * pad,
        `fill="${st('underlay-color')}" fill-opacity="${f(ulOpacity)}"`,
      ),
    );
  }
  if (st('ghost') === 'yes') {
    const gx = num(st('ghost-offset-x'));
    const gy = num(st('ghost-offset-y'));
    out.push(
      `<g opacity="${f(num(st('ghost-opacity'), 0.5))}">` +
        shapeElement(shape, x + gx, y + gy, w, h, `${fill} stroke="${bc}" stroke-width="${f(bw)}"`) +
        '</g>',
    );
  }
  if (bs === 'double' && bw > 0) {
    // Two lines, a third of the border each, at the outer and inner thirds (as Cytoscape draws it).
    out.push(shapeElement(shape, x, y, w, h, `${fill} stroke="none"`));
    const t = bw / 3;
    out.push(
      shapeElement(shape, x, y, w + 2 * t, h + 2 * t, `fill="none" stroke="${bc}" stroke-width="${f(t)}"`),
    );
    out.push(
      shapeElement(shape, x, y, w - 2 * t, h - 2 * t, `fill="none" stroke="${bc}" stroke-width="${f(t)}"`),
    );
  } else {
    const dash = dashFor(bs, undefined, bw);
    out.push(
      shapeElement(
        shape,
        x,
        y,
        w,
        h,
        `${fill} stroke="${bw > 0 ? bc : 'none'}" stroke-width="${f(bw)}"${dash ? ` stroke-dasharray="${dash}"` : ''}`,
      ),
    );
  }
  const label = String(n.data('label') ?? '');
  if (label) {
    const size = num(st('font-size'), 11);
    out.push(
      textLines(
        label.split('\n'),
        x,
        y,
        size,
        `font-family="${esc(st('font-family'))}" font-weight="${esc(st('font-weight'))}" font-style="${esc(st('font-style'))}" fill="${st('color')}"`,
      ),
    );
  }
  return `<g class="node" data-id="${esc(n.id())}"${opacity < 1 ? ` opacity="${f(opacity)}"` : ''}>${out.join('')}</g>`;
}

type Pt = { x: number; y: number };
const qAt = (a: number, b: number, c: number, t: number) =>
  (1 - t) * (1 - t) * a + 2 * (1 - t) * t * b + t * t * c;

/** Cytoscape's arrow shapes (render/base/arrow-shapes.mjs), unit coordinates; tip at the origin. */
function arrowSvg(
  shape: string,
  at: Pt,
  angle: number,
  size: number,
  color: string,
  edgeWidth: number,
): string {
  if (shape === 'none' || !shape) return '';
  const tr = (pts: number[]) => {
    const out: string[] = [];
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    for (let i = 0; i < pts.length; i += 2) {
      const px = pts[i]!;
      const py = pts[i + 1]!;
      out.push(`${f((px * c - py * s) * size + at.x)},${f((px * s + py * c) * size + at.y)}`);
    }
    return `<polygon points="${out.join(' ')}" fill="${color}"/>`;
  };
  const circle = (r: number) =>
    `<circle cx="${f(at.x)}" cy="${f(at.y)}" r="${f(r * size)}" fill="${color}"/>`;
  switch (shape) {
    case 'triangle':
    case 'arrow':
      return tr([-0.15, -0.3, 0, 0, 0.15, -0.3]);
    case 'tee':
      return tr([-0.15, 0, -0.15, -0.1, 0.15, -0.1, 0.15, 0]);
    case 'circle':
      return circle(0.15);
    case 'triangle-cross': {
      const sh = edgeWidth / size;
      return (
        tr([0, 0, 0.15, -0.3, -0.15, -0.3, 0, 0]) +
        tr([-0.15, -0.4, -0.15, -0.4 - sh, 0.15, -0.4 - sh, 0.15, -0.4])
      );
    }
    case 'circle-triangle':
      return circle(0.15) + tr([0, -0.15, 0.15, -0.45, -0.15, -0.45, 0, -0.15]);
    default:
      return tr([-0.15, -0.3, 0, 0, 0.15, -0.3]);
  }
}

function edgeSvg(e: EdgeSingular): string {
  const st = (k: string) => String(e.style(k));
  const s = e.sourceEndpoint();
  const t = e.targetEndpoint();
  if (![s.x, s.y, t.x, t.y].every(Number.isFinite)) return '';
  const cps: Pt[] = (e.controlPoints() as Pt[] | undefined) ?? [];
  const pts: Pt[] = [s];
  cps.forEach((c, i) => {
    pts.push(c);
    const next = cps[i + 1];
    if (next) pts.push({ x: (c.x + next.x) / 2, y: (c.y + next.y) / 2 });
  });
  pts.push(t);
  let d = `M${f(s.x)},${f(s.y)}`;
  if (cps.length === 0) d += ` L${f(t.x)},${f(t.y)}`;
  else
    for (let i = 1; i + 1 < pts.length; i += 2)
      d += ` Q${f(pts[i]!.x)},${f(pts[i]!.y)} ${f(pts[i + 1]!.x)},${f(pts[i + 1]!.y)}`;

  const width = num(st('width'), 1);
  const color = st('line-color');
  const dash = dashFor(st('line-style'), st('line-dash-pattern'), width);
  const opacity = num(st('opacity'), 1);
  const out: string[] = [
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(width)}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
  ];
  // Arrow directions as Cytoscape computes them: from a point 10% into the first / last curve.
  const n = pts.length;
  const before = cps.length
    ? {
        x: qAt(pts[n - 3]!.x, pts[n - 2]!.x, pts[n - 1]!.x, 0.9),
        y: qAt(pts[n - 3]!.y, pts[n - 2]!.y, pts[n - 1]!.y, 0.9),
      }
    : s;
  const after = cps.length
    ? { x: qAt(pts[0]!.x, pts[1]!.x, pts[2]!.x, 0.1), y: qAt(pts[0]!.y, pts[1]!.y, pts[2]!.y, 0.1) }
    : t;
  const size = Math.max(Math.pow(width * 13.37, 0.9), 29) * num(st('arrow-scale'), 1);
  const tgtAngle = Math.atan2(t.y - before.y, t.x - before.x) - Math.PI / 2;
  const srcAngle = Math.atan2(s.y - after.y, s.x - after.x) - Math.PI / 2;
  out.push(arrowSvg(st('target-arrow-shape'), t, tgtAngle, size, st('target-arrow-color'), width));
  out.push(arrowSvg(st('source-arrow-shape'), s, srcAngle, size, st('source-arrow-color'), width));
  const label = String(e.data('label') ?? '');
  if (label && e.hasClass('labelled')) {
    const m = e.midpoint();
    const size2 = num(st('font-size'), 10);
    const w = label.length * size2 * 0.58 + 4;
    out.push(
      `<rect x="${f(m.x - w / 2)}" y="${f(m.y - size2 * 0.7)}" width="${f(w)}" height="${f(size2 * 1.4)}" fill="${st('text-background-color')}" fill-opacity="${f(num(st('text-background-opacity'), 0))}"/>`,
    );
    out.push(
      textLines([label], m.x, m.y, size2, `font-family="${esc(st('font-family'))}" fill="${st('color')}"`),
    );
  }
  const why = e.data('why');
  const title = why ? `<title>${esc(String(why))}</title>` : '';
  return `<g class="edge" data-id="${esc(e.id())}"${opacity < 1 ? ` opacity="${f(opacity)}"` : ''}>${title}${out.join('')}</g>`;
}

/** The SVG document: background, edges, nodes, then the legend below the graph. */
export function graphSvg(
  cy: Core,
  opts: ImageOptions & { title: string; legend?: boolean },
): { svg: string; width: number; height: number } {
  const area = exportArea(cy, opts.full);
  const p = opts.palette;
  const font = String(cy.nodes().first().style('font-family') || 'sans-serif');
  // A slide (slide.ts) goes without the channel legend: its title says what is drawn.
  const legend =
    opts.legend === false
      ? { svg: '', height: 0 }
      : legendSvg(legendItems(p, legendFlags(cy)), p, Math.max(area.w, 560), font);
  const w = Math.max(area.w, 560);
  const h = area.h + legend.height;
  const inArea = (bb: { x1: number; x2: number; y1: number; y2: number }) =>
    opts.full || (bb.x2 >= area.x && bb.x1 <= area.x + area.w && bb.y2 >= area.y && bb.y1 <= area.y + area.h);
  const edges: string[] = [];
  cy.edges(':visible').forEach((e) => {
    if (inArea(e.boundingBox({}))) edges.push(edgeSvg(e));
  });
  const nodes: string[] = [];
  cy.nodes(':visible').forEach((n) => {
    if (inArea(n.boundingBox({}))) nodes.push(nodeSvg(n));
  });
  // The whole graph is sized relative to zoom 1, the visible part relative to the screen.
  const px = opts.scale * (opts.full ? 1 : cy.zoom());
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${f(w * px)}" height="${f(h * px)}" viewBox="0 0 ${f(w)} ${f(h)}">` +
    `<title>${esc(opts.title)}</title>` +
    `<rect width="100%" height="100%" fill="${p.bg}"/>` +
    `<g class="graph" transform="translate(${f(-area.x + (w - area.w) / 2)} ${f(-area.y)})">` +
    (opts.full
      ? ''
      : `<clipPath id="area"><rect x="${f(area.x)}" y="${f(area.y)}" width="${f(area.w)}" height="${f(area.h)}"/></clipPath>`) +
    `<g${opts.full ? '' : ' clip-path="url(#area)"'}>${edges.join('')}${nodes.join('')}</g></g>` +
    `<g transform="translate(0 ${f(area.h)})">${legend.svg}</g>` +
    '</svg>\n';
  return { svg, width: w * px, height: h * px };
}

/** The legend alone, as an SVG document `width` model units wide (for compositing under the PNG). */
export function legendDocument(
  cy: Core,
  palette: Palette,
  width: number,
  scale: number,
): { svg: string; height: number } {
  const font = String(cy.nodes().first().style('font-family') || 'sans-serif');
  const legend = legendSvg(legendItems(palette, legendFlags(cy)), palette, width, font);
  return {
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" width="${f(width * scale)}" height="${f(legend.height * scale)}" viewBox="0 0 ${f(width)} ${f(legend.height)}">` +
      `${legend.svg}</svg>`,
    height: legend.height,
  };
}
