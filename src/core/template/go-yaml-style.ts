import { utf8Length } from '../go/strings';
import { resolvePlainScalar } from './go-yaml';

/**
 * How go-yaml v2 (under sigs.k8s.io/yaml `JSONToYAML`, which opm's YAML writer uses) chooses a
 * scalar's style and orders map keys. Ported from yaml.v2 encode.go `stringv`, emitterc.go
 * `yaml_emitter_analyze_scalar` / `yaml_emitter_select_scalar_style` / `yaml_emitter_check_simple_key`,
 * and sorter.go `keyList.Less`. The emitter that writes the chosen style is go-yaml-emitter.ts.
 *
 * go-yaml works on UTF-8 bytes; here the loops run on UTF-16 code units, which give the same answers:
 * every character go-yaml treats specially is in the BMP, and a surrogate pair (a 4-byte UTF-8
 * sequence) is one character that v2 does not count as printable.
 */

export type GoScalarStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL';

const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** yaml.v2 is_printable, on a code point (4-byte UTF-8 sequences are not printable in v2). */
export function isGoPrintable(c: number): boolean {
  return (
    c === 0x0a ||
    (c >= 0x20 && c <= 0x7e) ||
    (c >= 0xa0 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff)
  );
}

/** yaml.v2 is_break: CR, LF, NEL, LS, PS. */
export function isGoBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/** What `yaml_emitter_analyze_scalar` finds out about a value (block context: flow flags left out). */
export interface ScalarAnalysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

const EMPTY: ScalarAnalysis = {
  multiline: false,
  blockPlainAllowed: true,
  singleQuotedAllowed: true,
  blockAllowed: false,
};

function isFirstIndicator(c: number): boolean {
  // # , [ ] { } & * ! | > ' " % @ `
  return (
    c === 0x23 ||
    c === 0x2c ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x26 ||
    c === 0x2a ||
    c === 0x21 ||
    c === 0x7c ||
    c === 0x3e ||
    c === 0x27 ||
    c === 0x22 ||
    c === 0x25 ||
    c === 0x40 ||
    c === 0x60
  );
}

export function analyzeScalar(value: string): ScalarAnalysis {
  const n = value.length;
  if (n === 0) return EMPTY;
  let blockIndicators = value.startsWith('---') || value.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;

  for (let i = 0; i < n;) {
    // A surrogate pair is one character (Go reads runes); a lone surrogate is itself.
    const c = value.codePointAt(i) as number;
    const w = c > 0xffff ? 2 : 1;
    const next = value.charCodeAt(i + w);
    const followedByWhitespace = i + w >= n || next === 0x20 || next === 0x09;
    if (i === 0) {
      if (isFirstIndicator(c)) blockIndicators = true;
      else if ((c === 0x3f || c === 0x3a || c === 0x2d) && followedByWhitespace) blockIndicators = true;
    } else if (c === 0x3a && followedByWhitespace) {
      blockIndicators = true;
    } else if (c === 0x23 && precededByWhitespace) {
      blockIndicators = true;
    }
    if (!isGoPrintable(c)) special = true;
    const brk = isGoBreak(c);
    if (c === 0x20) {
      if (i === 0) leadingSpace = true;
      if (i + w === n) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (brk) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i + w === n) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    // is_blankz: space, tab, a break or NUL.
    precededByWhitespace = c === 0x20 || c === 0x09 || brk || c === 0;
    i += w;
  }

  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || special) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
    blockAllowed = false;
  }
  if (lineBreaks || blockIndicators) blockPlainAllowed = false;
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

/** encode.go `stringv`: the style go-yaml asks its emitter for (before the emitter's own checks). */
export function requestedStringStyle(value: string): GoScalarStyle {
  if (value.includes('\n')) return 'BLOCK_LITERAL';
  const canUsePlain = resolvePlainScalar(value).tag === 'str' && !BASE60_FLOAT.test(value);
  return canUsePlain ? 'PLAIN' : 'QUOTE_DOUBLE';
}

/** `yaml_emitter_select_scalar_style` in block context for an implicitly tagged scalar. */
export function selectScalarStyle(
  requested: GoScalarStyle,
  value: string,
  a: ScalarAnalysis,
  simpleKey: boolean,
): GoScalarStyle {
  let style = requested;
  if (simpleKey && a.multiline) style = 'QUOTE_DOUBLE';
  if (style === 'PLAIN') {
    if (!a.blockPlainAllowed) style = 'QUOTE_SINGLE';
    if (value.length === 0 && simpleKey) style = 'QUOTE_SINGLE';
  }
  if (style === 'QUOTE_SINGLE' && !a.singleQuotedAllowed) style = 'QUOTE_DOUBLE';
  if (style === 'BLOCK_LITERAL' && (!a.blockAllowed || simpleKey)) style = 'QUOTE_DOUBLE';
  return style;
}

/** `yaml_emitter_check_simple_key` for a string key: one line and at most 128 bytes, else `? key`. */
export function isSimpleKey(key: string, a: ScalarAnalysis): boolean {
  return !a.multiline && (key.length <= 32 || utf8Length(key) <= 128);
}

// Made on first use (only non-ASCII keys need them): a Unicode property class costs a good part of
// a millisecond to create, at every CLI start that loads this module.
let letter: RegExp | undefined;
let digit: RegExp | undefined;
const INT64 = 64;

function isLetter(c: number, ch: string): boolean {
  if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  return (letter ??= /\p{L}/u).test(ch);
}

function isDigit(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return c >= 0x30 && c <= 0x39;
  return (digit ??= /\p{Nd}/u).test(ch);
}

/** sorter.go keyList.Less for two string keys: letters by code point, digit runs by numeric value. */
export function goKeyLess(a: string, b: string): boolean {
  // Go compares runes; Array.from gives code points (only needed when a key leaves the BMP).
  const ar: ArrayLike<string> = /[\ud800-\udfff]/.test(a) ? Array.from(a) : a;
  const br: ArrayLike<string> = /[\ud800-\udfff]/.test(b) ? Array.from(b) : b;
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ac = ar[i] as string;
    const bc = br[i] as string;
    if (ac === bc) continue;
    const acp = ac.codePointAt(0) as number;
    const bcp = bc.codePointAt(0) as number;
    const al = isLetter(acp, ac);
    const bl = isLetter(bcp, bc);
    if (al && bl) return acp < bcp;
    if (al || bl) return bl;
    let an = 0n;
    let bn = 0n;
    if (ac === '0' || bc === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j] as string); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    // Go accumulates in an int64 (a run longer than 18 digits wraps, as there).
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai] as string); ai++) {
      an = BigInt.asIntN(INT64, an * 10n + BigInt((ar[ai] as string).codePointAt(0) as number) - 48n);
    }
    let bi = i;
    for (; bi < br.length && isDigit(br[bi] as string); bi++) {
      bn = BigInt.asIntN(INT64, bn * 10n + BigInt((br[bi] as string).codePointAt(0) as number) - 48n);
    }
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return acp < bcp;
  }
  return ar.length < br.length;
}
