/**
 * A pack over the catalogs a command checked: each catalog's findings located as opm's are (paths
 * relative to the catalog), so the command places them exactly as it places opm's.
 */
import { resolveDiagnosticLocations, type CheckedCatalog } from '../api';
import type { DeclarativeConfig } from '../declcfg/types';
import type { LoadResult } from '../load';
import type { Diagnostic } from '../diagnostics';
import type { DiscoveredCatalog } from '../workspace/discover';
import { checkCommunity } from './community';
import { checkKonflux } from './konflux';
import { checkPruning } from './pruning';
import type { PolicyPack } from './types';

export interface PolicyInputs {
  /** --ocp-version: wins over the catalog's own (path or configuration). */
  ocpVersion?: string;
  /** A Containerfile's FROM version, per catalog path, for catalogs nothing else dates. */
  containerfileVersion?: (catalog: Pick<DiscoveredCatalog, 'path' | 'isFile'>) => string | null;
  /** --released: the released index (its catalog at the same path, or the whole of it). */
  released?: (catalog: Pick<DiscoveredCatalog, 'path'>) => DeclarativeConfig | undefined;
  allowedRegistries?: readonly string[];
  /** The validate-fbc version the pipelines run (konflux.ts KonfluxOptions). */
  konfluxTask?: string;
}

/**
 * A pack's findings on a catalog's current parse, unresolved (refs, and the first file for a finding
 * about the whole catalog): what a repository session adds to its problems at every edit.
 */
export function packFindings(
  pack: PolicyPack,
  catalog: Pick<DiscoveredCatalog, 'path' | 'isFile' | 'ocpVersion' | 'files'>,
  load: LoadResult,
  opmPassed: boolean,
  inputs: PolicyInputs = {},
): Diagnostic[] {
  const c = {
    path: catalog.path,
    isFile: catalog.isFile,
    ocpVersion: inputs.ocpVersion ?? catalog.ocpVersion ?? inputs.containerfileVersion?.(catalog) ?? null,
    files: catalog.files,
    dc: load.dc,
    opmPassed,
  };
  const found =
    pack === 'konflux'
      ? checkKonflux(c, inputs.konfluxTask ? { task: inputs.konfluxTask } : {})
      : checkCommunity(c, inputs.allowedRegistries ? { allowedRegistries: inputs.allowedRegistries } : {});
  const released = pack === 'konflux' ? inputs.released?.(catalog) : undefined;
  if (released) found.push(...checkPruning(c.dc, released));
  // A finding about the whole catalog (its folder, opm's verdict, its version) points at its first
  // file, so every view can place it and say which catalog it is.
  const first = load.order[0];
  if (first === undefined) return found;
  const top = { line: 1, column: 1 };
  return found.map((d) =>
    d.ref || d.location ? d : { ...d, location: { file: first, start: top, end: top } },
  );
}

export function runPack(
  pack: PolicyPack,
  catalog: DiscoveredCatalog,
  checked: CheckedCatalog,
  inputs: PolicyInputs = {},
): Diagnostic[] {
  return resolveDiagnosticLocations(
    checked.load.files,
    packFindings(pack, catalog, checked.load, checked.result.passed, inputs),
  );
}
