/**
 * A drawn, read-only graph beside the channel view (the Compare overlay, the Crossplane dependency
 * graph): Cytoscape on the returned element, laid out once from what `options` gives, nothing
 * draggable or box-selectable. e2e tests read its elements as `window[testHook]`, as they read the
 * channel graph's.
 */
import cytoscape from 'cytoscape';
import { useEffect, useRef, type DependencyList } from 'react';

/** Edges of a read-only graph: thin grey bezier arrows (both drawings start from these). */
export const STATIC_EDGE_STYLE = {
  width: 1.5,
  'curve-style': 'bezier',
  'target-arrow-shape': 'triangle',
  'line-color': '#8c959f',
  'target-arrow-color': '#8c959f',
} as const;

type Drawn = Pick<cytoscape.CytoscapeOptions, 'elements' | 'style' | 'layout'>;

export function useStaticGraph(options: () => Drawn, testHook: string, deps: DependencyList) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const cy = cytoscape({ container: el, ...options(), autoungrabify: true, boxSelectionEnabled: false });
    if (navigator.webdriver) (window as unknown as Record<string, unknown>)[testHook] = cy;
    return () => cy.destroy();
    // The caller names what the drawing depends on.
  }, deps);
  return ref;
}
