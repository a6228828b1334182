/**
 * Presentation mode (src/app/presentation) refits the graph larger. The shell's layout changes around
 * the graph when it starts or ends (panels hide or come back, perhaps a frame or a stylesheet later),
 * so the graph is refitted whenever its canvas changes size: for as long as presenting lasts, and for
 * a second after it ends. Separate from the first viewport (use-graph-elements.ts), which it leaves
 * alone until presentation mode is first switched on.
 */
import type { Core } from 'cytoscape';
import { useEffect, useRef, type RefObject } from 'react';
import { initialViewport } from './viewport';

export function usePresentationFit(
  cyRef: RefObject<Core | null>,
  container: RefObject<HTMLDivElement | null>,
  presentation: boolean,
  maxZoom: RefObject<number>,
): void {
  const presentedOnce = useRef(false);
  useEffect(() => {
    const cy = cyRef.current;
    const el = container.current;
    // Only on a change (the first build already sets the viewport).
    if (!cy || !el || (!presentedOnce.current && !presentation)) return;
    presentedOnce.current = true;
    let frame = 0;
    const refit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        cy.resize();
        initialViewport(cy, undefined, maxZoom.current);
      });
    };
    const ro = new ResizeObserver(refit);
    ro.observe(el);
    refit();
    const stop = presentation ? 0 : window.setTimeout(() => ro.disconnect(), 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(stop);
      ro.disconnect();
    };
  }, [presentation]);
}
