/**
 * Go formatting that the template's messages and output depend on:
 * `strconv.FormatFloat(f, 'g', -1, bitSize)` and k8s `errors.NewAggregate(...).Error()`.
 */

/** The shortest decimal digits of `f` that round-trip at the given precision, with its decimal point position. */
function shortestDigits(f: number, bitSize: 32 | 64): { digits: string; dp: number } {
  let exp = '';
  if (bitSize === 64) {
    exp = f.toExponential();
  } else {
    const target = Math.fround(f);
    for (let p = 1; p <= 9; p++) {
      const s = target.toExponential(p - 1);
      if (Math.fround(Number(s)) === target) {
        exp = s;
        break;
      }
    }
    if (exp === '') exp = target.toExponential(8);
  }
  const [mant = '0', e = '0'] = exp.split('e');
  const digits = mant.replace('.', '').replace(/0+$/, '') || '0';
  return { digits, dp: Number(e) + 1 };
}

/** `strconv.FormatFloat(f, 'g', -1, bitSize)`. */
export function goFormatFloat(value: number, bitSize: 32 | 64 = 64): string {
  const f = bitSize === 32 ? Math.fround(value) : value;
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  const neg = f < 0 || Object.is(f, -0);
  const abs = Math.abs(f);
  if (abs === 0) return neg ? '-0' : '0';
  const { digits, dp } = shortestDigits(abs, bitSize);
  const sign = neg ? '-' : '';
  // ftoa.go, 'g' with the shortest precision: %e when the exponent is < -4 or >= 6 (eprec is forced to 6).
  const x = dp - 1;
  if (x < -4 || x >= 6) {
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const ax = Math.abs(x);
    return `${sign}${mant}e${x < 0 ? '-' : '+'}${ax < 10 ? '0' : ''}${ax}`;
  }
  if (dp <= 0) return `${sign}0.${'0'.repeat(-dp)}${digits}`;
  if (dp >= digits.length) return `${sign}${digits}${'0'.repeat(dp - digits.length)}`;
  return `${sign}${digits.slice(0, dp)}.${digits.slice(dp)}`;
}

/** k8s.io/apimachinery `errors.NewAggregate(errs).Error()`: one message as is, several deduplicated in `[a, b]`. */
export function formatAggregate(messages: readonly string[]): string {
  if (messages.length === 0) return '';
  if (messages.length === 1) return messages[0] as string;
  const seen = new Set<string>();
  for (const m of messages) seen.add(m);
  const joined = [...seen].join(', ');
  return seen.size === 1 ? joined : `[${joined}]`;
}
