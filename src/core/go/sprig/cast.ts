/**
 * The conversions sprig makes through github.com/spf13/cast v1.7.0 (ToInt64, ToInt, ToFloat64,
 * errors swallowed to 0) and the strconv parsers they and sprig call (ParseInt with base 0 or 8,
 * ParseFloat, Atoi), ported from their source.
 */
import type { GoValue } from '../template/values';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function wrapInt64(v: bigint): bigint {
  return BigInt.asIntN(64, v);
}

/**
 * Go's `int64(f)` for a float64. Out-of-range values and NaN are implementation-defined in Go; the
 * amd64 instruction the controller runs with gives the most negative int64 for all of them.
 */
export function floatToInt64(f: number): bigint {
  if (Number.isNaN(f) || f >= 9223372036854775808 || f < -9223372036854775808) return INT64_MIN;
  return BigInt(Math.trunc(f));
}

/** strconv's underscoreOK: `_` only between digits, or between a base prefix and a digit. */
function underscoreOK(s0: string): boolean {
  let s = s0;
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
    const c = s[i] as string;
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

type IntResult = { ok: true; value: bigint } | { ok: false; range: boolean; clamped: bigint };

const UINT64_MAX = 2n ** 64n - 1n;

/**
 * strconv.ParseUint(s, base, 64) without the sign: `range` when the digits overflow uint64, which
 * Go reports as soon as it happens, before looking at the rest.
 */
function parseUintDigits(s0: string, base0: number): { ok: boolean; value: bigint; range?: boolean } {
  let s = s0;
  let base = base0;
  if (s === '') return { ok: false, value: 0n };
  const base0Mode = base === 0;
  if (base === 0) {
    base = 10;
    if (s[0] === '0') {
      if (s.length >= 3 && (s[1] === 'b' || s[1] === 'B')) {
        base = 2;
        s = s.slice(2);
      } else if (s.length >= 3 && (s[1] === 'o' || s[1] === 'O')) {
        base = 8;
        s = s.slice(2);
      } else if (s.length >= 3 && (s[1] === 'x' || s[1] === 'X')) {
        base = 16;
        s = s.slice(2);
      } else {
        base = 8;
        s = s.slice(1);
      }
    }
  }
  let n = 0n;
  let underscores = false;
  const b = BigInt(base);
  for (const c of s) {
    if (c === '_' && base0Mode) {
      underscores = true;
      continue;
    }
    const d = parseInt(c, 36);
    if (Number.isNaN(d) || d >= base) return { ok: false, value: 0n };
    n = n * b + BigInt(d);
    if (n > UINT64_MAX) return { ok: false, value: UINT64_MAX, range: true };
  }
  if (underscores && !underscoreOK(s0)) return { ok: false, value: 0n };
  return { ok: true, value: n };
}

/** strconv.ParseInt(s, base, 64). */
export function parseInt64(s: string, base: number): IntResult {
  if (s === '') return { ok: false, range: false, clamped: 0n };
  let neg = false;
  let body = s;
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-';
    body = s.slice(1);
  }
  const u = parseUintDigits(body, base);
  if (!u.ok && u.range) return { ok: false, range: true, clamped: neg ? INT64_MIN : INT64_MAX };
  if (!u.ok) return { ok: false, range: false, clamped: 0n };
  const v = neg ? -u.value : u.value;
  if (v > INT64_MAX) return { ok: false, range: true, clamped: INT64_MAX };
  if (v < INT64_MIN) return { ok: false, range: true, clamped: INT64_MIN };
  return { ok: true, value: v };
}

/** strconv.Atoi as sprig's `atoi` uses it: errors ignored, so a range error gives the clamped value. */
export function goAtoiLoose(s: string): bigint {
  // Atoi is ParseInt(s, 10, 0): no prefixes, no underscores.
  const r = parseInt64(s, 10);
  if (r.ok) return r.value;
  return r.range ? r.clamped : 0n;
}

/** cast's trimZeroDecimal: "102.000" → "102" (but "102." stays). */
export function trimZeroDecimal(s: string): string {
  let foundZero = false;
  for (let i = s.length; i > 0; i--) {
    const c = s[i - 1];
    if (c === '.') {
      if (foundZero) return s.slice(0, i - 1);
    } else if (c === '0') {
      foundZero = true;
    } else {
      return s;
    }
  }
  return s;
}

const DECIMAL_FLOAT = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;
const HEX_FLOAT =
  /^([+-]?)0[xX](?:_?([0-9a-fA-F](?:_?[0-9a-fA-F])*)?(?:\.([0-9a-fA-F](?:_?[0-9a-fA-F])*)?)?)[pP]([+-]?\d(?:_?\d)*)$/;

/** A hex float's value, rounded once to the nearest float64 (as strconv does). */
function hexFloat(sign: string, intPart: string, fracPart: string, exp: string): number | undefined {
  const frac = fracPart.replace(/_/g, '');
  const digits = intPart.replace(/_/g, '') + frac;
  if (digits === '') return undefined;
  const mant = BigInt('0x' + digits);
  const e = Number(exp.replace(/_/g, '')) - 4 * frac.length;
  let f: number;
  if (mant === 0n || e < -1200 - digits.length * 4) f = 0;
  else if (e > 1100) f = Infinity;
  // Exact decimal text of mant × 2^e, which JS parses correctly rounded.
  else f = e >= 0 ? Number(mant << BigInt(e)) : Number(`${mant * 5n ** BigInt(-e)}e${e}`);
  return sign === '-' ? -f : f;
}

/** strconv.ParseFloat(s, 64); undefined on a syntax or range error. */
export function parseFloat64(s: string): number | undefined {
  if (s === '') return undefined;
  const lower = s.toLowerCase();
  const body = lower[0] === '+' || lower[0] === '-' ? lower.slice(1) : lower;
  const neg = lower[0] === '-';
  if (body === 'inf' || body === 'infinity') return neg ? -Infinity : Infinity;
  if (lower === 'nan') return NaN;
  if (DECIMAL_FLOAT.test(s)) {
    if (s.includes('_') && !underscoreOK(s)) return undefined;
    const f = Number(s.replace(/_/g, ''));
    return Number.isFinite(f) ? f : undefined;
  }
  const m = HEX_FLOAT.exec(s);
  if (m) {
    if (s.includes('_') && !underscoreOK(s)) return undefined;
    const f = hexFloat(m[1] ?? '', m[2] ?? '', m[3] ?? '', m[4] ?? '0');
    return f !== undefined && Number.isFinite(f) ? f : undefined;
  }
  return undefined;
}

/** cast.ToInt64 (int and int64 alike: both are 64-bit on the controller's platforms). */
export function toInt64(v: GoValue): bigint {
  switch (typeof v) {
    case 'bigint':
      return wrapInt64(v);
    case 'number':
      return floatToInt64(v);
    case 'string': {
      const r = parseInt64(trimZeroDecimal(v), 0);
      return r.ok ? r.value : 0n;
    }
    case 'boolean':
      return v ? 1n : 0n;
  }
  return 0n;
}

/** cast.ToFloat64 */
export function toFloat64(v: GoValue): number {
  switch (typeof v) {
    case 'bigint':
      return Number(wrapInt64(v));
    case 'number':
      return v;
    case 'string':
      return parseFloat64(v) ?? 0;
    case 'boolean':
      return v ? 1 : 0;
  }
  return 0;
}
