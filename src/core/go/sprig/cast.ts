/**
 * The conversions sprig makes through github.com/spf13/cast v1.7.0 (ToInt64, ToInt, ToFloat64,
 * errors swallowed to 0), ported from its source; the strconv parsers they call are
 * ../strconv-parse.ts.
 */
import { goParseFloat, goParseInt } from '../strconv-parse';
import type { GoValue } from '../template/values';

const INT64_MIN = -(2n ** 63n);

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

/** cast.ToInt64 (int and int64 alike: both are 64-bit on the controller's platforms). */
export function toInt64(v: GoValue): bigint {
  switch (typeof v) {
    case 'bigint':
      return wrapInt64(v);
    case 'number':
      return floatToInt64(v);
    case 'string': {
      const r = goParseInt(trimZeroDecimal(v), 0);
      return r.err === undefined ? r.value : 0n;
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
    case 'string': {
      const r = goParseFloat(v);
      return r.err === undefined ? r.value : 0;
    }
    case 'boolean':
      return v ? 1 : 0;
  }
  return 0;
}
