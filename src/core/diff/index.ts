import type { Model } from '../model/types';
import { diffModels, type DiffOptions } from './diff-models';
import { diffImpact } from './impact';
import { packageOverlays } from './overlay';
import type { CatalogDiff } from './types';

export type * from './types';
export type { ChannelOverlay, OverlayEdge, OverlayNode, OverlayStatus } from './overlay';
export { changedPart } from './overlay';
export { diffModels, type DiffOptions } from './diff-models';
export { capDiff } from './cap-diff';
export { diffImpact } from './impact';
export { invertDiff } from './invert';

/** The whole comparison: what changed, what it does to users (OLM v0 and v1), and the graphs to draw it. */
export function diffCatalogs(before: Model, after: Model, options: DiffOptions = {}): CatalogDiff {
  const packages = diffModels(before, after, options);
  return {
    packages,
    impact: diffImpact(before, after, packages),
    overlays: packages.flatMap((d) =>
      packageOverlays(d, before.packages.get(d.name), after.packages.get(d.name)),
    ),
  };
}
