/**
 * strconv.FormatFloat(f, fmt, prec, 64) for fmt e, E, f, g, G, b, x, X, as fmt's float verbs use it.
 *
 * Shortest digits come from JS (Number#toExponential() gives the shortest round-tripping digits,
 * as Go's Ryu does). A fixed precision rounds the exact decimal value of the double half to even,
 * as Go does; JS's toFixed/toPrecision round ties away from zero, so they are not used.
 */

interface Digits {
  /** Decimal digits without leading or trailing zeros ('' for zero). */
  d: string;
  /** Position of the decimal point: value = 0.d × 10^dp. */
  dp: number;
}

const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);

/** mant and unbiased exp (value = mant × 2^(exp-52)), as ftoa.go computes them. */
function decompose(f: number): { neg: boolean; mant: bigint; exp: number } {
  F64[0] = f;
  const bits = U64[0] as bigint;
  const neg = bits >> 63n === 1n;
  let exp = Number((bits >> 52n) & 0x7ffn);
  let mant = bits & ((1n << 52n) - 1n);
  if (exp === 0) exp++;
  else mant |= 1n << 52n;
  return { neg, mant, exp: exp - 1023 };
}

function trimZeros(d: Digits): Digits {
  let n = d.d.length;
  while (n > 0 && d.d[n - 1] === '0') n--;
  return n === 0 ? { d: '', dp: 0 } : { d: d.d.slice(0, n), dp: d.dp };
}

/** The exact decimal expansion of |f|. */
function exactDigits(f: number): Digits {
  const { mant, exp } = decompose(f);
  if (mant === 0n) return { d: '', dp: 0 };
  const e = exp - 52;
  if (e >= 0) {
    const s = (mant << BigInt(e)).toString();
    return trimZeros({ d: s, dp: s.length });
  }
  const s = (mant * 5n ** BigInt(-e)).toString();
  const lead = s.length;
  return trimZeros({ d: s, dp: lead + e });
}

/** The shortest digits that read back as |f|. */
function shortestDigits(f: number): Digits {
  if (f === 0) return { d: '', dp: 0 };
  const e = Math.abs(f).toExponential();
  const at = e.indexOf('e');
  return trimZeros({ d: e.slice(0, at).replace('.', ''), dp: Number(e.slice(at + 1)) + 1 });
}

/** decimal.Round(nd): half to even on the exact digits. */
function round(d: Digits, nd: number): Digits {
  if (nd < 0 || nd >= d.d.length) return d;
  const c = d.d[nd] as string;
  const up = c === '5' && nd + 1 === d.d.length ? nd > 0 && Number(d.d[nd - 1]) % 2 === 1 : c >= '5';
  if (!up) return trimZeros({ d: d.d.slice(0, nd), dp: d.dp });
  let i = nd - 1;
  while (i >= 0 && d.d[i] === '9') i--;
  if (i < 0) return { d: '1', dp: d.dp + 1 };
  return { d: d.d.slice(0, i) + String(Number(d.d[i]) + 1), dp: d.dp };
}

function fmtE(neg: boolean, d: Digits, prec: number, fmt: string): string {
  let out = neg ? '-' : '';
  out += d.d.length === 0 ? '0' : d.d[0];
  if (prec > 0) {
    out += '.';
    const m = Math.min(d.d.length, prec + 1);
    out += d.d.slice(1, m) + '0'.repeat(Math.max(0, prec + 1 - Math.max(m, 1)));
  }
  let exp = d.d.length === 0 ? 0 : d.dp - 1;
  const sign = exp < 0 ? '-' : '+';
  exp = Math.abs(exp);
  return out + fmt + sign + (exp < 10 ? '0' + exp : String(exp));
}

function fmtF(neg: boolean, d: Digits, prec: number): string {
  let out = neg ? '-' : '';
  if (d.dp > 0) {
    const m = Math.min(d.d.length, d.dp);
    out += d.d.slice(0, m) + '0'.repeat(d.dp - m);
  } else out += '0';
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) {
      const j = d.dp + i - 1;
      out += j >= 0 && j < d.d.length ? d.d[j] : '0';
    }
  }
  return out;
}

