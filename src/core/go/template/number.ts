/**
 * parse.newNumber (node.go): a number constant parsed under every type that can hold it, with
 * Go's strconv rules and Go's error texts.
 */
import { goParseFloat, goParseInt, goParseUint } from '../strconv-parse';
import { ItemType } from './lex';
import type { NumberNode } from './nodes';
import { quoteString, unquoteChar } from './strconv';

const TWO63 = 2 ** 63;
const TWO64 = 2 ** 64;

/** float64(int64(f)) == f on amd64 (an out-of-range conversion never round-trips). */
function fitsInt64(f: number): boolean {
  return Number.isInteger(f) && f >= -TWO63 && f < TWO63;
}

/** float64(uint64(f)) == f on amd64. */
function fitsUint64(f: number): boolean {
  return Number.isInteger(f) && f >= 0 && f < TWO64;
}

function blank(pos: number, text: string): NumberNode {
  return {
    type: 'Number',
    pos,
    text,
    isInt: false,
    isUint: false,
    isFloat: false,
    isComplex: false,
    int64: 0n,
    uint64: 0n,
    float64: 0,
    complex: { re: 0, im: 0 },
  };
}

/** The other types a complex constant with a zero imaginary part also is. */
function simplifyComplex(n: NumberNode): void {
  n.isFloat = n.complex.im === 0;
  if (n.isFloat) {
    const f = n.complex.re;
    n.float64 = f;
    n.isInt = fitsInt64(f);
    if (n.isInt) n.int64 = BigInt(f);
    n.isUint = fitsUint64(f);
    if (n.isUint) n.uint64 = BigInt(f);
  }
}

/** fmt.Sscan of a complex constant as the lexer gives it (`1+2i`, `-1.2e3-4i`). */
function scanComplex(text: string): { re: number; im: number } | undefined {
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if ((c === '+' || c === '-') && !'eEpP'.includes(text[i - 1] as string)) {
      if (!text.endsWith('i')) return undefined;
      const re = goParseFloat(text.slice(0, i));
      const im = goParseFloat(text.slice(i, -1));
      if (re.err !== undefined || im.err !== undefined) return undefined;
      return { re: re.value, im: im.value };
    }
  }
  return undefined;
}

/** The node, or the text of the error Go's parser reports for it. */
export function newNumber(pos: number, text: string, typ: ItemType): NumberNode | string {
  const n = blank(pos, text);
  if (typ === ItemType.CharConstant) {
    const c = unquoteChar(text, 1, text.charCodeAt(0));
    if (c === undefined) return 'invalid syntax';
    if (text.slice(c.next) !== "'") return `malformed character constant: ${text}`;
    n.int64 = BigInt(c.value);
    n.isInt = true;
    n.uint64 = BigInt(c.value);
    n.isUint = true;
    n.float64 = c.value; // odd but those are the rules.
    n.isFloat = true;
    return n;
  }
  if (typ === ItemType.Complex) {
    const c = scanComplex(text);
    if (c === undefined) return `illegal number syntax: ${quoteString(text)}`;
    n.complex = c;
    n.isComplex = true;
    simplifyComplex(n);
    return n;
  }
  // Imaginary constants can only be complex unless they are zero.
  if (text.endsWith('i')) {
    const f = goParseFloat(text.slice(0, -1));
    if (f.err === undefined) {
      n.isComplex = true;
      n.complex = { re: 0, im: f.value };
      simplifyComplex(n);
      return n;
    }
  }
  // Integers first, so that 0x123 is one.
  const u = goParseUint(text, 0); // fails for -0; fixed below.
  if (u.err === undefined) {
    n.isUint = true;
    n.uint64 = u.value;
  }
  const i = goParseInt(text, 0);
  if (i.err === undefined) {
    n.isInt = true;
    n.int64 = i.value;
    if (i.value === 0n) {
      n.isUint = true; // in case of -0.
      n.uint64 = u.value;
    }
  }
  if (n.isInt) {
    n.isFloat = true;
    n.float64 = Number(n.int64);
  } else if (n.isUint) {
    n.isFloat = true;
    n.float64 = Number(n.uint64);
  } else {
    const parsed = goParseFloat(text);
    if (parsed.err === undefined) {
      const f = parsed.value;
      // Parsed as a float but looks like an integer: a number too large for an int.
      if (!/[.eEpP]/.test(text)) return `integer overflow: ${quoteString(text)}`;
      n.isFloat = true;
      n.float64 = f;
      if (!n.isInt && fitsInt64(f)) {
        n.isInt = true;
        n.int64 = BigInt(f);
      }
      if (!n.isUint && fitsUint64(f)) {
        n.isUint = true;
        n.uint64 = BigInt(f);
      }
    }
  }
  if (!n.isInt && !n.isUint && !n.isFloat) return `illegal number syntax: ${quoteString(text)}`;
  return n;
}
