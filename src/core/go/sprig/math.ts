/**
 * sprig v3.3.0's numeric.go and the arithmetic entries of functions.go: int64 math wraps around
 * as Go's does, float math goes through shopspring/decimal (decimal.ts), conversions through
 * spf13/cast (cast.ts).
 */
import { goFormatV } from '../../gojson/fmt';
import { goParseInt } from '../strconv-parse';
import type { GoFunc, GoValue } from '../template/values';
import { toFloat64, toInt64, wrapInt64 } from './cast';
import {
  decimalAdd,
  decimalDiv,
  decimalFromFloat,
  decimalMul,
  decimalSub,
  decimalToFloat,
  type Decimal,
} from './decimal';
import { argAny, argFloat, argInt, argString, goFunc, goPanic, INTEGER_DIVIDE_BY_ZERO } from './func';
import { withGoType } from './gotypes';

/**
 * A bound on list lengths (until, untilStep, seq). Go would try to allocate whatever was asked and
 * take the controller down; here the render fails instead. Deliberate difference from Go.
 */
const MAX_LIST = 10_000_000;

function untilStep(start: bigint, stop: bigint, step: bigint): bigint[] {
  const v: bigint[] = [];
  const guard = (): void => {
    if (v.length > MAX_LIST) throw goPanic(`sprig: list of more than ${MAX_LIST} elements`);
  };
  if (stop < start) {
    if (step >= 0n) return v;
    for (let i = start; i > stop; i = wrapInt64(i + step)) {
      v.push(i);
      guard();
    }
    return v;
  }
  if (step <= 0n) return v;
  for (let i = start; i < stop; i = wrapInt64(i + step)) {
    v.push(i);
    guard();
  }
  return v;
}

function intSlice(v: bigint[]): GoValue {
  return withGoType(v as GoValue[], '[]int');
}

function seq(params: bigint[]): string {
  let increment = 1n;
  let list: bigint[];
  switch (params.length) {
    case 0:
      return '';
    case 1: {
      const start = 1n;
      const end = params[0] as bigint;
      if (end < start) increment = -1n;
      list = untilStep(start, wrapInt64(end + increment), increment);
      break;
    }
    case 3: {
      const start = params[0] as bigint;
      const end = params[2] as bigint;
      const step = params[1] as bigint;
      if (end < start) {
        increment = -1n;
        if (step > 0n) return '';
      }
      list = untilStep(start, wrapInt64(end + increment), step);
      break;
    }
    case 2: {
      const start = params[0] as bigint;
      const end = params[1] as bigint;
      const step = end < start ? -1n : 1n;
      list = untilStep(start, wrapInt64(end + step), step);
      break;
    }
    default:
      return '';
  }
  return list.join(' ');
}

/** math.Modf's fractional part (sign of the argument; NaN for infinities). */
function modfFrac(f: number): number {
  if (!Number.isFinite(f)) return Number.isNaN(f) ? f : NaN;
  return f - Math.trunc(f);
}

function round(a: GoValue, p: bigint, rOpt: readonly GoValue[]): number {
  const roundOn = rOpt.length > 0 ? argFloat(rOpt[0]) : 0.5;
  const val = toFloat64(a);
  const places = Number(p);
  const pow = Math.pow(10, places);
  const digit = pow * val;
  const div = modfFrac(digit);
  const r = div >= roundOn ? Math.ceil(digit) : Math.floor(digit);
  return r / pow;
}

/** sprig's toDecimal: the value's %v text read as octal. */
function octal(v: GoValue): bigint {
  const r = goParseInt(goFormatV(v), 8);
  return r.err === undefined ? r.value : 0n;
}

function decimalOp(a: GoValue, bs: readonly GoValue[], f: (x: Decimal, y: Decimal) => Decimal): number {
  let acc = decimalFromFloat(toFloat64(a));
  for (const x of bs) acc = f(acc, decimalFromFloat(toFloat64(x)));
  return decimalToFloat(acc);
}

