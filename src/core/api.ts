/**
 * The core's public surface for the CLI, the worker service and tests: load a source, validate
 * it, and resolve diagnostic locations. Each step lives in its own module; this file only joins them.
 */
import type { Diagnostic } from './diagnostics';
import { loadCatalog, locate, type LoadedFile, type LoadOptions, type LoadResult } from './load';
import type { CatalogSource } from './source/types';
import { validateCatalog, type ValidationResult } from './validate/validate-catalog';

/**
 * Fill in `location` (file, line, column) from each diagnostic's `ref`, keeping any location already
 * set. The diagnostic itself gets it: a location follows from the ref and its file alone, so a
 * finding the validator hands out again (an unchanged package's) keeps a true one; a copy of each
 * (objects of many shapes, 13,000 on a large catalog) cost more than locating them.
 */
export function resolveDiagnosticLocations(
  files: ReadonlyMap<string, LoadedFile>,
  diagnostics: readonly Diagnostic[],
): Diagnostic[] {
  return diagnostics.map((d) => {
    if (!d.location && d.ref) d.location = locate(files, d.ref);
    return d;
  });
}

export interface CheckedCatalog {
  load: LoadResult;
  result: ValidationResult;
}

/** Load and validate, as `opm validate` does (eager bundle-object decoding by default). */
export async function checkCatalog(source: CatalogSource, opts: LoadOptions = {}): Promise<CheckedCatalog> {
  const load = await loadCatalog(source, { bundleObjects: 'eager', ...opts });
  const result = validateCatalog(load);
  return {
    load,
    result: { ...result, diagnostics: resolveDiagnosticLocations(load.files, result.diagnostics) },
  };
}
