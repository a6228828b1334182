/**
 * sprig's semverCompare over a port of github.com/Masterminds/semver/v3 v3.3.0 (NewVersion,
 * NewConstraint, Constraints.Check). Check only answers yes or no, so the per-constraint reasons
 * Masterminds builds are left out. (The project's src/core/semver is blang/semver, as opm uses;
 * Masterminds' range syntax and prerelease rules differ.)
 *
 * `semver` itself returns a *semver.Version whose methods templates call; the value model has no
 * such values, so it is in SPRIG_NOT_PORTED.
 */
import { compareGoStrings } from '../strings';
import { GoFuncError, type GoFunc } from '../template/values';
import { argString, goFunc } from './func';

interface Version {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: string;
  metadata: string;
}

const UINT64_MAX = 2n ** 64n - 1n;
// Go's RE2 `\s` is [\t\n\f\r ], narrower than JS's.
const S = '[\\t\\n\\f\\r ]';
const SEMVER = String.raw`v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?`;
const CV = String.raw`v?([0-9|x|X|\*]+)(\.[0-9|x|X|\*]+)?(\.[0-9|x|X|\*]+)?(-([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?(\+([0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*))?`;
const OPS = String.raw`=||!=|>|<|>=|=>|<=|=<|~|~>|\^`;

const versionRegex = new RegExp(`^${SEMVER}$`);
const constraintRegex = new RegExp(`^${S}*(${OPS})${S}*(${CV})${S}*$`);
const constraintRangeRegex = new RegExp(`${S}*(${CV})${S}+-${S}+(${CV})${S}*`, 'g');
const findConstraintRegex = new RegExp(`(${OPS})${S}*(${CV})`, 'g');
const validConstraintRegex = new RegExp(
  `^(${S}*(${OPS})${S}*(${CV})${S}*)((?:${S}+|,${S}*)(${OPS})${S}*(${CV})${S}*)*$`,
);

class SemverError extends Error {}

function parseUint(s: string): bigint {
  const v = BigInt(s);
  if (v > UINT64_MAX) {
    throw new SemverError(
      `Error parsing version segment: strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`,
    );
  }
  return v;
}

const NUM = /^[0-9]*$/;
const ALLOWED = /^[0-9A-Za-z-]*$/;

function validatePrerelease(p: string): void {
  for (const part of p.split('.')) {
    if (NUM.test(part)) {
      if (part.length > 1 && part[0] === '0') throw new SemverError('Version segment starts with 0');
    } else if (!ALLOWED.test(part)) throw new SemverError('Invalid Prerelease string');
  }
}

function validateMetadata(m: string): void {
  for (const part of m.split('.')) if (!ALLOWED.test(part)) throw new SemverError('Invalid Metadata string');
}

/** semver.NewVersion */
export function newVersion(v: string): Version {
  const m = versionRegex.exec(v);
  if (!m) throw new SemverError('Invalid Semantic Version');
  const sv: Version = {
    major: parseUint(m[1] as string),
    minor: m[2] ? parseUint(m[2].slice(1)) : 0n,
    patch: m[3] ? parseUint(m[3].slice(1)) : 0n,
    pre: m[5] ?? '',
    metadata: m[8] ?? '',
  };
  if (sv.pre !== '') validatePrerelease(sv.pre);
  if (sv.metadata !== '') validateMetadata(sv.metadata);
  return sv;
}

function isUint(s: string): boolean {
  return /^[0-9]+$/.test(s) && BigInt(s) <= UINT64_MAX;
}

function comparePrePart(s: string, o: string): number {
  if (s === o) return 0;
  if (s === '') return o !== '' ? -1 : 1;
  if (o === '') return s !== '' ? 1 : -1;
  const sNum = isUint(s);
  const oNum = isUint(o);
  if (!sNum && !oNum) return compareGoStrings(s, o) > 0 ? 1 : -1;
  if (!oNum) return -1;
  if (!sNum) return 1;
  return BigInt(s) > BigInt(o) ? 1 : -1;
}

function comparePrerelease(v: string, o: string): number {
  const sp = v.split('.');
  const op = o.split('.');
  const l = Math.max(sp.length, op.length);
  for (let i = 0; i < l; i++) {
    const d = comparePrePart(sp[i] ?? '', op[i] ?? '');
    if (d !== 0) return d;
  }
  return 0;
}

const cmpSeg = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

export function compareVersions(v: Version, o: Version): number {
  const d = cmpSeg(v.major, o.major) || cmpSeg(v.minor, o.minor) || cmpSeg(v.patch, o.patch);
  if (d !== 0) return d;
  if (v.pre === '' && o.pre === '') return 0;
  if (v.pre === '') return 1;
  if (o.pre === '') return -1;
  return comparePrerelease(v.pre, o.pre);
}

interface Constraint {
  con: Version;
  origfunc: string;
  minorDirty: boolean;
  patchDirty: boolean;
  dirty: boolean;
}

const isX = (x: string): boolean => x === 'x' || x === '*' || x === 'X';

