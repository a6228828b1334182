import type { StylesheetJson } from 'cytoscape';

/**
 * Cytoscape styles built from the shell's CSS variables. Every state has a non-colour cue
 * (shape, border style/width, label text), so the graph reads without colour:
 *   head: thick border + "HEAD" · deprecated: octagon + word · skipped: double border + word ·
 *   ghost: dashed outline, translucent, "not in catalog" · stranded: tag shape + "! stranded" ·
 *   collapsed: stacked card "+N bundles".
 * Edges follow the OLM docs' upgrade-graph legend (replaces -->, skips x--x, skipRange o--o with
 * the range as label), with line patterns added so kinds stay apart when zoomed out:
 *   replaces: solid, triangle · skips: dashed, crossed ends · skipRange: dotted, circle ends.
 */

export interface Palette {
  bg: string;
  fg: string;
  muted: string;
  accent: string;
  danger: string;
  warning: string;
  border: string;
}

export const fallbackPalettes: Record<'light' | 'dark', Palette> = {
  light: {
    bg: '#ffffff',
    fg: '#1f2328',
    muted: '#656d76',
    accent: '#0969da',
    danger: '#cf222e',
    warning: '#9a6700',
    border: '#d0d7de',
  },
  dark: {
    bg: '#0d1117',
    fg: '#e6edf3',
    muted: '#8d96a0',
    accent: '#4493f8',
    danger: '#f85149',
    warning: '#d29922',
    border: '#30363d',
  },
};

export function graphStylesheet(p: Palette): StylesheetJson {
  return [
    // Cytoscape pays per element × property set (each one dirties the element's style cache and
    // spawns a collection of its edges), so the base rules set only what differs from the defaults;
    // edge label styling sits on the few labelled edges.
    {
      selector: 'node',
      style: {
        shape: 'round-rectangle',
        width: 'data(w)',
        height: 'data(h)',
        'background-color': p.bg,
        'border-width': 1.5,
        'border-color': p.muted,
        label: 'data(label)',
        'text-wrap': 'wrap',
        'text-valign': 'center',
        'font-size': 11,
        color: p.fg,
        // Below this on-screen size labels are not drawn: the biggest win when zoomed out on large graphs.
        'min-zoomed-font-size': 6,
      },
    },
    {
      selector: 'node.head',
      style: {
        'border-width': 4,
        'border-color': p.accent,
        'background-color': p.accent,
        'background-opacity': 0.18,
        'font-weight': 'bold',
      },
    },
    {
      selector: 'node.deprecated',
      style: {
        shape: 'octagon',
        'background-color': p.warning,
        'background-opacity': 0.2,
        'border-color': p.warning,
        'border-width': 2,
      },
    },
    {
      selector: 'node.skipped',
      style: { 'border-style': 'double', 'border-width': 6 },
    },
    {
      selector: 'node.stranded',
      style: { shape: 'tag', 'border-color': p.danger, 'border-width': 3 },
    },
    {
      selector: 'node.ghost',
      style: {
        shape: 'rectangle',
        'border-style': 'dashed',
        'border-width': 1.5,
        'border-color': p.muted,
        'background-opacity': 0,
        color: p.muted,
        'font-style': 'italic',
        opacity: 0.8,
      },
    },
    {
      selector: 'node.collapsed',
      style: {
        'background-color': p.border,
        'background-opacity': 0.5,
        'border-color': p.muted,
        ghost: 'yes',
        'ghost-offset-x': 4,
        'ghost-offset-y': 4,
        'ghost-opacity': 0.45,
        'font-weight': 'bold',
      },
    },
    {
      selector: 'node.hl',
      style: { 'underlay-color': p.warning, 'underlay-opacity': 0.35, 'underlay-padding': 8 },
    },
    {
      selector: 'node.sel',
      style: {
        'outline-width': 3,
        'outline-color': p.fg,
        'outline-offset': 4,
        'outline-style': 'solid',
        'z-index': 10,
      },
    },
    {
      selector: 'edge',
      style: {
        width: 1.6,
        'curve-style': 'bezier',
        'line-color': p.fg,
        'target-arrow-color': p.fg,
      },
    },
    {
      selector: 'edge.labelled',
      style: {
        label: 'data(label)',
        // As large as the node labels (never under 11 px at the first view), and beside the line,
        // not on it: the label sits above the edge, its background keeping crossings legible.
        'font-size': 11,
        'text-margin-y': -10,
        color: p.fg,
        'text-background-color': p.bg,
        'text-background-opacity': 0.9,
        'text-background-padding': '2px',
        'min-zoomed-font-size': 6,
      },
    },
    {
      selector: 'edge.replaces',
      style: { 'target-arrow-shape': 'triangle' },
    },
    {
      selector: 'edge.skips',
      style: {
        'line-style': 'dashed',
        'line-dash-pattern': [7, 4],
        'line-color': p.accent,
        'source-arrow-color': p.accent,
        'target-arrow-color': p.accent,
        'source-arrow-shape': 'tee',
        'target-arrow-shape': 'triangle-cross',
      },
    },
    {
      selector: 'edge.skipRange',
      style: {
        'line-style': 'dotted',
        width: 2,
        'line-color': p.muted,
        'source-arrow-color': p.muted,
        'target-arrow-color': p.muted,
        'source-arrow-shape': 'circle',
        'target-arrow-shape': 'circle-triangle',
        'arrow-scale': 0.9,
      },
    },
    {
      selector: 'edge.arc',
      style: {
        'curve-style': 'unbundled-bezier',
        'control-point-distances': 'data(cpd)',
        'control-point-weights': 0.5,
      },
    },
    {
      selector: 'edge.loop',
      style: { 'curve-style': 'bezier', 'loop-direction': '-45deg', 'loop-sweep': '-90deg' },
    },
    {
      selector: 'edge.folded',
      style: { width: 3 },
    },
    {
      selector: 'edge.v0ignored',
      style: {
        'line-color': p.danger,
        'source-arrow-color': p.danger,
        'target-arrow-color': p.danger,
        width: 3,
        opacity: 0.85,
        // Red and dashed, as render-graph --draw-v0-semantics draws them.
        'line-style': 'dashed',
        'line-dash-pattern': [6, 4],
      },
    },
    // --- Paths and OLM v0 semantics (src/app/paths, src/app/filters) ---
    {
      selector: 'node.v0skipped',
      style: { 'border-color': p.danger, 'border-width': 6, 'border-style': 'double' },
    },
    {
      selector: 'node.hl',
      style: { 'underlay-color': pathColour(p), 'underlay-opacity': 0.45, 'underlay-padding': 9 },
    },
    {
      selector: 'edge.path-edge',
      style: {
        width: 5,
        'line-color': pathColour(p),
        'target-arrow-color': pathColour(p),
        'source-arrow-color': pathColour(p),
        'line-style': 'solid',
        'z-index': 8,
        opacity: 1,
      },
    },
    // --- End of paths ---
    // The Mirror plan (src/app/mirror): kept bundles get a thick green border and underlay, dropped ones fade.
    {
      selector: 'node.mirror-kept',
      style: {
        'border-width': 4,
        'border-color': mirrorColour(p),
        'underlay-color': mirrorColour(p),
        'underlay-opacity': 0.3,
        'underlay-padding': 6,
      },
    },
    {
      selector: 'node.mirror-dropped',
      style: { opacity: 0.35 },
    },
    {
      selector: 'edge.sel-edge',
      style: { width: 3.5, 'z-index': 9 },
    },
  ];
}

