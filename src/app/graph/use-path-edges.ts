/**
 * The upgrade path (src/app/paths) drawn on the graph: the edges between consecutive bundles of the
 * path, installed → head, get the path style, and a new path is framed (viewport.ts `fitPath`) so
 * its end and the head are on screen. Re-applied after every rebuild, since a rebuild may replace
 * the edges; separate because the path is the paths panel's concern, not the graph's.
 */
import type { Core } from 'cytoscape';
import { useEffect, useRef, type RefObject } from 'react';
import type { Prepared } from './prepare';
import { fitPath } from './viewport';

export function usePathEdges(
  cyRef: RefObject<Core | null>,
  path: string[] | undefined,
  prepared: Prepared,
): void {
  const pathKey = (path ?? []).join('\u0000');
  // The path last framed: a rebuild (an edit) keeps the camera where the user left it.
  const framed = useRef('');
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const hops = pathKey ? pathKey.split('\u0000') : [];
    cy.batch(() => {
      cy.$('.path-edge').removeClass('path-edge');
      for (let i = 0; i + 1 < hops.length; i++) {
        cy.getElementById(hops[i]!)
          .edgesTo(cy.getElementById(hops[i + 1]!))
          .addClass('path-edge');
      }
    });
    if (hops.length < 2) framed.current = '';
    // Framed once the graph drawn holds the path (its channel may still be loading).
    else if (framed.current !== pathKey && hops.every((h) => cy.getElementById(h).nonempty())) {
      framed.current = pathKey;
      fitPath(cy, hops);
    }
  }, [pathKey, prepared]);
}
