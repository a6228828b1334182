import { useState } from 'react';
import type cytoscape from 'cytoscape';
import { STATIC_EDGE_STYLE, STATIC_NODE_STYLE, useStaticGraph } from '../graph/use-static-graph';
import { SlideExport } from '../export/SlideExport';
import type { ChannelOverlay } from '../../protocol/catalog-protocol';

/**
 * One channel before and after, drawn as one graph. Added, removed and changed differ by shape and
 * line style as well as colour (legend in CompareView), so the overlay reads without colour.
 */
const STYLE: cytoscape.StylesheetJson = [
  {
    selector: 'node',
    style: { ...STATIC_NODE_STYLE, shape: 'round-rectangle', width: 26 },
  },
  {
    selector: 'node[status="added"]',
    style: { shape: 'ellipse', 'background-color': '#aceebb', 'border-color': '#1a7f37', 'border-width': 3 },
  },
  {
    selector: 'node[status="removed"]',
    style: {
      shape: 'diamond',
      'background-color': '#ffcecb',
      'border-color': '#cf222e',
      'border-style': 'dashed',
      'border-width': 2,
    },
  },
  {
    selector: 'node[status="changed"]',
    style: {
      shape: 'hexagon',
      'background-color': '#fff1a8',
      'border-color': '#9a6700',
      'border-style': 'dotted',
      'border-width': 3,
    },
  },
  { selector: 'node[?deprecated]', style: { 'font-style': 'italic' } },
  {
    selector: 'edge',
    style: {
      ...STATIC_EDGE_STYLE,
    },
  },
  { selector: 'edge[kind="skips"]', style: { 'target-arrow-shape': 'tee' } },
  {
    selector: 'edge[status="added"]',
    style: { width: 4, 'line-color': '#1a7f37', 'target-arrow-color': '#1a7f37' },
  },
  {
    selector: 'edge[status="removed"]',
    style: { 'line-style': 'dashed', 'line-color': '#cf222e', 'target-arrow-color': '#cf222e', width: 2 },
  },
];

export function OverlayGraph({ overlay, title }: { overlay: ChannelOverlay; title: string }) {
  const [exporting, setExporting] = useState(false);
  const ref = useStaticGraph(
    () => ({
      style: STYLE,
      elements: [
        ...overlay.nodes.map((n) => ({
          data: {
            id: `n:${n.name}`,
            label: `${n.name}${n.deprecated ? ' (deprecated)' : ''}`,
            status: n.status,
            deprecated: n.deprecated,
          },
        })),
        ...overlay.edges.map((e, i) => ({
          data: { id: `e${i}`, source: `n:${e.from}`, target: `n:${e.to}`, kind: e.kind, status: e.status },
        })),
      ],
      layout: { name: 'breadthfirst', directed: true, spacingFactor: 1.1 },
    }),
    '__fbcCompareGraph',
    [overlay],
  );
  const changed = overlay.nodes.filter((n) => n.status !== 'same').length;
  return (
    <>
      <div
        ref={ref}
        className="compare-graph"
        role="img"
        aria-label={`Channel ${overlay.channel}: ${changed} changed ${changed === 1 ? 'entry' : 'entries'}`}
      />
      <button type="button" aria-expanded={exporting} onClick={() => setExporting((x) => !x)}>
        Export image…
      </button>
      {exporting && (
        <section className="compare-export" aria-label={`Export the overlay of ${overlay.channel}`}>
          <SlideExport
            getCy={() => ref.cy.current}
            defaultTitle={title}
            fileBase={`compare-${overlay.package}-${overlay.channel}`}
            light={overlayLight}
          />
        </section>
      )}
    </>
  );
}

/**
 * The overlay as a slide draws it: its own style in the channel graph's light palette (from the graph's
 * module, loaded with the graph: a static import would put the palette in a chunk of its own).
 */
async function overlayLight() {
  const { fallbackPalettes } = await import('../graph/ChannelGraphView');
  return { style: STYLE, palette: fallbackPalettes.light };
}

/** Shapes and lines as the overlay draws them, so the legend is the graph's own vocabulary. */
export function OverlayLegend() {
  return (
    <ul className="compare-legend" aria-label="Legend">
      <li>
        <span className="swatch swatch-added" aria-hidden="true" /> added (circle, thick border)
      </li>
      <li>
        <span className="swatch swatch-removed" aria-hidden="true" /> removed (diamond, dashed border)
      </li>
      <li>
        <span className="swatch swatch-changed" aria-hidden="true" /> changed (hexagon, dotted border)
      </li>
      <li>
        <span className="swatch swatch-same" aria-hidden="true" /> unchanged
      </li>
      <li>
        <span className="line line-added" aria-hidden="true" /> edge added (thick)
      </li>
      <li>
        <span className="line line-removed" aria-hidden="true" /> edge removed (dashed)
      </li>
      <li>
        <span className="line line-same" aria-hidden="true" /> edge kept; a bar end is a skip
      </li>
    </ul>
  );
}
