import type { Model } from '../model/types';
import { diffModels } from './diff-models';
import { diffImpact } from './impact';
import type { CatalogDiff } from './types';

export type * from './types';
export { diffModels } from './diff-models';
export { diffImpact } from './impact';

/** The whole comparison: what changed, then what it does to users (OLM v0 and v1). */
export function diffCatalogs(before: Model, after: Model): CatalogDiff {
  const packages = diffModels(before, after);
  return { packages, impact: diffImpact(before, after, packages) };
}
