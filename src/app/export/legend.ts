import type { Palette } from '../graph/style';

/**
 * The legend of an exported image, as SVG: the same cues as the on-screen legend (GraphLegend)
 * and the canvas styles (graph/style.ts). Laid out in rows under the graph.
 */

export type LegendItem =
  | {
      kind: 'edge';
      label: string;
      color: string;
      dash?: string;
      start?: 'tee' | 'circle';
      end: 'triangle' | 'cross' | 'circle';
      width?: number;
    }
  | {
      kind: 'node';
      label: string;
      shape:
        'head' | 'deprecated' | 'skipped' | 'v0skipped' | 'stranded' | 'ghost' | 'collapsed' | 'highlight';
    };

export interface LegendFlags {
  v0: boolean;
  path: boolean;
  collapsed: boolean;
}

export function legendItems(p: Palette, f: LegendFlags): LegendItem[] {
  const items: LegendItem[] = [
    { kind: 'edge', label: 'replaces', color: p.fg, end: 'triangle' },
    { kind: 'edge', label: 'skips', color: p.accent, dash: '6 3', start: 'tee', end: 'cross' },
    {
      kind: 'edge',
      label: 'skipRange (with its range)',
      color: p.muted,
      dash: '2 3',
      start: 'circle',
      end: 'circle',
    },
  ];
  if (f.v0)
    items.push({
      kind: 'edge',
      label: 'ignored by OLM v0',
      color: p.danger,
      dash: '5 3',
      end: 'triangle',
      width: 3,
    });
  if (f.path)
    items.push({ kind: 'edge', label: 'upgrade path', color: p.warning, end: 'triangle', width: 4 });
  items.push(
    { kind: 'node', label: 'HEAD', shape: 'head' },
    { kind: 'node', label: 'deprecated', shape: 'deprecated' },
    f.v0
      ? { kind: 'node', label: 'skipped (OLM v0 never picks it)', shape: 'v0skipped' }
      : { kind: 'node', label: 'skipped', shape: 'skipped' },
    { kind: 'node', label: 'stranded', shape: 'stranded' },
    { kind: 'node', label: 'not in catalog', shape: 'ghost' },
  );
  if (f.path) items.push({ kind: 'node', label: 'on the path / highlighted', shape: 'highlight' });
  if (f.collapsed) items.push({ kind: 'node', label: '+N collapsed run', shape: 'collapsed' });
  return items;
}

export const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SW = 46;
const ROW = 24;
const FONT = 12;
/** Rough width of sans-serif text (no DOM measuring: this also runs where there is no canvas). */
const textWidth = (s: string, size = FONT): number => s.length * size * 0.56;

function edgeSwatch(i: Extract<LegendItem, { kind: 'edge' }>): string {
  const c = i.color;
  const w = i.width ?? 2;
  let s = `<line x1="4" y1="9" x2="38" y2="9" stroke="${c}" stroke-width="${w}"${i.dash ? ` stroke-dasharray="${i.dash}"` : ''}/>`;
  if (i.start === 'tee') s += `<line x1="4" y1="4" x2="4" y2="14" stroke="${c}" stroke-width="2"/>`;
  if (i.start === 'circle') s += `<circle cx="5" cy="9" r="3.5" fill="${c}"/>`;
  if (i.end === 'triangle') s += `<path d="M36 4 L44 9 L36 14 Z" fill="${c}"/>`;
  if (i.end === 'cross')
    s += `<path d="M37 4 L45 9 L37 14 Z" fill="${c}"/><line x1="33" y1="4" x2="33" y2="14" stroke="${c}" stroke-width="2"/>`;
  if (i.end === 'circle')
    s += `<circle cx="35" cy="9" r="3.5" fill="${c}"/><path d="M39 5 L45 9 L39 13 Z" fill="${c}"/>`;
  return s;
}

function nodeSwatch(shape: Extract<LegendItem, { kind: 'node' }>['shape'], p: Palette): string {
  const plain = `stroke="${p.muted}" stroke-width="1.5" fill="${p.bg}"`;
  switch (shape) {
    case 'head':
      return `<rect x="3" y="2" width="40" height="14" rx="4" fill="${p.accent}" fill-opacity="0.18" stroke="${p.accent}" stroke-width="3.5"/>`;
    case 'deprecated':
      return `<path d="M8 2 H38 L43 6 V12 L38 16 H8 L3 12 V6 Z" fill="${p.warning}" fill-opacity="0.2" stroke="${p.warning}" stroke-width="2"/>`;
    case 'skipped':
    case 'v0skipped': {
      const stroke = shape === 'v0skipped' ? p.danger : p.muted;
      return (
        `<rect x="2" y="1.5" width="42" height="15" rx="4" fill="none" stroke="${stroke}" stroke-width="1.5"/>` +
        `<rect x="5" y="4.5" width="36" height="9" rx="2" fill="${p.bg}" stroke="${stroke}" stroke-width="1.5"/>`
      );
    }
    case 'stranded':
      return `<path d="M3 2 H34 L43 9 L34 16 H3 Z" fill="${p.bg}" stroke="${p.danger}" stroke-width="2.5"/>`;
    case 'ghost':
      return `<rect x="3" y="2" width="40" height="14" fill="none" stroke="${p.muted}" stroke-width="1.5" stroke-dasharray="4 3"/>`;
    case 'collapsed':
      return (
        `<rect x="6" y="4" width="37" height="13" rx="4" ${plain} opacity="0.5"/>` +
        `<rect x="3" y="1.5" width="37" height="13" rx="4" stroke="${p.muted}" stroke-width="1.5" fill="${p.border}"/>`
      );
    case 'highlight':
      return (
        `<rect x="0" y="-1" width="46" height="20" rx="6" fill="${p.warning}" fill-opacity="0.35"/>` +
        `<rect x="3" y="2" width="40" height="14" rx="4" ${plain}/>`
      );
  }
}

/**
 * The legend as an SVG group of the given width (model units), and its height. Items flow left to
 * right and wrap.
 */
export function legendSvg(
  items: LegendItem[],
  p: Palette,
  width: number,
  font: string,
): { svg: string; height: number } {
  const pad = 12;
  let x = pad;
  let y = pad + 18;
  const parts: string[] = [
    `<text x="${pad}" y="${pad + 8}" font-family="${esc(font)}" font-size="${FONT}" font-weight="bold" fill="${p.fg}">Legend</text>`,
  ];
  for (const item of items) {
    const w = SW + 6 + textWidth(item.label) + 18;
    if (x > pad && x + w > width - pad) {
      x = pad;
      y += ROW;
    }
    const swatch = item.kind === 'edge' ? edgeSwatch(item) : nodeSwatch(item.shape, p);
    parts.push(
      `<g transform="translate(${x} ${y})">${swatch}<text x="${SW + 6}" y="13" font-family="${esc(font)}" font-size="${FONT}" fill="${p.fg}">${esc(item.label)}</text></g>`,
    );
    x += w;
  }
  const height = y + ROW + pad / 2;
  return {
    svg: `<g class="legend"><rect x="0" y="0" width="${width}" height="${height}" fill="${p.bg}"/><line x1="0" y1="0.5" x2="${width}" y2="0.5" stroke="${p.border}"/>${parts.join('')}</g>`,
    height,
  };
}
