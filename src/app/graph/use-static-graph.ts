/**
 * A drawn, read-only graph beside the channel view (the Compare overlay, the Crossplane dependency
 * graph): Cytoscape on the returned element, laid out once from what `options` gives, nothing
 * draggable or box-selectable. e2e tests read its elements as `window[testHook]`, as they read the
 * channel graph's.
 */
import cytoscape from 'cytoscape';
import { useEffect, useRef, type DependencyList } from 'react';

/** Nodes of a read-only graph: small grey boxes labelled below (each drawing adds shapes and widths). */
export const STATIC_NODE_STYLE = {
  label: 'data(label)',
  'font-size': 11,
  'text-valign': 'bottom',
  'text-margin-y': 4,
  color: '#57606a',
  'background-color': '#d0d7de',
  'border-width': 1,
  'border-color': '#6e7781',
  height: 18,
} as const;

/** Edges of a read-only graph: thin grey bezier arrows (both drawings start from these). */
export const STATIC_EDGE_STYLE = {
  width: 1.5,
  'curve-style': 'bezier',
  'target-arrow-shape': 'triangle',
  'line-color': '#8c959f',
  'target-arrow-color': '#8c959f',
} as const;

/** What a drawing gives: its elements, its stylesheet (as written, light theme) and its layout. */
type Drawn = Pick<cytoscape.CytoscapeOptions, 'elements' | 'layout'> & { style: cytoscape.StylesheetJson };

const MAX_FIT_ZOOM = 1.5;

/** The light-theme label grey and label background the drawings are written with. */
const LABEL = '#57606a';
const LABEL_BG = '#ffffff';

/**
 * The drawing's style in the page's theme: label text in the page's text colour and label
 * backgrounds in its panel colour (light or dark), everything else as written.
 */
function themed(style: cytoscape.StylesheetJson, el: HTMLElement): cytoscape.StylesheetJson {
  const css = getComputedStyle(el);
  const text = css.getPropertyValue('--text').trim() || LABEL;
  const panel = css.getPropertyValue('--panel').trim() || LABEL_BG;
  const swap = (v: unknown): unknown => (v === LABEL ? text : v === LABEL_BG ? panel : v);
  if (!Array.isArray(style)) return style;
  return (style as { selector: string; style: Record<string, unknown> }[]).map((r) => ({
    ...r,
    style: Object.fromEntries(Object.entries(r.style).map(([k, v]) => [k, swap(v)])),
  })) as cytoscape.StylesheetJson;
}

export function useStaticGraph(options: () => Drawn, testHook: string, deps: DependencyList) {
  const ref = useRef<HTMLDivElement>(null);
  /** The instance drawn, for exporting it (null before the first draw and after the last). */
  const cyRef = useRef<cytoscape.Core | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const drawn = options();
    const cy = cytoscape({
      container: el,
      ...drawn,
      style: themed(drawn.style, el),
      autoungrabify: true,
      boxSelectionEnabled: false,
    });
    // A graph of one or a few nodes is fitted at a giant zoom: drawn at most 1.5× instead, centred.
    const settle = () => {
      if (cy.destroyed() || cy.zoom() <= MAX_FIT_ZOOM) return;
      cy.zoom(MAX_FIT_ZOOM);
      cy.center();
    };
    if (cy.nodes().length) settle();
    cy.one('layoutstop', settle);
    cyRef.current = cy;
    if (navigator.webdriver) (window as unknown as Record<string, unknown>)[testHook] = cy;
    // The theme toggle (data-theme) or the system preference: restyle in the new colours.
    const restyle = () => requestAnimationFrame(() => !cy.destroyed() && cy.style(themed(drawn.style, el)));
    const mo = new MutationObserver(restyle);
    mo.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme'] });
    const mq = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
    mq?.addEventListener('change', restyle);
    return () => {
      mo.disconnect();
      mq?.removeEventListener('change', restyle);
      if (cyRef.current === cy) cyRef.current = null;
      cy.destroy();
    };
    // The caller names what the drawing depends on.
  }, deps);
  return Object.assign(ref, { cy: cyRef });
}
