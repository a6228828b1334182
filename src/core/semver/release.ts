import { SemverError } from './errors';
import { goQuote, utf8Length } from '../go/strings';
import {
  comparePrereleaseLists,
  formatPrereleaseList,
  prereleaseIdOrError,
  type PrereleaseId,
} from './prerelease';

/**
 * The optional `release` of an `olm.package` property (operator-registry alpha/model/versionrelease.go,
 * `NewRelease`, rule R33): dot-separated segments that each follow blang's prerelease rules.
 */

/** From the ClusterServiceVersion CRD; counted in bytes, as Go's `len` does. */
export const RELEASE_MAX_LENGTH = 20;

const NONE: readonly never[] = Object.freeze([]);

/** The release's segments, or opm's error text as a string. '' means "no release" and is valid. */
function parseReleaseOrError(release: string): readonly PrereleaseId[] | string {
  if (release === '') return NONE;
  if (utf8Length(release) > RELEASE_MAX_LENGTH) {
    return `invalid release ${goQuote(release)}: exceeds maximum length of ${RELEASE_MAX_LENGTH} characters`;
  }
  const ids: PrereleaseId[] = [];
  // Every bad segment is reported (errors.Join: one line each, joined by "\n"); an empty segment
  // ("1..2", ".1", "1.") fails with blang's "Prerelease is empty".
  let errors: string | undefined;
  const segments = release.split('.');
  for (let i = 0; i < segments.length; i++) {
    const id = prereleaseIdOrError(segments[i] as string);
    if (typeof id === 'string') errors = (errors === undefined ? '' : errors + '\n') + `segment ${i}: ${id}`;
    else ids.push(id);
  }
  return errors === undefined ? ids : `invalid release ${goQuote(release)}: ${errors}`;
}

/**
 * Throws SemverError with opm's inner R33 text, e.g.
 * `invalid release "!!!": segment 0: Invalid character(s) found in prerelease "!!!"`.
 * opm wraps it as `error parsing bundle %q release version %q: <this>`.
 */
export function validateRelease(release: string): void {
  const r = parseReleaseOrError(release);
  if (typeof r === 'string') throw new SemverError(r);
}

/** The release's segments ([] for ''). Throws SemverError like `validateRelease`. */
export function parseRelease(release: string): readonly PrereleaseId[] {
  const r = parseReleaseOrError(release);
  if (typeof r === 'string') throw new SemverError(r);
  return r;
}

/** opm `Release.String()`: the segments joined by '.' (equal to the input for a valid release). */
export function formatRelease(ids: readonly PrereleaseId[]): string {
  return formatPrereleaseList(ids);
}

/** Segments for comparison. Releases are validated before opm ever compares them; an invalid segment is compared as text. */
function releaseIdsLenient(release: string): readonly PrereleaseId[] {
  if (release === '') return NONE;
  return release.split('.').map((seg) => {
    const id = prereleaseIdOrError(seg);
    return typeof id === 'string' ? { str: seg } : id;
  });
}

/** opm `Release.Compare`: no release < any release; otherwise like prerelease lists. */
export function compareReleases(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  if (a === '') return -1;
  if (b === '') return 1;
  return comparePrereleaseLists(releaseIdsLenient(a), releaseIdsLenient(b));
}
