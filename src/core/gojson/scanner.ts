/**
 * A port of Go's `encoding/json` scanner state machine, used only to describe a JSON text that
 * JSON.parse rejected: Go's syntax error message and byte offset (`SyntaxError.Offset` counts the
 * bytes read, the offending byte included).
 */
import { goQuote } from './fmt';

export interface GoSyntaxProblem {
  /** Go's message, e.g. `invalid character '}' looking for beginning of object key string`. */
  msg: string;
  /** Character index (UTF-16) in the scanned text of the offending character; = text end for EOF. */
  index: number;
  /** SyntaxError.Offset relative to the scan start (bytes read including the offending one). */
  byteOffset: number;
  /** True when the input ended inside the value (`unexpected end of JSON input` / `unexpected EOF`). */
  eof: boolean;
}

export interface GoValueScan {
  /** Index just after the first complete top-level value, when one was found. */
  end?: number;
  problem?: GoSyntaxProblem;
}

const enum P {
  ObjectKey,
  ObjectValue,
  ArrayValue,
}

/** The scanner's quoteChar, as its errors quote a byte (`'x'`, a quote escaped). */
export function quoteChar(byte: number): string {
  if (byte === 0x27) return "'\\''";
  if (byte === 0x22) return `'"'`;
  const q = goQuote(String.fromCharCode(byte));
  return "'" + q.slice(1, -1) + "'";
}

