import { goFormatFloat } from './go-format';

/**
 * The text go-yaml v2 prints for what is not a string: a number decoded from JSON (encode.go
 * `intv` / `uintv` / `floatv` after resolve.go read the JSON digits), and the escape sequence
 * emitterc.go `yaml_emitter_write_double_quoted_scalar` writes for a character it may not print.
 */

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * go-yaml's text for a JSON number. JSON prints an integral number below 1e21 as its shortest
 * digits padded with zeros (Go's encoder as JavaScript's); go-yaml reads those digits as an int64
 * or a uint64 when they fit and prints them back. Anything else is a float64, printed with 'g'.
 */
export function numberText(n: number): string {
  if (Number.isSafeInteger(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) < 1e21) {
    const digits = String(n);
    const v = BigInt(digits);
    if (v >= INT64_MIN && v <= UINT64_MAX) return digits;
  }
  const s = goFormatFloat(n, 64);
  return s === '+Inf' ? '.inf' : s === '-Inf' ? '-.inf' : s === 'NaN' ? '.nan' : s;
}

function hex(v: number, digits: number): string {
  return v.toString(16).toUpperCase().padStart(digits, '0');
}

/** The escape go-yaml writes after `\` for a character it may not print in a double-quoted scalar. */
export function escapeOf(v: number): string {
  switch (v) {
    case 0x00:
      return '0';
    case 0x07:
      return 'a';
    case 0x08:
      return 'b';
    case 0x09:
      return 't';
    case 0x0a:
      return 'n';
    case 0x0b:
      return 'v';
    case 0x0c:
      return 'f';
    case 0x0d:
      return 'r';
    case 0x1b:
      return 'e';
    case 0x22:
      return '"';
    case 0x5c:
      return '\\';
    case 0x85:
      return 'N';
    case 0xa0:
      return '_';
    case 0x2028:
      return 'L';
    case 0x2029:
      return 'P';
    default:
      if (v <= 0xff) return 'x' + hex(v, 2);
      if (v <= 0xffff) return 'u' + hex(v, 4);
      return 'U' + hex(v, 8);
  }
}
