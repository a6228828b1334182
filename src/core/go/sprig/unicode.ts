/**
 * Go's `unicode` package on single runes: the category tests and the simple (one rune to one rune)
 * case mappings of unicode.ToUpper/ToLower/ToTitle. JS's toUpperCase/toLowerCase apply the full
 * SpecialCasing mappings (ß → SS, İ → i̇), which Go never does; where JS gives more than one
 * rune, the simple mapping from UnicodeData is used instead. The tables are the JS engine's
 * Unicode version, which can be newer than the Go toolchain's for recently added characters.
 */
import { isGoSpace } from '../strings';

let upper: RegExp | undefined;
let lower: RegExp | undefined;
let title: RegExp | undefined;
let letter: RegExp | undefined;
let digit: RegExp | undefined;
let num: RegExp | undefined;
let punct: RegExp | undefined;

function test(re: RegExp, r: number): boolean {
  return re.test(String.fromCodePoint(r));
}

export function isUpper(r: number): boolean {
  if (r < 0x80) return r >= 0x41 && r <= 0x5a;
  return test((upper ??= /^\p{Lu}$/u), r);
}

export function isLower(r: number): boolean {
  if (r < 0x80) return r >= 0x61 && r <= 0x7a;
  return test((lower ??= /^\p{Ll}$/u), r);
}

export function isTitle(r: number): boolean {
  if (r < 0x80) return false;
  return test((title ??= /^\p{Lt}$/u), r);
}

export function isLetter(r: number): boolean {
  if (r < 0x80) return (r >= 0x41 && r <= 0x5a) || (r >= 0x61 && r <= 0x7a);
  return test((letter ??= /^\p{L}$/u), r);
}

export function isDigit(r: number): boolean {
  if (r < 0x80) return r >= 0x30 && r <= 0x39;
  return test((digit ??= /^\p{Nd}$/u), r);
}

export function isNumber(r: number): boolean {
  if (r < 0x80) return r >= 0x30 && r <= 0x39;
  return test((num ??= /^\p{N}$/u), r);
}

export function isPunct(r: number): boolean {
  return test((punct ??= /^\p{P}$/u), r);
}

export function isSpace(r: number): boolean {
  return isGoSpace(r);
}

function single(s: string): number | undefined {
  const c = s.codePointAt(0) as number;
  return s.length === (c > 0xffff ? 2 : 1) ? c : undefined;
}

/** Greek letters with ypogegrammeni: their simple uppercase is the prosgegrammeni form. */
function greekIotaUpper(r: number): number | undefined {
  if ((r >= 0x1f80 && r <= 0x1f87) || (r >= 0x1f90 && r <= 0x1f97) || (r >= 0x1fa0 && r <= 0x1fa7))
    return r + 8;
  if (r === 0x1fb3) return 0x1fbc;
  if (r === 0x1fc3) return 0x1fcc;
  if (r === 0x1ff3) return 0x1ffc;
  return undefined;
}

/** unicode.ToUpper */
export function toUpperRune(r: number): number {
  if (r < 0x80) return r >= 0x61 && r <= 0x7a ? r - 32 : r;
  return single(String.fromCodePoint(r).toUpperCase()) ?? greekIotaUpper(r) ?? r;
}

/** unicode.ToLower */
export function toLowerRune(r: number): number {
  if (r < 0x80) return r >= 0x41 && r <= 0x5a ? r + 32 : r;
  if (r === 0x130) return 0x69; // İ: the simple mapping; JS gives i + combining dot
  return single(String.fromCodePoint(r).toLowerCase()) ?? r;
}

/** unicode.ToTitle: ToUpper except for the digraphs and Georgian, whose title case differs. */
export function toTitleRune(r: number): number {
  if (r >= 0x1c4 && r <= 0x1c6) return 0x1c5;
  if (r >= 0x1c7 && r <= 0x1c9) return 0x1c8;
  if (r >= 0x1ca && r <= 0x1cc) return 0x1cb;
  if (r >= 0x1f1 && r <= 0x1f3) return 0x1f2;
  if ((r >= 0x10d0 && r <= 0x10fa) || (r >= 0x10fd && r <= 0x10ff)) return r;
  return toUpperRune(r);
}

/** strings.Map over runes. */
export function mapRunes(s: string, f: (r: number) => number): string {
  let out = '';
  for (let i = 0; i < s.length;) {
    let c = s.codePointAt(i) as number;
    i += c > 0xffff ? 2 : 1;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    out += String.fromCodePoint(f(c));
  }
  return out;
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range
const ASCII = /^[\x00-\x7f]*$/;

/** strings.ToUpper */
export function goToUpper(s: string): string {
  return ASCII.test(s) ? s.toUpperCase() : mapRunes(s, toUpperRune);
}

/** strings.ToLower */
export function goToLower(s: string): string {
  return ASCII.test(s) ? s.toLowerCase() : mapRunes(s, toLowerRune);
}
