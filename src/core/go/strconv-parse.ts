/**
 * Go's strconv number parsers at 64 bits: ParseUint, ParseInt and ParseFloat, ported from
 * strconv/atoi.go and strconv/atof.go. The template parser reads number literals with them and
 * sprig's conversions (spf13/cast, atoi, toDecimal) call them.
 *
 * Each returns Go's pair: the value Go returns with its error, because callers that drop the error
 * (cast, sprig's atoi) still see that value: 0 after a syntax error, the clamped bound (or ±Inf)
 * after a range error.
 */

/** The strconv error: ErrSyntax or ErrRange, undefined for none. */
export type GoNumError = 'syntax' | 'range' | undefined;

export interface GoParsed<T> {
  readonly value: T;
  readonly err: GoNumError;
}

const UINT64_MAX = (1n << 64n) - 1n;
const INT64_CUTOFF = 1n << 63n;

/**
 * strconv's underscoreOK: `_` only between digits, or between a base prefix and a digit.
 * The parsers skip every `_` and let this one check decide, as Go's do.
 */
function underscoreOK(s: string): boolean {
  let saw = '^';
  let i = 0;
  if (s.length >= 1 && (s[0] === '-' || s[0] === '+')) s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'bBoOxX'.includes(s[1] as string)) {
    i = 2;
    saw = '0';
    hex = s[1] === 'x' || s[1] === 'X';
  }
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isDecimalDigit(c) || (hex && isHexLetter(c))) {
      saw = '0';
      continue;
    }
    if (c === 0x5f) {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

function isDecimalDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHexLetter(c: number): boolean {
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66;
}

/** A digit of bases up to 36 (Go accepts either letter case), or 36 for anything else. */
function digitValue(c: number): number {
  if (isDecimalDigit(c)) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x7a ? l - 0x61 + 10 : 36;
}

/**
 * strconv.ParseUint(s, base, 64). Base 0 reads Go's prefixes (`0x`, `0o`, `0b`, a leading-0 octal)
 * and `_` separators. An overflow is reported as soon as it happens, before later characters are
 * looked at, so "99999999999999999999x" is a range error, not a syntax error.
 */
export function goParseUint(s: string, base: number): GoParsed<bigint> {
  if (s === '') return { value: 0n, err: 'syntax' };
  const base0 = base === 0;
  const s0 = s;
  if (base0) {
    base = 10;
    if (s[0] === '0') {
      // Go's lower(): `| 0x20` folds only the ASCII letters onto 'b', 'o' and 'x'.
      const p = s.length >= 3 ? s.charCodeAt(1) | 0x20 : 0;
      base = p === 0x62 ? 2 : p === 0x78 ? 16 : 8;
      s = s.slice(p === 0x62 || p === 0x6f || p === 0x78 ? 2 : 1);
    }
  } else if (!Number.isInteger(base) || base < 2 || base > 36) {
    // Go's "invalid base" error: no caller passes a base from its input.
    throw new RangeError(`strconv: invalid base ${base}`);
  }
  const b = BigInt(base);
  let underscores = false;
  let n = 0n;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5f && base0) {
      underscores = true;
      continue;
    }
    const d = digitValue(c);
    if (d >= base) return { value: 0n, err: 'syntax' };
    n = n * b + BigInt(d);
    if (n > UINT64_MAX) return { value: UINT64_MAX, err: 'range' };
  }
  if (underscores && !underscoreOK(s0)) return { value: 0n, err: 'syntax' };
  return { value: n, err: undefined };
}

/** strconv.ParseInt(s, base, 64): an optional sign, then ParseUint's syntax. */
export function goParseInt(s: string, base: number): GoParsed<bigint> {
  if (s === '') return { value: 0n, err: 'syntax' };
  const neg = s[0] === '-';
  const u = goParseUint(s[0] === '+' || neg ? s.slice(1) : s, base);
  if (u.err === 'syntax') return u;
  // A range error from ParseUint falls through: its value (uint64's max) is past either bound.
  if (!neg && u.value >= INT64_CUTOFF) return { value: INT64_CUTOFF - 1n, err: 'range' };
  if (neg && u.value > INT64_CUTOFF) return { value: -INT64_CUTOFF, err: 'range' };
  return { value: neg ? -u.value : u.value, err: undefined };
}

