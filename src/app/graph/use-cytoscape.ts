/**
 * The Cytoscape instance's lifecycle: created once per mount on the canvas element, with the graph's
 * stylesheet and event wiring, exposed to automation and to the export menu, and destroyed on
 * unmount. Separate from the graph view so the one place that owns the instance is small enough to
 * check that everything it attaches is detached again.
 */
import cytoscape from 'cytoscape';
import type { Core } from 'cytoscape';
import { useEffect, useRef, type RefObject } from 'react';
import { noteGraphEntries } from '../editor/edit-store';
import { wireGraphEvents, type GraphHandlers } from './graph-events';
import { graphStylesheet, readPalette } from './style';

declare global {
  interface Window {
    __fbcGraph?: Core;
  }
}

export interface CytoscapeOptions extends GraphHandlers {
  theme: 'light' | 'dark';
  /** Receives the instance (null when it goes away), for exporting the view. */
  onCy?(cy: Core | null): void;
}

export interface CytoscapeInstance {
  /** The instance while mounted. */
  cy: RefObject<Core | null>;
  /** The palette the stylesheet was last built from (use-graph-theme.ts restyles only on a change). */
  paletteKey: RefObject<string>;
}

export function useCytoscape(
  container: RefObject<HTMLDivElement | null>,
  options: CytoscapeOptions,
): CytoscapeInstance {
  const cyRef = useRef<Core | null>(null);
  const paletteKey = useRef('');
  // Read at each event and on unmount: the latest props, without re-creating the instance.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const el = container.current!;
    const palette = readPalette(el, latest.current.theme);
    paletteKey.current = JSON.stringify(palette);
    const cy = cytoscape({
      container: el,
      style: graphStylesheet(palette),
      layout: { name: 'preset' },
      minZoom: 0.0005,
      maxZoom: 3,
      autounselectify: true,
      autoungrabify: true,
      boxSelectionEnabled: false,
    });
    cyRef.current = cy;
    // A second graph (a dialog's preview) hands the test hook back to the one under it when it goes.
    const under = window.__fbcGraph;
    if (import.meta.env.DEV || import.meta.env.MODE === 'test' || navigator.webdriver) window.__fbcGraph = cy;
    const detach = wireGraphEvents(cy, el, () => latest.current);
    latest.current.onCy?.(cy);
    return () => {
      noteGraphEntries(0);
      latest.current.onCy?.(null);
      detach();
      if (window.__fbcGraph === cy) {
        if (under && !under.destroyed()) window.__fbcGraph = under;
        else delete window.__fbcGraph;
      }
      cy.destroy();
      cyRef.current = null;
    };
    // Created once; theme changes restyle (use-graph-theme.ts).
  }, []);

  return { cy: cyRef, paletteKey };
}
