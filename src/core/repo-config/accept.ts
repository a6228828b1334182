/**
 * Whether a finding is accepted by the configuration: an entry with its rule whose every scope
 * given (catalog path, package, channel, bundle; exact or glob) matches. Only FBC Studio's own
 * findings can be: opm's verdict is never accepted, whatever an entry says.
 */
import type { Finding } from '../diagnostics';
import { globMatches, normalizePath } from './glob';
import type { Acceptance, AcceptedEntry, RepoConfig } from './types';

type Scoped = Pick<Finding, 'rule' | 'source' | 'package' | 'channel' | 'bundle'>;

function scopeMatches(glob: string | undefined, value: string | undefined): boolean {
  return glob === undefined || (value !== undefined && globMatches(glob, value));
}

/** The entry accepting `f`, found in catalog `catalog` (repository-relative; undefined for none). */
export function acceptingEntry(
  config: RepoConfig,
  f: Scoped,
  catalog: string | undefined,
): AcceptedEntry | undefined {
  if (f.source !== 'fbc-studio') return undefined;
  const cat = catalog === undefined ? undefined : normalizePath(catalog);
  return config.accepted.find(
    (e) =>
      e.rule === f.rule &&
      scopeMatches(e.catalog === undefined ? undefined : normalizePath(e.catalog), cat) &&
      scopeMatches(e.package, f.package) &&
      scopeMatches(e.channel, f.channel) &&
      scopeMatches(e.bundle, f.bundle),
  );
}

/** How `f` is marked when accepted, or undefined. */
export function acceptanceOf(
  config: RepoConfig,
  f: Scoped,
  catalog: string | undefined,
): Acceptance | undefined {
  const e = acceptingEntry(config, f, catalog);
  return e && { reason: e.reason, by: `${e.location.file}:${e.location.start.line}` };
}

/**
 * The catalog a repository-level finding is in, from its file (the longest catalog path that is
 * the file or a folder above it); undefined outside every catalog.
 */
export function catalogOfFile(catalogs: readonly string[], file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  let best: string | undefined;
  for (const c of catalogs) {
    const inside = c === '.' || file === c || file.startsWith(c + '/');
    if (inside && (best === undefined || best === '.' || c.length > best.length)) best = c;
  }
  return best;
}