/** atof.go's special, which must match the whole string here: `nan` takes no sign. */
function special(s: string): number | undefined {
  if (/^nan$/i.test(s)) return NaN;
  const inf = /^([+-]?)(?:inf|infinity)$/i.exec(s);
  if (inf === null) return undefined;
  return inf[1] === '-' ? -Infinity : Infinity;
}

interface FloatSyntax {
  neg: boolean;
  hex: boolean;
  /** The mantissa's digits, `_` and `.` left out. */
  digits: string;
  /** How many of them follow the point. */
  fracDigits: number;
  exp: number;
}

/** atof.go's readFloat, required to take the whole string (as ParseFloat requires). */
function readFloat(s: string): FloatSyntax | undefined {
  let i = 0;
  let neg = false;
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-';
    i++;
  }
  let hex = false;
  if (i + 2 < s.length && s[i] === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X')) {
    hex = true;
    i += 2;
  }
  let underscores = false;
  let sawDot = false;
  let digits = '';
  let fracDigits = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5f) {
      underscores = true;
    } else if (c === 0x2e) {
      if (sawDot) break;
      sawDot = true;
    } else if (isDecimalDigit(c) || (hex && isHexLetter(c))) {
      digits += s[i];
      if (sawDot) fracDigits++;
    } else {
      break;
    }
  }
  if (digits === '') return undefined;
  let exp = 0;
  if (i < s.length && (s.charCodeAt(i) | 0x20) === (hex ? 0x70 : 0x65)) {
    i++;
    let sign = 1;
    if (s[i] === '+' || s[i] === '-') {
      sign = s[i] === '-' ? -1 : 1;
      i++;
    }
    if (i >= s.length || !isDecimalDigit(s.charCodeAt(i))) return undefined;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x5f) underscores = true;
      else if (!isDecimalDigit(c)) break;
      // Go stops adding digits once past 10000: such an exponent over- or underflows anyway,
      // except against thousands of mantissa zeros, and there Go's capped answer is the one to give.
      else if (exp < 10000) exp = exp * 10 + c - 0x30;
    }
    exp *= sign;
  } else if (hex) {
    return undefined;
  }
  if (i !== s.length) return undefined;
  if (underscores && !underscoreOK(s)) return undefined;
  return { neg, hex, digits, fracDigits, exp };
}

/** m × 2^e correctly rounded (half to even) to a float64; Infinity when it overflows. */
function hexFloat(m: bigint, e: number): number {
  if (m === 0n) return 0;
  const msb = m.toString(2).length - 1 + e;
  if (msb > 1023) return Infinity;
  // Below half the smallest denormal (a tie there goes to even, which is 0).
  if (msb < -1075) return 0;
  const lsb = Math.max(msb - 52, -1074);
  const shift = lsb - e;
  let mant: bigint;
  if (shift > 0) {
    const sh = BigInt(shift);
    mant = m >> sh;
    const rest = m - (mant << sh);
    const half = 1n << (sh - 1n);
    if (rest > half || (rest === half && (mant & 1n) === 1n)) mant += 1n;
  } else mant = m << BigInt(-shift);
  return Number(mant) * 2 ** lsb;
}

/**
 * strconv.ParseFloat(s, 64): Go's decimal and hexadecimal float syntax with `_` separators, and
 * `inf`, `infinity` (signed or not) and `nan` in any case. Overflow is a range error with ±Inf.
 */
export function goParseFloat(s: string): GoParsed<number> {
  const sp = special(s);
  if (sp !== undefined) return { value: sp, err: undefined };
  const f = readFloat(s);
  if (f === undefined) return { value: 0, err: 'syntax' };
  let v: number;
  if (f.hex) {
    v = hexFloat(BigInt('0x' + f.digits), f.exp - 4 * f.fracDigits);
  } else {
    // JS parses decimal text correctly rounded, as strconv does; the exponent is Go's (capped).
    v = Number(`${f.digits}e${f.exp - f.fracDigits}`);
  }
  if (f.neg) v = -v;
  return Number.isFinite(v) ? { value: v, err: undefined } : { value: v, err: 'range' };
}
