/**
 * Masterminds semver constraints, as Crossplane reads `spec.crossplane.version` and a dependency's
 * `version` (`>=v1.14.1-0`, `^1.2`, `1.2.x`, `>=1.0, <2.0 || 3.x`, `1.2 - 1.4.5`). Parsed into
 * version intervals so two constraints on one dependency can be checked for a common version
 * without a registry: if their intervals do not meet, no tag can satisfy both.
 *
 * Grammar and wildcard rules follow github.com/Masterminds/semver/v3 (constraints.go): `||`
 * separates alternatives, `,` or spaces join conditions, a missing or `x`/`*` part is a wildcard,
 * `~` keeps the minor, `^` keeps the leftmost non-zero part.
 */
import { goQuote } from '../go/strings';

export interface Semver {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
}

interface Bound {
  v: Semver;
  inclusive: boolean;
}

/** An interval of versions; a missing bound is unbounded. */
export interface Interval {
  lo?: Bound;
  hi?: Bound;
}

export interface Constraint {
  text: string;
  /** The union of these intervals is every version the constraint allows. */
  ranges: Interval[];
}

const OPS = ['!=', '>=', '=>', '<=', '=<', '~>', '=', '>', '<', '~', '^'];
const PART = String.raw`[0-9xX*]+`;
const IDENT = String.raw`[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*`;
const CV = String.raw`v?(${PART})(?:\.(${PART}))?(?:\.(${PART}))?(?:-(${IDENT}))?(?:\+(${IDENT}))?`;
const OP = OPS.map((o) => o.replace(/[\^]/g, '\\^')).join('|');
const ONE = new RegExp(String.raw`^(${OP})?\s*${CV}$`);
const HYPHEN = new RegExp(
  String.raw`^(${CV.replace(/\((?!\?)/g, '(?:')})\s+-\s+(${CV.replace(/\((?!\?)/g, '(?:')})$`,
);
const VERSION = new RegExp(String.raw`^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-(${IDENT}))?(?:\+(${IDENT}))?$`);

const isWild = (s: string | undefined) => s === undefined || s === 'x' || s === 'X' || s === '*';

function sv(major: number, minor = 0, patch = 0, prerelease: string[] = []): Semver {
  return { major, minor, patch, prerelease };
}

/** Semver precedence (build metadata ignored). */
export function compareSemver(a: Semver, b: Semver): number {
  for (const k of ['major', 'minor', 'patch'] as const) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return b.prerelease.length - a.prerelease.length === 0 ? 0 : a.prerelease.length === 0 ? 1 : -1;
  }
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) < Number(y) ? -1 : 1;
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** A version as Masterminds' NewVersion reads it (loose: `v` prefix, missing parts are 0), or undefined. */
export function parseSemver(text: string): Semver | undefined {
  const m = VERSION.exec(text.trim());
  if (!m) return undefined;
  return sv(Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0), m[4] ? m[4].split('.') : []);
}

const ge = (v: Semver): Interval => ({ lo: { v, inclusive: true } });
const gt = (v: Semver): Interval => ({ lo: { v, inclusive: false } });
const lt = (v: Semver): Interval => ({ hi: { v, inclusive: false } });
const le = (v: Semver): Interval => ({ hi: { v, inclusive: true } });
const between = (lo: Semver, hiExclusive: Semver): Interval => ({
  lo: { v: lo, inclusive: true },
  hi: { v: hiExclusive, inclusive: false },
});

/** One condition (`>=1.2`, `~1.2.3`, `1.x`) → the intervals it allows. */
function condition(op: string, parts: (string | undefined)[], pre: string[]): Interval[] {
  const [ma, mi, pa] = parts;
  const all: Interval[] = [{}];
  // `*` allows every version; nothing is below, above or other than every version.
  if (isWild(ma)) return op === '!=' || op === '<' || op === '>' ? [] : all;
  const major = Number(ma);
  const minorWild = isWild(mi);
  const patchWild = !minorWild && isWild(pa);
  const minor = minorWild ? 0 : Number(mi);
  const patch = minorWild || patchWild ? 0 : Number(pa);
  const v = sv(major, minor, patch, pre);
  // The first version past the wildcard: 1.x → 2.0.0, 1.2.x → 1.3.0, 1.2.3 → the version itself.
  const next = minorWild ? sv(major + 1) : patchWild ? sv(major, minor + 1) : undefined;
  switch (op) {
    case '':
    case '=':
      return [next ? between(v, next) : { lo: { v, inclusive: true }, hi: { v, inclusive: true } }];
    case '!=':
      return next ? [lt(v), ge(next)] : [lt(v), gt(v)];
    case '>':
      return [next ? ge(next) : gt(v)];
    case '>=':
    case '=>':
      return [ge(v)];
    case '<':
      return [lt(v)];
    case '<=':
    case '=<':
      return [next ? lt(next) : le(v)];
    case '~':
    case '~>':
      return [between(v, minorWild ? sv(major + 1) : sv(major, minor + 1))];
    case '^': {
      if (major > 0 || minorWild) return [between(v, sv(major + 1))];
      if (minor > 0 || patchWild) return [between(v, sv(0, minor + 1))];
      return [between(v, sv(0, 0, patch + 1))];
    }
    default:
      return all;
  }
}

