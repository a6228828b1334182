/**
 * fmt's format.go: padding, integers, floats, strings and quoting under the flags, width and
 * precision of one verb. printf.ts (print.go) picks the function for each verb and value.
 */
import { formatFloat } from './ftoa';
import { canBackquote, isGoPrint, quoteRune, quoteString } from './strconv';

export interface Flags {
  plus: boolean;
  minus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  /** %+v and %#v: plusV/sharpV set, plus/sharp cleared. */
  plusV: boolean;
  sharpV: boolean;
  wid: number;
  widPresent: boolean;
  prec: number;
  precPresent: boolean;
}

export function clearFlags(): Flags {
  return {
    plus: false,
    minus: false,
    sharp: false,
    space: false,
    zero: false,
    plusV: false,
    sharpV: false,
    wid: 0,
    widPresent: false,
    prec: 0,
    precPresent: false,
  };
}

/** Thrown when one call's output passes the limit the caller set. */
export class FmtLimitError extends Error {}

const LDIGITS = '0123456789abcdefx';
const UDIGITS = '0123456789ABCDEFX';
const MAX_RUNE = 0x10ffff;

function runeCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      const d = s.charCodeAt(i + 1);
      n++;
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

let encoder: TextEncoder | undefined;

export class Formatter {
  f: Flags = clearFlags();
  private parts: string[] = [];
  private length = 0;

  constructor(private readonly limit: number) {}

  write(s: string): void {
    this.length += s.length;
    if (this.length > this.limit) throw new FmtLimitError();
    this.parts.push(s);
  }

  result(): string {
    return this.parts.join('');
  }

  writePadding(n: number): void {
    if (n <= 0) return;
    this.write((this.f.zero ? '0' : ' ').repeat(n));
  }

  /** Writes s padded to the width, on the left unless the minus flag is set. */
  pad(s: string): void {
    if (!this.f.widPresent || this.f.wid === 0) {
      this.write(s);
      return;
    }
    const width = this.f.wid - runeCount(s);
    if (!this.f.minus) {
      this.writePadding(width);
      this.write(s);
    } else {
      this.write(s);
      this.writePadding(width);
    }
  }

  private withoutZero(fn: () => void): void {
    const oldZero = this.f.zero;
    this.f.zero = false;
    try {
      fn();
    } finally {
      this.f.zero = oldZero;
    }
  }

  fmtBoolean(v: boolean): void {
    this.pad(v ? 'true' : 'false');
  }

  /** "U+0078", or with the sharp flag "U+0078 'x'". */
  fmtUnicode(u: bigint): void {
    let prec = 4;
    if (this.f.precPresent && this.f.prec > 4) prec = this.f.prec;
    let s = 'U+' + u.toString(16).toUpperCase().padStart(prec, '0');
    if (this.f.sharp && u <= BigInt(MAX_RUNE) && isGoPrint(Number(u)))
      s += " '" + String.fromCodePoint(Number(u)) + "'";
    this.withoutZero(() => this.pad(s));
  }

  /** An integer (v is the value; isSigned says whether it is read as int64). */
  fmtInteger(v: bigint, base: number, isSigned: boolean, verb: string, upper: boolean): void {
    const negative = isSigned && v < 0n;
    const u = negative ? -v : v;
    const digits = upper ? UDIGITS : LDIGITS;
    // Two ways to ask for extra leading zero digits: %.3d or %03d. With both, the zero flag is
    // ignored and padding uses spaces.
    let prec = 0;
    if (this.f.precPresent) {
      prec = this.f.prec;
      // Precision of 0 and value of 0 means "print nothing" but padding.
      if (prec === 0 && u === 0n) {
        this.withoutZero(() => this.writePadding(this.f.wid));
        return;
      }
    } else if (this.f.zero && this.f.widPresent) {
      prec = this.f.wid;
      if (negative || this.f.plus || this.f.space) prec--; // leave room for the sign
    }
    let s = u.toString(base);
    if (upper) s = s.toUpperCase();
    if (s.length < prec) s = '0'.repeat(prec - s.length) + s;
    if (this.f.sharp) {
      if (base === 2) s = '0b' + s;
      else if (base === 8 && s[0] !== '0') s = '0' + s;
      else if (base === 16) s = '0' + digits[16] + s;
    }
    if (verb === 'O') s = '0o' + s;
    if (negative) s = '-' + s;
    else if (this.f.plus) s = '+' + s;
    else if (this.f.space) s = ' ' + s;
    // Zero padding was done as precision above, or is off because of an explicit precision.
    this.withoutZero(() => this.pad(s));
  }

