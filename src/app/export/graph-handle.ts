import type { Core } from 'cytoscape';

/**
 * The Cytoscape instance on screen, for the Export graph menu (PNG and SVG of the current view).
 * Type-only import: cytoscape itself stays in the lazily loaded graph chunk.
 */
let current: Core | null = null;

export function setGraphHandle(cy: Core | null): void {
  current = cy;
}

export function graphHandle(): Core | null {
  return current;
}