function intersect(a: Interval, b: Interval): Interval | undefined {
  const lo =
    !a.lo ||
    (b.lo && (compareSemver(b.lo.v, a.lo.v) > 0 || (compareSemver(b.lo.v, a.lo.v) === 0 && !b.lo.inclusive)))
      ? b.lo
      : a.lo;
  const hi =
    !a.hi ||
    (b.hi && (compareSemver(b.hi.v, a.hi.v) < 0 || (compareSemver(b.hi.v, a.hi.v) === 0 && !b.hi.inclusive)))
      ? b.hi
      : a.hi;
  if (lo && hi) {
    const c = compareSemver(lo.v, hi.v);
    if (c > 0 || (c === 0 && !(lo.inclusive && hi.inclusive))) return undefined;
  }
  return { lo, hi };
}

function intersectAll(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const x of a)
    for (const y of b) {
      const z = intersect(x, y);
      if (z) out.push(z);
    }
  return out;
}

/**
 * Masterminds' error text for a constraint it cannot read: the `||` segment it stopped at, quoted
 * (crossplane-runtime's lint test: `improper constraint: ">a0.13.0"`).
 */
function improper(segment: string): { error: string } {
  return { error: `improper constraint: ${goQuote(segment)}` };
}

/** Parses a constraint; `{error}` carries Masterminds' message when it is not one. */
export function parseConstraint(text: string): Constraint | { error: string } {
  const alternatives = text.split('||');
  const ranges: Interval[] = [];
  for (const alt of alternatives) {
    const trimmed = alt.trim();
    if (trimmed === '') return improper(alt);
    const hyphen = HYPHEN.exec(trimmed);
    let conditions: string[];
    if (hyphen) {
      conditions = [`>=${hyphen[1]}`, `<=${hyphen[2]}`];
    } else {
      // Conditions are joined by commas or spaces; an operator may be followed by spaces.
      conditions = trimmed
        .replace(new RegExp(String.raw`(${OP})\s+`, 'g'), '$1')
        .split(/\s*,\s*|\s+/)
        .filter((c) => c !== '');
    }
    let group: Interval[] = [{}];
    for (const c of conditions) {
      const m = ONE.exec(c);
      if (!m) return improper(alt);
      const op = m[1] ?? '';
      const pre = m[5] ? m[5].split('.') : [];
      const parts = [m[2], m[3], m[4]];
      // Masterminds builds `1.x.3` as 1.x: a wildcard ends the version.
      if (isWild(parts[0])) parts[1] = parts[2] = undefined;
      else if (isWild(parts[1])) parts[2] = undefined;
      group = intersectAll(group, condition(op, parts, pre));
    }
    ranges.push(...group);
  }
  return { text, ranges };
}

/** True when some version satisfies both constraints. */
export function constraintsMeet(a: Constraint, b: Constraint): boolean {
  return intersectAll(a.ranges, b.ranges).length > 0;
}

/** True when some version satisfies every constraint (the resolver's intersection). */
export function constraintsAllMeet(all: readonly Constraint[]): boolean {
  let ranges: Interval[] = [{}];
  for (const c of all) {
    ranges = intersectAll(ranges, c.ranges);
    if (ranges.length === 0) return false;
  }
  return true;
}

/** True when the version is inside the constraint (prerelease rules of Masterminds not applied). */
export function satisfies(c: Constraint, version: string): boolean {
  const v = parseSemver(version);
  if (!v) return false;
  return intersectAll(c.ranges, [{ lo: { v, inclusive: true }, hi: { v, inclusive: true } }]).length > 0;
}

/** An OCI digest pin (`sha256:…`), which Crossplane accepts in place of a version constraint. */
export function isDigest(version: string): boolean {
  return /^sha256:[a-f0-9]{64}$/.test(version);
}
