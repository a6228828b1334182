import type { Core } from 'cytoscape';
import { exportArea, legendDocument, type ImageOptions } from './svg';

/** Browsers refuse canvases past ~16k pixels a side (and ~268M pixels in all). */
const MAX_SIDE = 16384;
const MAX_PIXELS = 120e6;
const MIN_WIDTH = 560;
const PAD = 24;

export interface PngResult {
  blob: Blob;
  width: number;
  height: number;
  /** The scale used: lower than asked when the image would exceed the canvas limits. */
  scale: number;
}

async function loadImage(blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img;
  } finally {
    // decode() has the pixels; the URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * The graph as Cytoscape draws it (cy.png) with the legend underneath, at `scale` (the whole graph:
 * relative to zoom 1; the visible part: relative to the screen).
 */
export async function graphPng(cy: Core, opts: ImageOptions): Promise<PngResult> {
  const dpr = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const area = exportArea(cy, opts.full);
  // Model units → output pixels at scale 1.
  const unit = opts.full ? 1 : cy.zoom();
  const modelW = Math.max(area.w, MIN_WIDTH / unit);
  const legendProbe = legendDocument(cy, opts.palette, modelW * unit, 1);
  const baseW = modelW * unit;
  const baseH = area.h * unit + legendProbe.height;
  let scale = opts.scale;
  scale = Math.min(scale, MAX_SIDE / baseW, MAX_SIDE / baseH, Math.sqrt(MAX_PIXELS / (baseW * baseH)));

  // cy.png multiplies by the device pixel ratio itself.
  const shot = (await cy.png({
    output: 'blob-promise',
    full: opts.full,
    scale: scale / dpr,
    bg: opts.palette.bg,
  })) as Blob;
  const graph = await loadImage(shot);
  const legendDoc = legendDocument(cy, opts.palette, baseW, scale);
  const legend = await loadImage(new Blob([legendDoc.svg], { type: 'image/svg+xml' }));

  const width = Math.round(baseW * scale);
  const graphH = Math.round(area.h * unit * scale);
  const height = graphH + Math.round(legendDoc.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw a canvas');
  ctx.fillStyle = opts.palette.bg;
  ctx.fillRect(0, 0, width, height);
  // The full graph comes without a margin: centre it in its padded area.
  const gx = opts.full ? Math.round((width - graph.naturalWidth) / 2) : 0;
  const gy = opts.full ? Math.round(PAD * scale) : 0;
  ctx.drawImage(graph, gx, gy);
  ctx.drawImage(legend, 0, graphH, width, Math.round(legendDoc.height * scale));
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not encode the PNG'))), 'image/png'),
  );
  return { blob, width, height, scale };
}