function parseConstraint(c: string): Constraint {
  if (c.length === 0) {
    return { con: newVersion('0.0.0'), origfunc: '', minorDirty: false, patchDirty: false, dirty: true };
  }
  const m = constraintRegex.exec(c);
  if (!m) throw new SemverError(`improper constraint: ${c}`);
  const g = (i: number): string => m[i] ?? '';
  let ver = g(2);
  let minorDirty = false;
  let patchDirty = false;
  let dirty = false;
  if (isX(g(3)) || g(3) === '') {
    ver = `0.0.0${g(6)}`;
    dirty = true;
  } else if (isX(g(4).replace(/^\./, '')) || g(4) === '') {
    minorDirty = true;
    dirty = true;
    ver = `${g(3)}.0.0${g(6)}`;
  } else if (isX(g(5).replace(/^\./, '')) || g(5) === '') {
    dirty = true;
    patchDirty = true;
    ver = `${g(3)}${g(4)}.0${g(6)}`;
  }
  let con: Version;
  try {
    con = newVersion(ver);
  } catch {
    throw new SemverError('constraint Parser Error');
  }
  return { con, origfunc: g(1), minorDirty, patchDirty, dirty };
}

function rewriteRange(i: string): string {
  let o = i;
  for (const m of i.matchAll(constraintRangeRegex)) {
    const t = `>= ${m[1] ?? ''}, <= ${m[11] ?? ''} `;
    o = o.replace(m[0], () => t);
  }
  return o;
}

/** semver.NewConstraint: the OR groups of AND-ed constraints. */
export function newConstraint(c0: string): Constraint[][] {
  const c = rewriteRange(c0);
  return c.split('||').map((v) => {
    if (!validConstraintRegex.test(v)) throw new SemverError(`improper constraint: ${v}`);
    const cs = [...v.matchAll(findConstraintRegex)].map((m) => m[0]);
    if (cs.length === 0) cs.push(v);
    return cs.map(parseConstraint);
  });
}

const lt = (v: Version, o: Version): boolean => compareVersions(v, o) < 0;

function tilde(v: Version, c: Constraint): boolean {
  if (v.pre !== '' && c.con.pre === '') return false;
  if (lt(v, c.con)) return false;
  if (c.con.major === 0n && c.con.minor === 0n && c.con.patch === 0n && !c.minorDirty && !c.patchDirty)
    return true;
  if (v.major !== c.con.major) return false;
  if (v.minor !== c.con.minor && !c.minorDirty) return false;
  return true;
}

const prereleaseExcluded = (v: Version, c: Constraint): boolean => v.pre !== '' && c.con.pre === '';

const checks: Record<string, (v: Version, c: Constraint) => boolean> = {
  '': tildeOrEqual,
  '=': tildeOrEqual,
  '!=': (v, c) => {
    if (c.dirty) {
      if (prereleaseExcluded(v, c)) return false;
      if (c.con.major !== v.major) return true;
      if (c.con.minor !== v.minor && !c.minorDirty) return true;
      if (c.minorDirty) return false;
      if (c.con.patch !== v.patch && !c.patchDirty) return true;
      if (c.patchDirty) {
        if (v.pre !== '' || c.con.pre !== '') return comparePrerelease(v.pre, c.con.pre) !== 0;
        return false;
      }
    }
    return compareVersions(v, c.con) !== 0;
  },
  '>': (v, c) => {
    if (prereleaseExcluded(v, c)) return false;
    if (!c.dirty) return compareVersions(v, c.con) === 1;
    if (v.major > c.con.major) return true;
    if (v.major < c.con.major) return false;
    if (c.minorDirty) return false;
    if (c.patchDirty) return v.minor > c.con.minor;
    return compareVersions(v, c.con) === 1;
  },
  '<': (v, c) => !prereleaseExcluded(v, c) && compareVersions(v, c.con) < 0,
  '>=': greaterThanEqual,
  '=>': greaterThanEqual,
  '<=': lessThanEqual,
  '=<': lessThanEqual,
  '~': tilde,
  '~>': tilde,
  '^': (v, c) => {
    if (prereleaseExcluded(v, c)) return false;
    if (lt(v, c.con)) return false;
    if (c.con.major > 0n || c.minorDirty) return v.major === c.con.major;
    if (c.con.major === 0n && v.major > 0n) return false;
    if (c.con.minor > 0n || c.patchDirty) return v.minor === c.con.minor;
    if (c.con.minor === 0n && v.minor > 0n) return false;
    return c.con.patch === v.patch;
  },
};

function tildeOrEqual(v: Version, c: Constraint): boolean {
  if (prereleaseExcluded(v, c)) return false;
  if (c.dirty) return tilde(v, c);
  return compareVersions(v, c.con) === 0;
}

function greaterThanEqual(v: Version, c: Constraint): boolean {
  return !prereleaseExcluded(v, c) && compareVersions(v, c.con) >= 0;
}

function lessThanEqual(v: Version, c: Constraint): boolean {
  if (prereleaseExcluded(v, c)) return false;
  if (!c.dirty) return compareVersions(v, c.con) <= 0;
  if (v.major > c.con.major) return false;
  if (v.major === c.con.major && v.minor > c.con.minor && !c.minorDirty) return false;
  return true;
}

/** Constraints.Check */
export function checkConstraint(cs: readonly Constraint[][], v: Version): boolean {
  return cs.some((group) =>
    group.every((c) => (checks[c.origfunc] as (v: Version, c: Constraint) => boolean)(v, c)),
  );
}

function semverCompare(constraint: string, version: string): boolean {
  try {
    const c = newConstraint(constraint);
    return checkConstraint(c, newVersion(version));
  } catch (e) {
    if (e instanceof SemverError) throw new GoFuncError(e.message);
    throw e;
  }
}

export function semverFuncs(): Record<string, GoFunc> {
  return {
    semverCompare: goFunc(['string', 'string'], (c, v) => semverCompare(argString(c), argString(v)), {
      returnsError: true,
    }),
  };
}
