import type { Core, ElementDefinition, StylesheetJson } from 'cytoscape';
import { graphSvg } from './svg';
import type { Palette } from '../graph/style';

/**
 * A graph drawn for a slide: its own title, a light or transparent background whatever the app's
 * theme, the size the user chose, and every bundle name in full. The graph on screen is left as it
 * is: a second Cytoscape instance off screen is drawn with the light stylesheet from the same
 * elements and positions, fitted to the chosen size, and exported by Cytoscape (PNG) or by the
 * exporter of svg.ts (SVG), under a title band.
 */
export interface SlideOptions {
  format: 'png' | 'svg';
  title: string;
  background: 'light' | 'transparent';
  width: number;
  height: number;
  /** The graph's stylesheet in the light theme (the slide never uses the dark one). */
  style: StylesheetJson;
  /** Its light palette (the SVG exporter reads backgrounds from it). */
  palette: Palette;
  /** A node's label with the whole bundle name; the label on screen when absent. */
  fullLabel?(data: Record<string, unknown>): { label: string; width?: number } | undefined;
}

export interface SlideImage {
  blob: Blob;
  width: number;
  height: number;
}

/** The title band, in output pixels: big enough to read across a room, small beside the graph. */
export const titleBand = (height: number) => Math.round(Math.min(72, Math.max(36, height * 0.08)));
const TITLE_COLOUR = '#1f2328';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

const escXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The elements of `cy` as drawn (positions included), with full names where a label was shortened. */
function elementsOf(cy: Core, opts: SlideOptions): ElementDefinition[] {
  return cy.elements().map((e) => {
    const json = e.json() as ElementDefinition;
    if (e.isNode() && opts.fullLabel) {
      const full = opts.fullLabel(json.data as Record<string, unknown>);
      if (full) json.data = { ...json.data, label: full.label, ...(full.width ? { w: full.width } : {}) };
    }
    json.selected = false;
    return json;
  });
}

async function offscreen(
  cy: Core,
  opts: SlideOptions,
  graphH: number,
): Promise<{ clone: Core; host: HTMLElement }> {
  const { default: cytoscape } = await import('cytoscape');
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  Object.assign(host.style, {
    position: 'fixed',
    left: '-20000px',
    top: '0',
    width: `${opts.width}px`,
    height: `${graphH}px`,
  });
  document.body.append(host);
  const clone = cytoscape({
    container: host,
    elements: elementsOf(cy, opts),
    // Labels are drawn at any zoom on a slide (the screen hides tiny ones for speed).
    style: [
      ...(opts.style as unknown[]),
      { selector: 'node, edge', style: { 'min-zoomed-font-size': 0 } },
    ] as StylesheetJson,
    layout: { name: 'preset' },
    autoungrabify: true,
    boxSelectionEnabled: false,
    pixelRatio: 1,
  });
  clone.fit(undefined, Math.round(Math.min(opts.width, graphH) * 0.05));
  return { clone, host };
}

export async function slideImage(cy: Core, opts: SlideOptions): Promise<SlideImage> {
  const band = opts.title.trim() ? titleBand(opts.height) : 0;
  const graphH = Math.max(1, opts.height - band);
  const { clone, host } = await offscreen(cy, opts, graphH);
  try {
    return opts.format === 'png' ? await png(clone, opts, band, graphH) : svg(clone, opts, band, graphH);
  } finally {
    clone.destroy();
    host.remove();
  }
}

async function png(clone: Core, opts: SlideOptions, band: number, graphH: number): Promise<SlideImage> {
  const shot = (await clone.png({ output: 'blob-promise', full: false, scale: 1 })) as Blob;
  const url = URL.createObjectURL(shot);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } finally {
    URL.revokeObjectURL(url);
  }
  const canvas = document.createElement('canvas');
  canvas.width = opts.width;
  canvas.height = opts.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw a canvas');
  if (opts.background === 'light') {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, opts.width, opts.height);
  }
  if (band) {
    ctx.fillStyle = TITLE_COLOUR;
    ctx.font = `600 ${Math.round(band * 0.5)}px ${FONT}`;
    ctx.textBaseline = 'middle';
    ctx.fillText(opts.title.trim(), Math.round(band * 0.4), band / 2, opts.width - band * 0.8);
  }
  ctx.drawImage(img, 0, band, opts.width, graphH);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not encode the PNG'))), 'image/png'),
  );
  return { blob, width: opts.width, height: opts.height };
}

function svg(clone: Core, opts: SlideOptions, band: number, graphH: number): SlideImage {
  const inner = graphSvg(clone, {
    full: false,
    scale: 1 / clone.zoom(),
    palette: { ...opts.palette, bg: 'none' },
    title: opts.title,
    legend: false,
  }).svg.replace(/^<\?xml[^>]*>\s*/, '');
  // The graph as a nested <svg> placed under the title band, at the chosen size.
  const placed = inner.replace(
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="[^"]*" height="[^"]*"/,
    `<svg x="0" y="${band}" width="${opts.width}" height="${graphH}"`,
  );
  const title = opts.title.trim();
  const doc =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${opts.width}" height="${opts.height}" viewBox="0 0 ${opts.width} ${opts.height}">` +
    `<title>${escXml(title || 'Graph')}</title>` +
    (opts.background === 'light' ? `<rect width="100%" height="100%" fill="#ffffff"/>` : '') +
    (band
      ? `<text x="${Math.round(band * 0.4)}" y="${band / 2}" dominant-baseline="central" font-family="${escXml(FONT)}" font-weight="600" font-size="${Math.round(band * 0.5)}" fill="${TITLE_COLOUR}">${escXml(title)}</text>`
      : '') +
    placed +
    '</svg>\n';
  return {
    blob: new Blob([doc], { type: 'image/svg+xml;charset=utf-8' }),
    width: opts.width,
    height: opts.height,
  };
}
