/**
 * The `version` of a ClusterExtension: a Masterminds semver v3 constraint (operator-controller
 * catalogmetadata/compare `NewVersionRange`), not blang's range syntax. The grammar is the one
 * Crossplane reads (`crossplane/constraint.ts`); what is OLM v1's own is Masterminds v3.5's error
 * text, which quotes the constraint, and its prerelease rule: a version with a prerelease only
 * matches a condition that names a prerelease itself.
 */
import { parseConstraint, satisfies, type Constraint } from '../crossplane/constraint';
import { goQuote } from '../go/strings';
import { formatVersion, type Version } from '../semver';

export interface VersionRange {
  text: string;
  test(v: Version): boolean;
}

/** The range, or Masterminds' error (`improper constraint: "foobar"`). */
export function parseVersionRange(text: string): VersionRange | { error: string } {
  const c = parseConstraint(text);
  if ('error' in c) return { error: `improper constraint: ${goQuote(text)}` };
  // Masterminds compares without build metadata; a prerelease needs a condition with one.
  const allowsPrerelease = /\d-[0-9A-Za-z]/.test(text);
  return {
    text,
    test(v: Version): boolean {
      if (v.pre.length > 0 && !allowsPrerelease) return false;
      return satisfies(c as Constraint, formatVersion({ ...v, build: [] }));
    },
  };
}