const any1 = (f: (a: GoValue) => GoValue): GoFunc => goFunc(['any'], (a) => f(argAny(a)));
const anyVariadic = (f: (a: GoValue, rest: GoValue[]) => GoValue): GoFunc =>
  goFunc(['any', 'any'], (a, ...rest) => f(argAny(a), rest), { variadic: true });

function maxOf(a: GoValue, rest: readonly GoValue[]): bigint {
  let aa = toInt64(a);
  for (const b of rest) {
    const bb = toInt64(b);
    if (bb > aa) aa = bb;
  }
  return aa;
}

function minOf(a: GoValue, rest: readonly GoValue[]): bigint {
  let aa = toInt64(a);
  for (const b of rest) {
    const bb = toInt64(b);
    if (bb < aa) aa = bb;
  }
  return aa;
}

function divide(a: bigint, b: bigint, mod: boolean): bigint {
  if (b === 0n) throw goPanic(INTEGER_DIVIDE_BY_ZERO);
  // BigInt division truncates toward zero like Go's; MinInt64 / -1 wraps back to MinInt64.
  return wrapInt64(mod ? a % b : a / b);
}

export function mathFuncs(): Record<string, GoFunc> {
  const maxF = anyVariadic(maxOf);
  return {
    // `i, _ := strconv.Atoi(a)`: Atoi is ParseInt(a, 10, 64), whose value stands with the error
    // dropped (0, or the clamped bound on overflow).
    atoi: goFunc(['string'], (s) => goParseInt(argString(s), 10).value),
    int64: any1(toInt64),
    int: any1(toInt64),
    float64: any1(toFloat64),
    toDecimal: any1(octal),
    seq: goFunc(['int'], (...ps) => seq(ps.map(argInt)), { variadic: true }),
    until: goFunc(['int'], (c) => {
      const count = argInt(c);
      return intSlice(untilStep(0n, count, count < 0n ? -1n : 1n));
    }),
    untilStep: goFunc(['int', 'int', 'int'], (a, b, c) =>
      intSlice(untilStep(argInt(a), argInt(b), argInt(c))),
    ),
    add1: any1((i) => wrapInt64(toInt64(i) + 1n)),
    add: goFunc(['any'], (...vs) => vs.reduce<bigint>((acc, b) => wrapInt64(acc + toInt64(b)), 0n), {
      variadic: true,
    }),
    sub: goFunc(['any', 'any'], (a, b) => wrapInt64(toInt64(argAny(a)) - toInt64(argAny(b)))),
    div: goFunc(['any', 'any'], (a, b) => divide(toInt64(argAny(a)), toInt64(argAny(b)), false)),
    mod: goFunc(['any', 'any'], (a, b) => divide(toInt64(argAny(a)), toInt64(argAny(b)), true)),
    mul: anyVariadic((a, rest) => rest.reduce<bigint>((acc, b) => wrapInt64(acc * toInt64(b)), toInt64(a))),
    add1f: any1((i) => decimalOp(i, [1n], decimalAdd)),
    addf: goFunc(['any'], (...vs) => decimalOp(0, vs, decimalAdd), { variadic: true }),
    subf: anyVariadic((a, rest) => decimalOp(a, rest, decimalSub)),
    divf: anyVariadic((a, rest) => decimalOp(a, rest, decimalDiv)),
    mulf: anyVariadic((a, rest) => decimalOp(a, rest, decimalMul)),
    biggest: maxF,
    max: maxF,
    min: anyVariadic(minOf),
    maxf: anyVariadic((a, rest) =>
      rest.reduce<number>((acc, b) => Math.max(acc, toFloat64(b)), toFloat64(a)),
    ),
    minf: anyVariadic((a, rest) =>
      rest.reduce<number>((acc, b) => Math.min(acc, toFloat64(b)), toFloat64(a)),
    ),
    ceil: any1((a) => Math.ceil(toFloat64(a))),
    floor: any1((a) => Math.floor(toFloat64(a))),
    round: goFunc(['any', 'int', 'float64'], (a, p, ...r) => round(argAny(a), argInt(p), r), {
      variadic: true,
    }),
  };
}
