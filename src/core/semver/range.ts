import { SemverError } from './errors';
import { goQuote } from '../go/strings';
import {
  expandWildcardVersion,
  parseComparator,
  splitAndTrim,
  splitComparatorVersion,
  splitORParts,
  type ComparatorOp,
} from './range-steps';
import { compareVersions, formatVersion, parseVersionOrError, type Version } from './version';

export type { ComparatorOp } from './range-steps';

/**
 * blang/semver v4.0.0 ranges (`ParseRange`), as OLM and opm read skipRange, versionRange and
 * constraints. Never use npm `semver` ranges for these: they disagree (fbc-rules §6.3).
 */

/** One comparison, after wildcard expansion. `version` is compared with plain SemVer precedence. */
export interface Comparator {
  readonly op: ComparatorOp;
  readonly version: Version;
}

export interface BlangRange {
  /** The range text as given. */
  readonly raw: string;
  /**
   * OR over groups, AND within a group, in blang's order. A group may be empty (`a || || b`):
   * Go panics when evaluation reaches it, see `test`.
   */
  readonly groups: readonly (readonly Comparator[])[];
  /**
   * Does `v` satisfy the range (no prerelease filtering, build ignored)? Groups are tried left to
   * right; reaching an empty group throws RangePanicError, as Go crashes there (a nil func call).
   */
  test(v: Version): boolean;
}

/** Go would panic evaluating this range for this version (fbc-rules §6.2 step 2, case B35). */
export class RangePanicError extends Error {
  constructor(
    readonly range: string,
    readonly groupIndex: number,
  ) {
    super(
      `runtime error: invalid memory address or nil pointer dereference ` +
        `(blang/semver evaluated the empty OR group #${groupIndex} of range ${goQuote(range)})`,
    );
    this.name = 'RangePanicError';
  }
}

function satisfies(c: Comparator, v: Version): boolean {
  const r = compareVersions(v, c.version);
  switch (c.op) {
    case '==':
      return r === 0;
    case '!=':
      return r !== 0;
    case '>':
      return r === 1;
    case '>=':
      return r >= 0;
    case '<':
      return r === -1;
    case '<=':
      return r <= 0;
  }
}

class ParsedRange implements BlangRange {
  constructor(
    readonly raw: string,
    readonly groups: readonly (readonly Comparator[])[],
  ) {}

  test(v: Version): boolean {
    const groups = this.groups;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g] as readonly Comparator[];
      if (group.length === 0) throw new RangePanicError(this.raw, g);
      let ok = true;
      for (let i = 0; i < group.length; i++) {
        if (!satisfies(group[i] as Comparator, v)) {
          ok = false;
          break;
        }
      }
      if (ok) return true;
    }
    return false;
  }
}

/** The comparator for one expanded piece (`buildVersionRange` plus ParseRange's error wrapping). */
function buildComparator(piece: string): Comparator {
  const [opStr, vStr] = splitComparatorVersion(piece);
  const op = parseComparator(opStr);
  if (op === undefined) {
    throw new SemverError(
      `Could not parse Range ${goQuote(piece)}: Could not parse comparator ${goQuote(opStr)} in ${goQuote(opStr + vStr)}`,
    );
  }
  const version = parseVersionOrError(vStr);
  if (typeof version === 'string') {
    throw new SemverError(
      `Could not parse Range ${goQuote(piece)}: Could not parse version ${goQuote(vStr)} in ${goQuote(opStr + vStr)}: ${version}`,
    );
  }
  return { op, version };
}

/** blang `ParseRange`. Throws SemverError with blang's exact message. */
export function parseRange(s: string): BlangRange {
  // Every step runs over the whole range before the next starts, as in Go; this fixes which error wins.
  const expanded = expandWildcardVersion(splitORParts(splitAndTrim(s)));
  const groups = expanded.map((group) => group.map(buildComparator));
  return new ParsedRange(s, groups);
}

export function tryParseRange(s: string): BlangRange | undefined {
  try {
    return parseRange(s);
  } catch (e) {
    if (e instanceof SemverError) return undefined;
    throw e;
  }
}

export interface RangeBound {
  readonly version: Version;
  readonly inclusive: boolean;
}

/**
 * Groups that can ever return true: those before the first empty group (evaluation panics at the
 * empty group, so later groups are never reached).
 */
function reachableGroups(r: BlangRange): readonly (readonly Comparator[])[] {
  const i = r.groups.findIndex((g) => g.length === 0);
  return i < 0 ? r.groups : r.groups.slice(0, i);
}

function bound(r: BlangRange, upper: boolean): RangeBound | undefined {
  const strictOp: ComparatorOp = upper ? '<' : '>';
  const looseOp: ComparatorOp = upper ? '<=' : '>=';
  // +1 when `a` lies further out (higher for upper bounds, lower for lower bounds) than `b`.
  const outward = (a: RangeBound, b: RangeBound): number => {
    const c = compareVersions(a.version, b.version) * (upper ? 1 : -1);
    return c !== 0 ? c : a.inclusive === b.inclusive ? 0 : a.inclusive ? 1 : -1;
  };
  let best: RangeBound | undefined;
  for (const group of reachableGroups(r)) {
    let tightest: RangeBound | undefined;
    for (const c of group) {
      if (c.op !== strictOp && c.op !== looseOp && c.op !== '==') continue;
      const cand: RangeBound = { version: c.version, inclusive: c.op !== strictOp };
      if (tightest === undefined || outward(cand, tightest) < 0) tightest = cand;
    }
    if (tightest === undefined) return undefined;
    if (best === undefined || outward(tightest, best) > 0) best = tightest;
  }
  return best;
}

/**
 * The highest upper bound over the OR groups (per group, the tightest of its `<`, `<=` and `==`
 * comparators), or undefined when some group has no upper bound. Purely syntactic: a group that no
 * version can satisfy (`>2.0.0 <1.0.0`, `!=1.2.x`) still counts. On equal versions, an inclusive
 * bound is higher than an exclusive one. Groups after an empty group are ignored (never reached).
 */
export function rangeUpperBound(r: BlangRange): RangeBound | undefined {
  return bound(r, true);
}

/** The mirror of `rangeUpperBound`: the lowest lower bound (`>`, `>=`, `==`), undefined if some group has none. */
export function rangeLowerBound(r: BlangRange): RangeBound | undefined {
  return bound(r, false);
}

/**
 * How blang reads the range after dropped pieces and wildcard expansion, for display: `1.2.x` →
 * `>=1.2.0 <1.3.0`, `! 1.0.0` → `==1.0.0`. An empty OR group shows as `(empty)`.
 */
export function describeRange(r: BlangRange): string {
  return r.groups
    .map((g) => (g.length === 0 ? '(empty)' : g.map((c) => c.op + formatVersion(c.version)).join(' ')))
    .join(' || ');
}
