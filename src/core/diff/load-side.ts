import { loadCatalog } from '../load';
import { convertToModel } from '../model/convert';
import type { Model } from '../model/types';
import type { CatalogSource } from '../source/types';

/**
 * One side of a comparison: the catalog's model as opm converts it. Validation is not needed to
 * compare, and an invalid catalog still compares on what converted (a reviewer wants the diff of a
 * broken PR too); the first load error is kept so callers can say the side did not load cleanly.
 */
export interface DiffSide {
  model: Model;
  /** The first load or conversion error, when there was one. */
  problem?: string;
}

export async function loadDiffSide(source: CatalogSource, signal?: AbortSignal): Promise<DiffSide> {
  const load = await loadCatalog(source, signal ? { signal } : {});
  const { model, errors } = convertToModel(load.dc);
  const first = load.errors[0]?.message ?? errors[0]?.message;
  return first === undefined ? { model } : { model, problem: first };
}
