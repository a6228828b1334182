import { resolvePlainScalar } from './go-yaml';

/**
 * How go-yaml v2 (under sigs.k8s.io/yaml `JSONToYAML`, which opm's YAML writer uses) chooses a
 * string's style and orders map keys. Ported from yaml.v2 encode.go `stringv`, emitterc.go
 * `yaml_emitter_analyze_scalar` / `select_scalar_style`, and sorter.go `keyList.Less`.
 */

export type GoScalarStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL';

const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** yaml.v2 is_printable, on code points (4-byte UTF-8 sequences are not printable in v2). */
function isPrintable(c: number): boolean {
  return (
    c === 0x0a ||
    (c >= 0x20 && c <= 0x7e) ||
    (c >= 0xa0 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff)
  );
}

function isBreak(c: number | undefined): boolean {
  return c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029;
}

function isBlankOrEnd(c: number | undefined): boolean {
  return c === undefined || c === 0x20 || c === 0x09 || isBreak(c);
}

interface Analysis {
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

function analyze(value: string): Analysis {
  if (value.length === 0) return { blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  const cps = Array.from(value, (ch) => ch.codePointAt(0) as number);
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

  for (let i = 0; i < cps.length; i++) {
    const c = cps[i] as number;
    const next = cps[i + 1];
    const followedByWhitespace = next === undefined || next === 0x20 || next === 0x09;
    const ch = String.fromCodePoint(c);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      else if ((ch === '?' || ch === ':' || ch === '-') && followedByWhitespace) blockIndicators = true;
    } else if (ch === ':' && followedByWhitespace) {
      blockIndicators = true;
    } else if (ch === '#' && precededByWhitespace) {
      blockIndicators = true;
    }
    if (!isPrintable(c)) special = true;
    if (c === 0x20) {
      if (i === 0) leadingSpace = true;
      if (i === cps.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === cps.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankOrEnd(c);
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
  return { blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

/** The style go-yaml v2 writes a string in (block context). Keys are simple keys: never block scalars. */
export function goScalarStyle(value: string, isKey: boolean): GoScalarStyle {
  const a = analyze(value);
  if (value.includes('\n')) return a.blockAllowed && !isKey ? 'BLOCK_LITERAL' : 'QUOTE_DOUBLE';
  const canUsePlain = resolvePlainScalar(value).tag === 'str' && !BASE60_FLOAT.test(value);
  if (!canUsePlain) return 'QUOTE_DOUBLE';
  if (a.blockPlainAllowed) return 'PLAIN';
  return a.singleQuotedAllowed ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE';
}

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/** sorter.go keyList.Less for two string keys: letters by code point, digit runs by numeric value. */
export function goKeyLess(a: string, b: string): boolean {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const ac = ar[i] as string;
    const bc = br[i] as string;
    const al = LETTER.test(ac);
    const bl = LETTER.test(bc);
    if (al && bl) return (ac.codePointAt(0) as number) < (bc.codePointAt(0) as number);
    if (al || bl) return bl;
    let an = 0n;
    let bn = 0n;
    if (ac === '0' || bc === '0') {
      for (let j = i - 1; j >= 0 && DIGIT.test(ar[j] as string); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && DIGIT.test(ar[ai] as string); ai++) {
      an = an * 10n + BigInt((ar[ai] as string).codePointAt(0) as number) - 48n;
    }
    let bi = i;
    for (; bi < br.length && DIGIT.test(br[bi] as string); bi++) {
      bn = bn * 10n + BigInt((br[bi] as string).codePointAt(0) as number) - 48n;
    }
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return (ac.codePointAt(0) as number) < (bc.codePointAt(0) as number);
  }
  return ar.length < br.length;
}
