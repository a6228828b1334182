/**
 * Keeps the graph's canvas honest about what it shows: how many bundles are on screen (the title
 * says "12 of 60 shown" when a long channel does not fit), and a refit when the canvas changes size
 * (the editor opened beside it, a panel resized) if the graph was showing everything before, or
 * nothing is left on screen after.
 */
import type { Core } from 'cytoscape';
import { useEffect, useState, type RefObject } from 'react';
import { bundlesInView, initialViewport } from './viewport';

export function useCanvasWatch(
  cyRef: RefObject<Core | null>,
  container: RefObject<HTMLDivElement | null>,
  maxZoom: RefObject<number>,
  /** Changes when the graph on the canvas was rebuilt. */
  built: unknown,
): number | undefined {
  const [shown, setShown] = useState<number>();
  useEffect(() => {
    const cy = cyRef.current;
    const el = container.current;
    if (!cy || !el) return;
    let frame = 0;
    const total = () => cy.nodes('[kind = "bundle"]').length;
    let all = bundlesInView(cy) === total();
    const count = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const n = bundlesInView(cy);
        all = n === total();
        setShown(n);
      });
    };
    let size = `${el.clientWidth}x${el.clientHeight}`;
    const ro = new ResizeObserver(() => {
      const now = `${el.clientWidth}x${el.clientHeight}`;
      if (now === size || el.clientWidth === 0) return;
      size = now;
      cy.resize();
      if (all || bundlesInView(cy) === 0) initialViewport(cy, undefined, maxZoom.current);
      count();
    });
    ro.observe(el);
    cy.on('viewport', count);
    count();
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
      cy.off('viewport', count);
    };
  }, [built]);
  return shown;
}
