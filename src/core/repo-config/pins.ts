/**
 * A catalog's OpenShift version and migrate level as the configuration pins them, over what its
 * path says (a folder `v10.16` that means OpenShift 4.16 reads as no version, or a wrong one).
 */
import { globMatches, normalizePath } from './glob';
import type { MigrateLevel, RepoConfig } from './types';

export interface PinnedCatalog {
  /** Repository-relative, '.' for the root. */
  path: string;
  ocpVersion: string | null;
  migrateLevel?: MigrateLevel;
}

/** The first entry matching `path` that sets each field. */
export function pinsFor(
  config: RepoConfig,
  path: string,
): { ocpVersion?: string; migrateLevel?: MigrateLevel } {
  const out: { ocpVersion?: string; migrateLevel?: MigrateLevel } = {};
  const p = normalizePath(path);
  for (const pin of config.catalogs) {
    if (!globMatches(normalizePath(pin.path), p)) continue;
    if (out.ocpVersion === undefined && pin.ocpVersion !== undefined) out.ocpVersion = pin.ocpVersion;
    if (out.migrateLevel === undefined && pin.migrateLevel !== undefined) out.migrateLevel = pin.migrateLevel;
  }
  return out;
}

/** Sets the pinned version and migrate level on each catalog, in place. */
export function applyPins(config: RepoConfig, catalogs: PinnedCatalog[]): void {
  if (config.catalogs.length === 0) return;
  for (const c of catalogs) {
    const pin = pinsFor(config, c.path);
    if (pin.ocpVersion !== undefined) c.ocpVersion = pin.ocpVersion;
    if (pin.migrateLevel !== undefined) c.migrateLevel = pin.migrateLevel;
  }
}