/** The first byte of a code point's UTF-8 form: the byte Go's scanner stops at. */
export function firstUtf8Byte(cp: number): number {
  if (cp < 0x80) return cp;
  if (cp < 0x800) return 0xc0 | (cp >> 6);
  if (cp < 0x10000) return 0xe0 | (cp >> 12);
  return 0xf0 | (cp >> 18);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

type Step = (c: number) => number; // returns 0 continue, 1 end-of-value-after-this-char-excluded, -1 error

/**
 * Scans one top-level JSON value from `text[start]` the way json.Decoder.readValue does (leading
 * whitespace allowed). Reports where the value ends or the first syntax problem.
 */
export function goScanValue(text: string, start: number): GoValueScan {
  const stack: P[] = [];
  let err: string | undefined;
  let bytes = 0;
  let done = false;

  const fail = (c: number, context: string): number => {
    err = `invalid character ${quoteChar(c)} ${context}`;
    return -1;
  };

  let step: Step;
  /** Go's `s.step = next; return scanContinue`. */
  const to = (next: Step): number => {
    step = next;
    return 0;
  };

  const endValue = (c: number): number => {
    const n = stack.length;
    if (n === 0) {
      done = true;
      return 1;
    }
    if (isSpace(c)) return to(endValue);
    const ps = stack[n - 1];
    if (ps === P.ObjectKey) {
      if (c === 0x3a) {
        stack[n - 1] = P.ObjectValue;
        return to(beginValue);
      }
      return fail(c, 'after object key');
    }
    if (ps === P.ObjectValue) {
      if (c === 0x2c) {
        stack[n - 1] = P.ObjectKey;
        return to(beginString);
      }
      if (c === 0x7d) {
        stack.pop();
        return afterClose();
      }
      return fail(c, 'after object key:value pair');
    }
    if (c === 0x2c) return to(beginValue);
    if (c === 0x5d) {
      stack.pop();
      return afterClose();
    }
    return fail(c, 'after array element');
  };

  // After a closing bracket: the value is complete if the stack is empty (Go invents a space).
  const afterClose = (): number => {
    if (stack.length === 0) {
      done = true;
      return 2; // end including this char
    }
    return to(endValue);
  };

  const beginValue: Step = (c) => {
    if (isSpace(c)) return 0;
    switch (c) {
      case 0x7b:
        // pushParseState: s.error(c, …), so Go says "invalid character '{' exceeded max depth".
        if (stack.length >= 10000) return fail(c, 'exceeded max depth');
        stack.push(P.ObjectKey);
        return to(beginStringOrEmpty);
      case 0x5b:
        // pushParseState: s.error(c, …), so Go says "invalid character '{' exceeded max depth".
        if (stack.length >= 10000) return fail(c, 'exceeded max depth');
        stack.push(P.ArrayValue);
        return to(beginValueOrEmpty);
      case 0x22:
        return to(inString);
      case 0x2d:
        return to(neg);
      case 0x30:
        return to(zero);
      case 0x74:
        return to(lit('true', 1));
      case 0x66:
        return to(lit('false', 1));
      case 0x6e:
        return to(lit('null', 1));
    }
    if (c >= 0x31 && c <= 0x39) return to(one);
    return fail(c, 'looking for beginning of value');
  };

  const beginValueOrEmpty: Step = (c) => {
    if (isSpace(c)) return 0;
    if (c === 0x5d) return endValue(c);
    return beginValue(c);
  };

  const beginStringOrEmpty: Step = (c) => {
    if (isSpace(c)) return 0;
    if (c === 0x7d) {
      stack[stack.length - 1] = P.ObjectValue;
      return endValue(c);
    }
    return beginString(c);
  };

  const beginString: Step = (c) => {
    if (isSpace(c)) return 0;
    if (c === 0x22) return to(inString);
    return fail(c, 'looking for beginning of object key string');
  };

  const inString: Step = (c) => {
    if (c === 0x22) return to(endValue);
    if (c === 0x5c) return to(inStringEsc);
    if (c < 0x20) return fail(c, 'in string literal');
    return 0;
  };

  const inStringEsc: Step = (c) => {
    switch (c) {
      case 0x62:
      case 0x66:
      case 0x6e:
      case 0x72:
      case 0x74:
      case 0x5c:
      case 0x2f:
      case 0x22:
        return to(inString);
      case 0x75:
        return to(escU(0));
    }
    return fail(c, 'in string escape code');
  };

  const escU =
    (k: number): Step =>
    (c) => {
      if (!isHex(c)) return fail(c, 'in \\u hexadecimal character escape');
      return to(k === 3 ? inString : escU(k + 1));
    };

  const neg: Step = (c) => {
    if (c === 0x30) return to(zero);
    if (c >= 0x31 && c <= 0x39) return to(one);
    return fail(c, 'in numeric literal');
  };

  const one: Step = (c) => (isDigit(c) ? 0 : zero(c));

  const zero: Step = (c) => {
    if (c === 0x2e) return to(dot);
    if (c === 0x65 || c === 0x45) return to(e);
    return endValue(c);
  };

  const dot: Step = (c) => (isDigit(c) ? to(dot0) : fail(c, 'after decimal point in numeric literal'));

  const dot0: Step = (c) => {
    if (isDigit(c)) return 0;
    if (c === 0x65 || c === 0x45) return to(e);
    return endValue(c);
  };

  const e: Step = (c) => (c === 0x2b || c === 0x2d ? to(eSign) : eSign(c));

  const eSign: Step = (c) => (isDigit(c) ? to(e0) : fail(c, 'in exponent of numeric literal'));

  const e0: Step = (c) => (isDigit(c) ? 0 : endValue(c));

  const lit =
    (word: string, k: number): Step =>
    (c) => {
      const want = word.charCodeAt(k);
      if (c !== want) return fail(c, `in literal ${word} (expecting '${word[k]}')`);
      return to(k === word.length - 1 ? endValue : lit(word, k + 1));
    };

  step = beginValue;
  let i = start;
  for (; i < text.length; i++) {
    const cu = text.charCodeAt(i);
    let cp = cu;
    let units = 1;
    if (cu >= 0xd800 && cu <= 0xdbff && i + 1 < text.length) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cu - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        units = 2;
      }
    }
    // Go steps byte by byte; every non-ASCII byte is scanContinue inside strings and an error
    // (reported on its first byte) elsewhere, so stepping per code point with its lead byte is exact.
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    const r = step(cp < 0x80 ? cp : step === inString ? 0x80 : firstUtf8Byte(cp));
    if (r === -1) {
      return { problem: { msg: err as string, index: i, byteOffset: bytes + 1, eof: false } };
    }
    if (r === 1) return { end: i };
    bytes += size;
    if (r === 2) return { end: i + 1 };
    i += units - 1;
  }
  // End of input: a number at top level ends here; anything else is truncated.
  if (
    !done &&
    stack.length === 0 &&
    (step === endValue || step === one || step === zero || step === dot0 || step === e0)
  ) {
    return { end: text.length };
  }
  const onlySpace = step === beginValue && stack.length === 0;
  return {
    problem: {
      msg: onlySpace ? 'EOF' : 'unexpected end of JSON input',
      index: text.length,
      byteOffset: bytes,
      eof: true,
    },
  };
}