/** %b: decimal mantissa and binary exponent, "4503599627370496p-52". */
function fmtB(neg: boolean, mant: bigint, exp: number): string {
  const e = exp - 52;
  return (neg ? '-' : '') + mant.toString() + 'p' + (e >= 0 ? '+' : '') + String(e);
}

const MASK64 = (1n << 64n) - 1n;

/** %x: -0x1.yyyyp±dd, rounded to prec hex digits when prec >= 0. */
function fmtX(neg: boolean, mantIn: bigint, expIn: number, prec: number, fmt: string): string {
  let mant = mantIn;
  let exp = mant === 0n ? 0 : expIn;
  mant <<= 60n - 52n;
  while (mant !== 0n && (mant & (1n << 60n)) === 0n) {
    mant <<= 1n;
    exp--;
  }
  if (prec >= 0 && prec < 15) {
    const shift = BigInt(prec * 4);
    const extra = (mant << shift) & ((1n << 60n) - 1n);
    mant >>= 60n - shift;
    if ((extra | (mant & 1n)) > 1n << 59n) mant++;
    mant <<= 60n - shift;
    if ((mant & (1n << 61n)) !== 0n) {
      mant >>= 1n;
      exp++;
    }
  }
  const hex = fmt === 'X' ? '0123456789ABCDEF' : '0123456789abcdef';
  let out = (neg ? '-' : '') + '0' + fmt + String((mant >> 60n) & 1n);
  mant = (mant << 4n) & MASK64;
  if (prec < 0 && mant !== 0n) {
    out += '.';
    while (mant !== 0n) {
      out += hex[Number((mant >> 60n) & 15n)];
      mant = (mant << 4n) & MASK64;
    }
  } else if (prec > 0) {
    out += '.';
    for (let i = 0; i < prec; i++) {
      out += hex[Number((mant >> 60n) & 15n)];
      mant = (mant << 4n) & MASK64;
    }
  }
  out += fmt === 'X' ? 'P' : 'p';
  const sign = exp < 0 ? '-' : '+';
  exp = Math.abs(exp);
  return out + sign + (exp < 10 ? '0' + exp : String(exp));
}

/** strconv.FormatFloat(f, fmt, prec, 64); prec < 0 means the shortest exact representation. */
export function formatFloat(f: number, fmt: string, prec: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  const neg = f < 0 || Object.is(f, -0);
  if (fmt === 'b' || fmt === 'x' || fmt === 'X') {
    const { mant, exp } = decompose(f);
    return fmt === 'b' ? fmtB(neg, mant, exp) : fmtX(neg, mant, exp, prec, fmt);
  }
  const shortest = prec < 0;
  let digs: Digits;
  if (shortest) {
    digs = shortestDigits(f);
    if (fmt === 'e' || fmt === 'E') prec = Math.max(digs.d.length - 1, 0);
    else if (fmt === 'f') prec = Math.max(digs.d.length - digs.dp, 0);
    else prec = digs.d.length;
  } else {
    digs = exactDigits(f);
    if (fmt === 'e' || fmt === 'E') digs = round(digs, prec + 1);
    else if (fmt === 'f') digs = round(digs, digs.dp + prec);
    else {
      if (prec === 0) prec = 1;
      digs = round(digs, prec);
    }
  }
  if (fmt === 'e' || fmt === 'E') return fmtE(neg, digs, prec, fmt);
  if (fmt === 'f') return fmtF(neg, digs, prec);
  // %g: %e when the exponent is < -4 or >= the precision (6 when shortest); trailing zeros dropped.
  let eprec = prec;
  if (eprec > digs.d.length && digs.d.length >= digs.dp) eprec = digs.d.length;
  if (shortest) eprec = 6;
  const exp = digs.dp - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > digs.d.length) prec = digs.d.length;
    return fmtE(neg, digs, prec - 1, fmt === 'G' ? 'E' : 'e');
  }
  if (prec > digs.dp) prec = digs.d.length;
  return fmtF(neg, digs, Math.max(prec - digs.dp, 0));
}
