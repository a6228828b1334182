import { goQuote } from '../go/strings';

/**
 * One dot-separated prerelease identifier (blang `PRVersion`). Numeric identifiers are uint64 in Go:
 * `num` is a `number` when it is at most Number.MAX_SAFE_INTEGER and a `bigint` above that, so equal
 * values always have the same JS type and `===` / `<` stay exact.
 */
export type PrereleaseId =
  | { readonly num: number | bigint; readonly str?: undefined }
  | { readonly str: string; readonly num?: undefined };

const MAX_UINT64 = 2n ** 64n - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** blang `containsOnly(s, numbers)`: true for the empty string, like Go. */
export function isDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** blang `containsOnly(s, alphanum)`: `[0-9A-Za-z-]*`. */
export function isAlphanum(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2d)) {
      return false;
    }
  }
  return true;
}

/**
 * `strconv.ParseUint(s, 10, 64)` for a string already known to hold only ASCII digits.
 * Returns the value, or Go's error text as a string.
 */
export function parseUint64(s: string): number | bigint | string {
  if (s.length === 0) return 'strconv.ParseUint: parsing "": invalid syntax';
  if (s.length <= 15) {
    let n = 0;
    for (let i = 0; i < s.length; i++) n = n * 10 + (s.charCodeAt(i) - 0x30);
    return n;
  }
  const big = BigInt(s);
  if (big > MAX_UINT64) return `strconv.ParseUint: parsing ${goQuote(s)}: value out of range`;
  return big <= MAX_SAFE ? Number(big) : big;
}

/** blang `NewPRVersion`: the identifier, or blang's error text as a string. */
export function prereleaseIdOrError(s: string): PrereleaseId | string {
  if (s.length === 0) return 'Prerelease is empty';
  if (isDigits(s)) {
    if (s.length > 1 && s.charCodeAt(0) === 0x30) {
      return `Numeric PreRelease version must not contain leading zeroes ${goQuote(s)}`;
    }
    const num = parseUint64(s);
    return typeof num === 'string' ? num : { num };
  }
  if (isAlphanum(s)) return { str: s };
  return `Invalid character(s) found in prerelease ${goQuote(s)}`;
}

/** blang `PRVersion.Compare`: numeric < alphanumeric; numbers by value; strings bytewise. */
export function comparePrereleaseIds(a: PrereleaseId, b: PrereleaseId): -1 | 0 | 1 {
  const an = a.num;
  const bn = b.num;
  if (an !== undefined) {
    if (bn === undefined) return -1;
    return an === bn ? 0 : an > bn ? 1 : -1;
  }
  if (bn !== undefined) return 1;
  const as = a.str as string;
  const bs = b.str as string;
  return as === bs ? 0 : as > bs ? 1 : -1;
}

/** Element-wise comparison; when one list is a prefix of the other, the shorter sorts first. */
export function comparePrereleaseLists(a: readonly PrereleaseId[], b: readonly PrereleaseId[]): -1 | 0 | 1 {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const c = comparePrereleaseIds(a[i] as PrereleaseId, b[i] as PrereleaseId);
    if (c !== 0) return c;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** blang `PRVersion.String()`. */
export function formatPrereleaseId(id: PrereleaseId): string {
  return id.num !== undefined ? id.num.toString() : (id.str as string);
}

export function formatPrereleaseList(ids: readonly PrereleaseId[]): string {
  let out = '';
  for (let i = 0; i < ids.length; i++)
    out += (i === 0 ? '' : '.') + formatPrereleaseId(ids[i] as PrereleaseId);
  return out;
}
