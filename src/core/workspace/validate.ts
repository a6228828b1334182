/**
 * `opm validate` of each discovered catalog, on the parses discovery already made: the catalog's
 * files (paths relative to the catalog) merged in walk order give exactly what loading
 * `subSource(source, catalog)` gives, without reading or parsing anything twice.
 */
import { resolveDiagnosticLocations, type CheckedCatalog } from '../api';
import { mergeFileLoads, type FileLoad } from '../load';
import { validateCatalog } from '../validate/validate-catalog';
import type { DiscoveredCatalog, Discovery } from './discover';

export function loadDiscoveredCatalog(d: Discovery, catalog: DiscoveredCatalog) {
  const loads = catalog.files.map((f) => d.loads.get(f)).filter((fl): fl is FileLoad => fl !== undefined);
  return mergeFileLoads(loads, catalog.ignored);
}

export function checkDiscoveredCatalog(d: Discovery, catalog: DiscoveredCatalog): CheckedCatalog {
  const load = loadDiscoveredCatalog(d, catalog);
  const result = validateCatalog(load);
  return {
    load,
    result: { ...result, diagnostics: resolveDiagnosticLocations(load.files, result.diagnostics) },
  };
}