// --- Paths ---
/** The upgrade-path highlight: a vivid orange, lighter on dark backgrounds. */
export function pathColour(p: Palette): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(p.bg);
  const rgb = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(p.bg);
  const [r, g, b] = m
    ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)]
    : rgb
      ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])]
      : [255, 255, 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? '#ff922b' : '#e8590c';
}
// --- End of paths ---

/** The Mirror plan's "kept": green, lighter on dark backgrounds (the same test as pathColour). */
export function mirrorColour(p: Palette): string {
  return pathColour(p) === '#ff922b' ? '#3fb950' : '#1a7f37';
}

/**
 * Read the palette from the shell's CSS variables on `el`. Cytoscape only understands hex/rgb/hsl
 * colours, so each value is normalised through a canvas (which serialises any CSS colour it
 * accepts); a missing or unusable variable falls back to the built-in palette for the theme.
 */
export function readPalette(el: Element, theme: 'light' | 'dark'): Palette {
  const fallback = fallbackPalettes[theme];
  const css = getComputedStyle(el);
  const ctx = document.createElement('canvas').getContext('2d');
  const normalise = (raw: string, dflt: string): string => {
    const v = raw.trim();
    if (!v || !ctx) return v || dflt;
    ctx.fillStyle = '#010203';
    ctx.fillStyle = v;
    const out = String(ctx.fillStyle);
    // The sentinel survives when the browser rejected the value.
    if (out === '#010203' && v.toLowerCase() !== '#010203') return dflt;
    return /^(#|rgb|hsl)/i.test(out) ? out : dflt;
  };
  // The brief's names first, then the names the app shell's stylesheet uses.
  const aliases: Record<keyof Palette, string[]> = {
    bg: ['--bg'],
    fg: ['--fg', '--text'],
    muted: ['--muted'],
    accent: ['--accent'],
    danger: ['--danger', '--error'],
    warning: ['--warning'],
    border: ['--border'],
  };
  const get = (name: keyof Palette): string => {
    for (const v of aliases[name]) {
      const raw = css.getPropertyValue(v);
      if (raw.trim()) return normalise(raw, fallback[name]);
    }
    return fallback[name];
  };
  return {
    bg: get('bg'),
    fg: get('fg'),
    muted: get('muted'),
    accent: get('accent'),
    danger: get('danger'),
    warning: get('warning'),
    border: get('border'),
  };
}
