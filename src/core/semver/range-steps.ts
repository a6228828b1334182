import { SemverError } from './errors';
import { goAtoi, goItoaPlusOne, goQuote, goTrimSpace, indexGoDigit } from '../go/strings';

/**
 * The steps of blang/semver v4.0.0 `ParseRange` (range.go), ported one function per Go function,
 * quirks included (fbc-rules §6.2). `range.ts` strings them together. Errors are thrown as
 * SemverError with Go's exact text.
 */

export type ComparatorOp = '==' | '!=' | '>' | '>=' | '<' | '<=';

/**
 * Go keeps `s[last:i]` only when `last < i-1`, i.e. when the piece is at least 2 *bytes* long.
 * A one-unit JS piece is 2+ UTF-8 bytes when it is not ASCII.
 */
function atLeastTwoBytes(s: string, from: number, to: number): boolean {
  const n = to - from;
  return n >= 2 || (n === 1 && s.charCodeAt(from) >= 0x80);
}

/**
 * `splitAndTrim`: split on ' ' only (never tabs). A space that follows '>', '<' or '=' (ignoring
 * other spaces) does not split. Pieces shorter than 2 bytes are dropped silently (`x`, `*`, `!`,
 * `-`, `|`...). Spaces inside each piece are then removed.
 */
export function splitAndTrim(s: string): string[] {
  const result: string[] = [];
  let last = 0;
  let lastChar = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20 && lastChar !== 0x3e && lastChar !== 0x3c && lastChar !== 0x3d) {
      if (atLeastTwoBytes(s, last, i)) result.push(s.slice(last, i));
      last = i + 1;
    } else if (c !== 0x20) {
      lastChar = c;
    }
  }
  if (atLeastTwoBytes(s, last, s.length)) result.push(s.slice(last));
  for (let i = 0; i < result.length; i++) {
    const part = result[i] as string;
    if (part.includes(' ')) result[i] = part.replaceAll(' ', '');
  }
  return result;
}

/**
 * `splitORParts`: split the pieces on `||` into AND-groups. `||` first or last (or no pieces at all)
 * is an error; `|| ||` yields an empty group, which parses but panics when evaluated.
 */
export function splitORParts(parts: readonly string[]): string[][] {
  const groups: string[][] = [];
  let last = 0;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === '||') {
      if (i === 0) throw new SemverError("First element in range is '||'");
      groups.push(parts.slice(last, i));
      last = i + 1;
    }
  }
  if (last === parts.length) throw new SemverError("Last element in range is '||'");
  groups.push(parts.slice(last));
  return groups;
}

/**
 * `splitComparatorVersion`: the operator is everything before the first Unicode digit (trimmed with
 * Go's TrimSpace, so a tab next to the operator is harmless), the version is the rest.
 */
export function splitComparatorVersion(s: string): [op: string, version: string] {
  const i = indexGoDigit(s);
  if (i < 0) throw new SemverError(`Could not get version from string: ${goQuote(s)}`);
  return [goTrimSpace(s.slice(0, i)), s.slice(i)];
}

const enumWildcard = { none: 0, major: 1, minor: 2, patch: 3 } as const;
type WildcardType = (typeof enumWildcard)[keyof typeof enumWildcard];

/** `getWildcardType`: decided only by the last dot-separated part being exactly `x`, and the part count. */
export function getWildcardType(vStr: string): WildcardType {
  const parts = vStr.split('.');
  if (parts[parts.length - 1] !== 'x') return enumWildcard.none;
  switch (parts.length) {
    case 1:
      return enumWildcard.major;
    case 2:
      return enumWildcard.minor;
    case 3:
      return enumWildcard.patch;
    default:
      return enumWildcard.none;
  }
}

/** `createVersionFromWildcard`: first `.x.x` → `.x`, then first `.x` → `.0`, then pad 2 parts to 3. */
export function createVersionFromWildcard(vStr: string): string {
  const flat = vStr.replace('.x.x', '.x').replace('.x', '.0');
  return flat.split('.').length === 2 ? flat + '.0' : flat;
}

/** `incrementMajorVersion` / `incrementMinorVersion` (index 0 / 1); '' when `strconv.Atoi` fails. */
function incrementPart(vStr: string, index: 0 | 1): string {
  const parts = vStr.split('.');
  // Callers only pass versions with at least `index + 1` parts (Go would panic otherwise).
  const n = goAtoi(parts[index] as string);
  if (n === undefined) return '';
  parts[index] = goItoaPlusOne(n);
  return parts.join('.');
}

export function incrementMajorVersion(vStr: string): string {
  return incrementPart(vStr, 0);
}

export function incrementMinorVersion(vStr: string): string {
  return incrementPart(vStr, 1);
}

/**
 * expandWildcardVersion's switch: per operator, the one a wildcard piece becomes, whether its version
 * steps up to the next minor (or major), and the comparator ANDed before it (on the flat version).
 */
interface WildcardRewrite {
  op: string;
  increment: boolean;
  before?: string;
}
const EXACT: WildcardRewrite = { before: '>=', op: '<', increment: true };
// An AND of "<flat" and ">=flat+1": it can never match.
const NOT_EQUAL: WildcardRewrite = { before: '<', op: '>=', increment: true };
const WILDCARD_REWRITES = new Map<string, WildcardRewrite>([
  ['>', { op: '>=', increment: true }],
  ['>=', { op: '>=', increment: false }],
  ['<', { op: '<', increment: false }],
  ['<=', { op: '<', increment: true }],
  ['', EXACT],
  ['=', EXACT],
  ['==', EXACT],
  ['!=', NOT_EQUAL],
  ['!', NOT_EQUAL],
]);
const NO_REWRITE: WildcardRewrite = { op: '', increment: false };

/**
 * `expandWildcardVersion`: rewrites every piece that contains a lowercase `x` anywhere (fbc-rules
 * §6.2 step 3). A piece with an `x` that is not a wildcard and needs "+1 step" becomes the bare
 * operator (later: `Could not get version from string: "<"`); an unknown operator is dropped
 * (`~1.2.x` → `1.2.0`).
 */
export function expandWildcardVersion(groups: readonly (readonly string[])[]): string[][] {
  const expanded: string[][] = [];
  for (const group of groups) {
    const out: string[] = [];
    for (let ap of group) {
      if (ap.includes('x')) {
        const [opStr, vStr] = splitComparatorVersion(ap);
        const wildcard = getWildcardType(vStr);
        const flat = createVersionFromWildcard(vStr);
        // An unknown operator is dropped: the bare version stands.
        const { op: resultOperator, increment, before } = WILDCARD_REWRITES.get(opStr) ?? NO_REWRITE;
        if (before !== undefined) out.push(before + flat);
        let resultVersion = '';
        if (!increment) resultVersion = flat;
        else if (wildcard === enumWildcard.patch) resultVersion = incrementMinorVersion(flat);
        else if (wildcard === enumWildcard.minor) resultVersion = incrementMajorVersion(flat);
        ap = resultOperator + resultVersion;
      }
      out.push(ap);
    }
    expanded.push(out);
  }
  return expanded;
}

/** `parseComparator`, normalized: '', '=', '==' → '=='; '!', '!=' → '!='; undefined if unknown. */
export function parseComparator(op: string): ComparatorOp | undefined {
  switch (op) {
    case '':
    case '=':
    case '==':
      return '==';
    case '!':
    case '!=':
      return '!=';
    case '>':
    case '>=':
    case '<':
    case '<=':
      return op;
    default:
      return undefined;
  }
}
