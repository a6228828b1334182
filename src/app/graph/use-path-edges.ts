/**
 * The upgrade path (src/app/paths) drawn on the graph: the edges between consecutive bundles of the
 * path, installed → head, get the path style. Re-applied after every rebuild, since a rebuild may
 * replace the edges; separate because the path is the paths panel's concern, not the graph's.
 */
import type { Core } from 'cytoscape';
import { useEffect, type RefObject } from 'react';
import type { Prepared } from './prepare';

export function usePathEdges(
  cyRef: RefObject<Core | null>,
  path: string[] | undefined,
  prepared: Prepared,
): void {
  const pathKey = (path ?? []).join('\u0000');
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
  }, [pathKey, prepared]);
}
