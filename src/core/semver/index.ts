/**
 * blang/semver v4.0.0 as opm and OLM use it (fbc-rules §6): strict versions (`version.ts`), ranges
 * with every quirk (`range.ts`, steps in `range-steps.ts`), and opm's `release` field (`release.ts`).
 * `goQuote` is Go's `%q`, needed for exact messages here and elsewhere.
 */
export { SemverError, semverErrorText } from './errors';
export { goQuote } from '../go/strings';
export {
  compareVersions,
  compareVersionsWithRelease,
  formatVersion,
  parseVersion,
  tryParseVersion,
  type PrereleaseId,
  type Version,
} from './version';
export {
  describeRange,
  parseRange,
  rangeLowerBound,
  rangeUpperBound,
  RangePanicError,
  tryParseRange,
  type BlangRange,
  type Comparator,
  type ComparatorOp,
  type RangeBound,
} from './range';
export { compareReleases, formatRelease, parseRelease, RELEASE_MAX_LENGTH, validateRelease } from './release';