  private truncate(s: string): string {
    if (!this.f.precPresent) return s;
    let n = this.f.prec;
    for (let i = 0; i < s.length; i++) {
      if (--n < 0) return s.slice(0, i);
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
    }
    return s;
  }

  fmtS(s: string): void {
    this.pad(this.truncate(s));
  }

  /** The hexadecimal encoding of a string's UTF-8 bytes. */
  fmtSx(s: string, upper: boolean): void {
    encoder ??= new TextEncoder();
    const b = encoder.encode(s);
    const digits = upper ? UDIGITS : LDIGITS;
    let length = b.length;
    if (this.f.precPresent && this.f.prec < length) length = this.f.prec;
    let width = 2 * length;
    if (width > 0) {
      if (this.f.space) {
        if (this.f.sharp) width *= 2; // each byte gets 0x
        width += length - 1;
      } else if (this.f.sharp) width += 2;
    } else {
      if (this.f.widPresent) this.writePadding(this.f.wid);
      return;
    }
    if (this.f.widPresent && this.f.wid > width && !this.f.minus) this.writePadding(this.f.wid - width);
    let out = this.f.sharp ? '0' + digits[16] : '';
    for (let i = 0; i < length; i++) {
      if (this.f.space && i > 0) {
        out += ' ';
        if (this.f.sharp) out += '0' + digits[16];
      }
      const c = b[i] as number;
      out += (digits[c >> 4] as string) + (digits[c & 15] as string);
    }
    this.write(out);
    if (this.f.widPresent && this.f.wid > width && this.f.minus) this.writePadding(this.f.wid - width);
  }

  /** A double-quoted Go string, or backquoted with the sharp flag when that is possible. */
  fmtQ(s: string): void {
    s = this.truncate(s);
    if (this.f.sharp && canBackquote(s)) {
      this.pad('`' + s + '`');
      return;
    }
    this.pad(quoteString(s, this.f.plus));
  }

  private rune(c: bigint): number {
    return c < 0n || c > BigInt(MAX_RUNE) ? 0xfffd : Number(c);
  }

  /** An integer as the character it encodes (U+FFFD when it is none). */
  fmtC(c: bigint): void {
    const r = this.rune(c);
    this.pad(String.fromCodePoint(r >= 0xd800 && r <= 0xdfff ? 0xfffd : r));
  }

  fmtQc(c: bigint): void {
    this.pad(quoteRune(this.rune(c), this.f.plus));
  }

  fmtFloat(v: number, verb: string, prec: number): void {
    if (this.f.precPresent) prec = this.f.prec;
    // Reserve room for a leading sign.
    let num = formatFloat(v, verb, prec);
    if (num[0] === '-' || num[0] === '+') {
      /* keep */
    } else num = '+' + num;
    if (this.f.space && num[0] === '+' && !this.f.plus) num = ' ' + num.slice(1);
    // Infinities and NaN don't look like numbers, so are not padded with zeros.
    if (num[1] === 'I' || num[1] === 'N') {
      if (num[1] === 'N' && !this.f.space && !this.f.plus) num = num.slice(1);
      this.withoutZero(() => this.pad(num));
      return;
    }
    // The sharp flag forces a decimal point and keeps trailing zeros.
    if (this.f.sharp && verb !== 'b') {
      let digits = 0;
      if (verb === 'v' || verb === 'g' || verb === 'G' || verb === 'x') digits = prec === -1 ? 6 : prec;
      let tail = '';
      let hasDecimalPoint = false;
      let sawNonzeroDigit = false;
      for (let i = 1; i < num.length; i++) {
        const c = num[i] as string;
        if (c === '.') hasDecimalPoint = true;
        else if (c === 'p' || c === 'P') {
          tail = num.slice(i);
          num = num.slice(0, i);
        } else if ((c === 'e' || c === 'E') && verb !== 'x' && verb !== 'X') {
          tail = num.slice(i);
          num = num.slice(0, i);
        } else {
          if (c !== '0') sawNonzeroDigit = true;
          // Count significant digits after the first non-zero digit.
          if (sawNonzeroDigit) digits--;
        }
      }
      if (!hasDecimalPoint) {
        // A leading digit 0 counts once.
        if (num.length === 2 && num[1] === '0') digits--;
        num += '.';
      }
      if (digits > 0) num += '0'.repeat(digits);
      num += tail;
    }
    // A sign if asked for or if negative.
    if (this.f.plus || num[0] !== '+') {
      // With zero padding the sign goes before the zeros.
      if (this.f.zero && this.f.widPresent && this.f.wid > num.length) {
        this.write(num[0] as string);
        this.writePadding(this.f.wid - num.length);
        this.write(num.slice(1));
        return;
      }
      this.pad(num);
      return;
    }
    this.pad(num.slice(1));
  }
}
