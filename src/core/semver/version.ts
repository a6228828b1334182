import { SemverError } from './errors';
import { goQuote } from '../go/strings';
import {
  comparePrereleaseLists,
  formatPrereleaseList,
  isAlphanum,
  isDigits,
  parseUint64,
  prereleaseIdOrError,
  type PrereleaseId,
} from './prerelease';
import { compareReleases } from './release';

export { SemverError } from './errors';
export type { PrereleaseId } from './prerelease';

/**
 * A parsed version (blang/semver v4 `Version`).
 *
 * Go keeps major/minor/patch as uint64. `major`, `minor` and `patch` are JS numbers, exact up to
 * Number.MAX_SAFE_INTEGER (2^53 - 1). When any of the three is larger, `exact` holds all three as
 * bigints; comparison and formatting use `exact` when present, so versions up to 2^64 - 1 order and
 * print exactly (the plain numbers are then only approximations). Versions built by hand without
 * `exact` must keep their numbers within the safe range.
 */
export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly pre: readonly PrereleaseId[];
  readonly build: readonly string[];
  /** The string that was parsed (for a range comparator: the version text after wildcard expansion). */
  readonly raw: string;
  /** Only set when a number exceeds Number.MAX_SAFE_INTEGER. */
  readonly exact?: { readonly major: bigint; readonly minor: bigint; readonly patch: bigint };
}

const NONE: readonly never[] = Object.freeze([]);
const NO_ELEMENTS = 'No Major.Minor.Patch elements found';

function parseNumber(s: string, what: 'major' | 'minor' | 'patch', label: string): number | bigint | string {
  if (!isDigits(s)) return `Invalid character(s) found in ${what} number ${goQuote(s)}`;
  if (s.length > 1 && s.charCodeAt(0) === 0x30)
    return `${label} number must not contain leading zeroes ${goQuote(s)}`;
  return parseUint64(s);
}

/** blang `Parse`, step for step: the version, or blang's error text as a string. */
export function parseVersionOrError(s: string): Version | string {
  if (s.length === 0) return 'Version string empty';
  const dot1 = s.indexOf('.');
  if (dot1 < 0) return NO_ELEMENTS;
  const dot2 = s.indexOf('.', dot1 + 1);
  if (dot2 < 0) return NO_ELEMENTS;

  const major = parseNumber(s.slice(0, dot1), 'major', 'Major');
  if (typeof major === 'string') return major;
  const minor = parseNumber(s.slice(dot1 + 1, dot2), 'minor', 'Minor');
  if (typeof minor === 'string') return minor;

  // The third part holds everything after the second dot: patch, then '-' prerelease, '+' build.
  let patchStr = s.slice(dot2 + 1);
  let buildStr: string | undefined;
  let preStr: string | undefined;
  const plus = patchStr.indexOf('+');
  if (plus >= 0) {
    buildStr = patchStr.slice(plus + 1);
    patchStr = patchStr.slice(0, plus);
  }
  const dash = patchStr.indexOf('-');
  if (dash >= 0) {
    preStr = patchStr.slice(dash + 1);
    patchStr = patchStr.slice(0, dash);
  }
  const patch = parseNumber(patchStr, 'patch', 'Patch');
  if (typeof patch === 'string') return patch;

  let pre: readonly PrereleaseId[] = NONE;
  if (preStr !== undefined) {
    const ids: PrereleaseId[] = [];
    for (const part of preStr.split('.')) {
      const id = prereleaseIdOrError(part);
      if (typeof id === 'string') return id;
      ids.push(id);
    }
    pre = ids;
  }

  let build: readonly string[] = NONE;
  if (buildStr !== undefined) {
    const parts = buildStr.split('.');
    for (const part of parts) {
      if (part.length === 0) return 'Build meta data is empty';
      if (!isAlphanum(part)) return `Invalid character(s) found in build meta data ${goQuote(part)}`;
    }
    build = parts;
  }

  if (typeof major === 'number' && typeof minor === 'number' && typeof patch === 'number') {
    return { major, minor, patch, pre, build, raw: s };
  }
  return {
    major: Number(major),
    minor: Number(minor),
    patch: Number(patch),
    pre,
    build,
    raw: s,
    exact: { major: BigInt(major), minor: BigInt(minor), patch: BigInt(patch) },
  };
}

/** blang `semver.Parse`. Throws SemverError with blang's exact message. */
export function parseVersion(s: string): Version {
  const v = parseVersionOrError(s);
  if (typeof v === 'string') throw new SemverError(v);
  return v;
}

export function tryParseVersion(s: string): Version | undefined {
  const v = parseVersionOrError(s);
  return typeof v === 'string' ? undefined : v;
}

function cmp(a: number | bigint, b: number | bigint): -1 | 0 | 1 {
  return a === b ? 0 : a > b ? 1 : -1;
}

/** blang `Version.Compare`: SemVer 2.0 precedence, build metadata ignored. */
export function compareVersions(a: Version, b: Version): -1 | 0 | 1 {
  let c: -1 | 0 | 1;
  if (a.exact === undefined && b.exact === undefined) {
    if (a.major !== b.major) return a.major > b.major ? 1 : -1;
    if (a.minor !== b.minor) return a.minor > b.minor ? 1 : -1;
    if (a.patch !== b.patch) return a.patch > b.patch ? 1 : -1;
  } else {
    const ae = a.exact ?? { major: BigInt(a.major), minor: BigInt(a.minor), patch: BigInt(a.patch) };
    const be = b.exact ?? { major: BigInt(b.major), minor: BigInt(b.minor), patch: BigInt(b.patch) };
    if ((c = cmp(ae.major, be.major)) !== 0) return c;
    if ((c = cmp(ae.minor, be.minor)) !== 0) return c;
    if ((c = cmp(ae.patch, be.patch)) !== 0) return c;
  }
  const ap = a.pre;
  const bp = b.pre;
  if (ap.length === 0) return bp.length === 0 ? 0 : 1;
  if (bp.length === 0) return -1;
  return comparePrereleaseLists(ap, bp);
}

/** blang `Version.String()`: keeps prerelease and build metadata. Equals `raw` for a parsed version. */
export function formatVersion(v: Version): string {
  const e = v.exact;
  let out = e ? `${e.major}.${e.minor}.${e.patch}` : `${v.major}.${v.minor}.${v.patch}`;
  if (v.pre.length > 0) out += '-' + formatPrereleaseList(v.pre);
  if (v.build.length > 0) out += '+' + v.build.join('.');
  return out;
}

/**
 * operator-registry `VersionRelease.Compare` (alpha/model/versionrelease.go), the order OLM v1 uses
 * for "highest version (and release)": versions first (build ignored); on a tie, releases. An empty
 * release sorts below any non-empty one; two releases compare like prerelease lists (numeric
 * segments below alphanumeric ones, shorter prefix first). See `compareReleases`.
 */
export function compareVersionsWithRelease(a: Version, relA: string, b: Version, relB: string): -1 | 0 | 1 {
  const c = compareVersions(a, b);
  return c !== 0 ? c : compareReleases(relA, relB);
}
