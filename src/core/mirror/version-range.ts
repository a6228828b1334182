/**
 * The version range oc-mirror v2 gives its catalog filter: `>=MIN`, `<=MAX` or `>=MIN <=MAX`
 * (oc-mirror internal/pkg/operator/catalog_handler.go, filterPackage), checked as Masterminds
 * semver v3 checks it (constraints.go): each condition compares by semver precedence, build
 * metadata ignored, and a prerelease version passes a condition only when that condition's own
 * version has a prerelease. Versions and comparison are the Masterminds ones beside Crossplane's
 * constraints (one port of Masterminds in the project).
 */
import { compareSemver, parseSemver, type Semver } from '../crossplane/constraint';

export type { Semver };

export interface VersionRange {
  /** As oc-mirror writes it, for its messages (`>=0.8.1 <=0.8.3`). */
  text: string;
  min?: Semver;
  max?: Semver;
}

/** Masterminds' NewVersion (loose: `v`, missing parts), as oc-mirror validates minVersion/maxVersion. */
export const looseVersion = (text: string): Semver | undefined => parseSemver(text);

const STRICT =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** Masterminds' StrictNewVersion, as the filter reads each bundle's olm.package version. */
export function strictVersion(text: string): Semver | undefined {
  const m = STRICT.exec(text);
  if (!m) return undefined;
  const pre = m[4] ? m[4].split('.') : [];
  if (pre.some((p) => /^0\d+$/.test(p))) return undefined;
  return parseSemver(text);
}

/** The range of a package or channel of the ISC; undefined when it sets neither bound. */
export function rangeOf(minVersion: string, maxVersion: string): VersionRange | undefined {
  if (minVersion === '' && maxVersion === '') return undefined;
  let text = minVersion !== '' ? '>=' + minVersion : '';
  if (maxVersion !== '') text += ' <=' + maxVersion;
  return {
    text,
    min: minVersion !== '' ? looseVersion(minVersion) : undefined,
    max: maxVersion !== '' ? looseVersion(maxVersion) : undefined,
  };
}

function passes(v: Semver, bound: Semver, ok: (c: number) => boolean): boolean {
  // Masterminds: "If there is a pre-release on the version but the constraint isn't looking for them
  // assume that pre-releases are not compatible."
  if (v.prerelease.length > 0 && bound.prerelease.length === 0) return false;
  return ok(compareSemver(v, bound));
}

/** Constraints.Check: every condition holds. */
export function inRange(range: VersionRange, v: Semver): boolean {
  if (range.min && !passes(v, range.min, (c) => c >= 0)) return false;
  if (range.max && !passes(v, range.max, (c) => c <= 0)) return false;
  return true;
}
