/**
 * The part of github.com/shopspring/decimal v1.4.0 that sprig's float math (add1f, addf, subf,
 * mulf, divf) goes through: NewFromFloat, Add, Sub, Mul, Div (DivisionPrecision 16, rounding half
 * away from zero) and Float64. A decimal is value × 10^exp with an arbitrary-size value.
 */
import { goFloatV } from '../../gojson/fmt';
import { goPanic } from './func';

export interface Decimal {
  value: bigint;
  exp: number;
}

const DIVISION_PRECISION = 16;

/**
 * decimal.NewFromFloat: the shortest decimal that round-trips to the float (Go's strconv and JS's
 * Number#toString both produce it), which is what sprig's results are rounded through.
 */
export function decimalFromFloat(f: number): Decimal {
  if (Number.isNaN(f) || !Number.isFinite(f)) {
    throw goPanic(`Cannot create a Decimal from ${goFloatV(f)}`);
  }
  if (f === 0) return { value: 0n, exp: 0 };
  const e = f.toExponential(); // "-1.2345e-7": the shortest round-trip digits
  const at = e.indexOf('e');
  const mant = e.slice(0, at);
  const exp10 = Number(e.slice(at + 1));
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const value = BigInt(digits) * (neg ? -1n : 1n);
  return { value, exp: exp10 - (digits.length - 1) };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function rescalePair(a: Decimal, b: Decimal): [bigint, bigint, number] {
  if (a.exp === b.exp) return [a.value, b.value, a.exp];
  if (a.exp < b.exp) return [a.value, b.value * pow10(b.exp - a.exp), a.exp];
  return [a.value * pow10(a.exp - b.exp), b.value, b.exp];
}

export function decimalAdd(a: Decimal, b: Decimal): Decimal {
  const [x, y, exp] = rescalePair(a, b);
  return { value: x + y, exp };
}

export function decimalSub(a: Decimal, b: Decimal): Decimal {
  const [x, y, exp] = rescalePair(a, b);
  return { value: x - y, exp };
}

export function decimalMul(a: Decimal, b: Decimal): Decimal {
  return { value: a.value * b.value, exp: a.exp + b.exp };
}

function cmp(a: Decimal, b: Decimal): number {
  const [x, y] = rescalePair(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

const abs = (v: bigint): bigint => (v < 0n ? -v : v);
const sign = (v: bigint): number => (v < 0n ? -1 : v > 0n ? 1 : 0);

/** Decimal.QuoRem(d2, precision): truncated quotient at 10^-precision and its remainder. */
function quoRem(d: Decimal, d2: Decimal, precision: number): [Decimal, Decimal] {
  if (d2.value === 0n) throw goPanic('decimal division by 0');
  const scale = -precision;
  const e = d.exp - d2.exp - scale;
  let aa: bigint;
  let bb: bigint;
  let scalerest: number;
  if (e < 0) {
    aa = d.value;
    bb = d2.value * pow10(-e);
    scalerest = d.exp;
  } else {
    aa = d.value * pow10(e);
    bb = d2.value;
    scalerest = scale + d2.exp;
  }
  const q = aa / bb; // BigInt division truncates, like big.Int.QuoRem
  const r = aa - q * bb;
  return [
    { value: q, exp: scale },
    { value: r, exp: scalerest },
  ];
}

/** Decimal.Div: DivRound(d2, DivisionPrecision). */
export function decimalDiv(d: Decimal, d2: Decimal): Decimal {
  const precision = DIVISION_PRECISION;
  const [q, r] = quoRem(d, d2, precision);
  const r2: Decimal = { value: abs(r.value) * 2n, exp: r.exp + precision };
  if (cmp(r2, { value: abs(d2.value), exp: d2.exp }) < 0) return q;
  const one: Decimal = { value: 1n, exp: -precision };
  return sign(d.value) * sign(d2.value) < 0 ? decimalSub(q, one) : decimalAdd(q, one);
}

/** Decimal.Float64: the float64 nearest to the exact value (JS parses decimal text correctly rounded). */
export function decimalToFloat(d: Decimal): number {
  return Number(`${d.value}e${d.exp}`);
}
