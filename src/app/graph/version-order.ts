import { compareVersions, tryParseVersion, type Version } from '../../core/semver';

/**
 * Display ordering of bundle versions with blang precedence (src/core/semver: prerelease < release,
 * build metadata ignored). Missing or unparsable versions sort before every valid one, among
 * themselves by text. Parsed versions are cached: a sort of 5,000 rows compares ~60,000 times.
 */

const cache = new Map<string, Version | null>();

function parse(v: string): Version | null {
  let parsed = cache.get(v);
  if (parsed === undefined) {
    parsed = tryParseVersion(v) ?? null;
    if (cache.size > 50_000) cache.clear();
    cache.set(v, parsed);
  }
  return parsed;
}

export function compareDisplayVersions(a: string | undefined, b: string | undefined): number {
  const pa = a ? parse(a) : null;
  const pb = b ? parse(b) : null;
  if (pa && pb) return compareVersions(pa, pb);
  if (pa) return 1;
  if (pb) return -1;
  const sa = a ?? '';
  const sb = b ?? '';
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}
