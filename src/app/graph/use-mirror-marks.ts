/**
 * The Mirror plan drawn on the graph (src/app/mirror): while a plan is shown, each bundle node is
 * marked kept (highlighted) or dropped (dimmed) by what oc-mirror would keep of this channel — or,
 * on the whole-package graph, of any channel of the package. Re-applied after every rebuild, like
 * the path edges; separate because the plan is the mirror view's concern, not the graph's. What is
 * kept lives in ui-store.ts beside the dialog it goes with.
 */
import type { Core } from 'cytoscape';
import { useEffect, type RefObject } from 'react';
import { useUi } from '../ui/ui-store';
import type { Prepared } from './prepare';

/** Whether a plan is marked (the legend shows its entries then). */
export function useMirrorMarked(): boolean {
  return useUi((s) => s.mirrorKept !== undefined);
}

export function useMirrorMarksOn(
  cyRef: RefObject<Core | null>,
  pkg: string | undefined,
  channel: string | undefined,
  prepared: Prepared,
  rendered: unknown,
): void {
  const kept = useUi((s) => s.mirrorKept);
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    cy.batch(() => {
      cy.nodes('.mirror-kept, .mirror-dropped').removeClass('mirror-kept mirror-dropped');
      if (!kept || pkg === undefined) return;
      const channels = kept[pkg] ?? {};
      const keep = new Set(
        channel !== undefined ? (channels[channel] ?? []) : Object.values(channels).flat(),
      );
      cy.nodes('.bundle').forEach((n) => {
        n.addClass(keep.has(n.id()) ? 'mirror-kept' : 'mirror-dropped');
      });
      // A collapsed run is kept when any bundle in it is (expanding it shows which).
      for (const v of prepared.view.nodes) {
        if (v.kind !== 'collapsed') continue;
        const any = (v.members ?? []).some((m) => keep.has(m));
        cy.getElementById(v.id).addClass(any ? 'mirror-kept' : 'mirror-dropped');
      }
    });
  }, [kept, pkg, channel, prepared, rendered]);
}
