/**
 * Keeps the graph's colours in step with the page's theme. The shell may switch themes without a prop
 * change (a class, a style or data-theme on the document, the system preference), and restyling
 * re-resolves every element's style (~1 s at 5,000 nodes): this hook watches all of those and
 * restyles only when the colours really changed.
 */
import type { Core } from 'cytoscape';
import { useEffect, type RefObject } from 'react';
import { graphStylesheet, readPalette } from './style';

export function useGraphTheme(
  cyRef: RefObject<Core | null>,
  container: RefObject<HTMLDivElement | null>,
  paletteKey: RefObject<string>,
  theme: 'light' | 'dark',
): void {
  // Re-read the CSS variables after the shell has applied them (next frame), and on every change.
  useEffect(() => {
    const restyle = () => {
      const cy = cyRef.current;
      const el = container.current;
      if (!cy || !el) return;
      const palette = readPalette(el, theme);
      const key = JSON.stringify(palette);
      if (key === paletteKey.current) return;
      paletteKey.current = key;
      cy.style(graphStylesheet(palette));
    };
    let frame = requestAnimationFrame(restyle);
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(restyle);
    };
    const mo = new MutationObserver(schedule);
    for (const el of [document.documentElement, document.body]) {
      mo.observe(el, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    }
    const mq = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
    mq?.addEventListener('change', schedule);
    return () => {
      cancelAnimationFrame(frame);
      mo.disconnect();
      mq?.removeEventListener('change', schedule);
    };
  }, [theme]);
}
