import { mergeFileLoads } from '../load';
import { convertToModel } from '../model/convert';
import type { LoadedFile } from '../load/types';
import type { Model } from '../model/types';
import { readCatalogFiles } from '../service/session-read';
import type { CatalogSource } from '../source/types';

/**
 * One side of a comparison: the catalog's model as opm converts it. Validation is not needed to
 * compare, and an invalid catalog still compares on what converted (a reviewer wants the diff of a
 * broken PR too); the first load error is kept so callers can say the side did not load cleanly.
 * Files are read as the app opens a catalog (session-read.ts), which the worker already holds: the
 * Compare view adds no loader of its own to the worker's start-up code.
 */
export interface DiffSide {
  model: Model;
  /** The first load or conversion error, when there was one. */
  problem?: string;
  /** The files as loaded, so a blob's origin can be turned into a line (CI reports of the CLI). */
  files?: Map<string, LoadedFile>;
}

export async function loadDiffSide(source: CatalogSource, signal?: AbortSignal): Promise<DiffSide> {
  const check = () => {
    if (signal?.aborted) throw new DOMException('The comparison was cancelled', 'AbortError');
  };
  const read = await readCatalogFiles(source, () => undefined, check);
  const load = mergeFileLoads([...read.loads.values()], read.ignored);
  const { model, errors } = convertToModel(load.dc);
  const first = load.errors[0]?.message ?? errors[0]?.message;
  return first === undefined ? { model, files: load.files } : { model, problem: first, files: load.files };
}
