/**
 * The parts of Go's strconv (and unicode) that text/template and fmt use: quoting, unquoting the
 * template's string and character literals, and Go's number syntax (ParseInt/ParseUint/ParseFloat
 * with base 0, so `0x`, `0o`, `0b`, a leading-0 octal and `_` separators).
 *
 * Go strings are UTF-8 bytes and JS strings UTF-16: positions here are UTF-16 indexes, and a lone
 * surrogate (which Go's decoders never produce) is read as U+FFFD.
 */

let printRe: RegExp | undefined;
let letterRe: RegExp | undefined;
let digitRe: RegExp | undefined;

/** unicode.IsPrint / strconv.IsPrint: L, M, N, P, S and the ASCII space. */
export function isGoPrint(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  printRe ??= /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
  return printRe.test(String.fromCodePoint(cp));
}

/** unicode.IsLetter. */
export function isGoLetter(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  letterRe ??= /^\p{L}$/u;
  return letterRe.test(String.fromCodePoint(cp));
}

/** unicode.IsDigit (category Nd). */
export function isGoDigit(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x30 && cp <= 0x39;
  digitRe ??= /^\p{Nd}$/u;
  return digitRe.test(String.fromCodePoint(cp));
}

/** The code point at `i`, a lone surrogate read as U+FFFD (as Go's UTF-8 decoding would see it). */
export function codePointAt(s: string, i: number): number {
  const c = s.codePointAt(i) as number;
  return c >= 0xd800 && c <= 0xdfff ? 0xfffd : c;
}

/** UTF-16 width of the code point at `i`. */
export function widthAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

const LOWERHEX = '0123456789abcdef';
const UPPERHEX = '0123456789ABCDEF';

function hexDigits(n: number, count: number, digits = UPPERHEX): string {
  let out = '';
  for (let shift = (count - 1) * 4; shift >= 0; shift -= 4) out += digits[Math.floor(n / 2 ** shift) % 16];
  return out;
}

/** fmt's `%#U` of a rune, as the lexer words a bad character: `U+0023 '#'`, `U+0001`. */
export function formatRuneU(cp: number): string {
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  return isGoPrint(cp) ? `U+${hex} '${String.fromCodePoint(cp)}'` : `U+${hex}`;
}

function escapedRune(r: number, quote: number, asciiOnly: boolean): string {
  if (r === quote || r === 0x5c) return '\\' + String.fromCodePoint(r);
  if (asciiOnly) {
    if (r < 0x80 && isGoPrint(r)) return String.fromCharCode(r);
  } else if (isGoPrint(r)) {
    return String.fromCodePoint(r);
  }
  switch (r) {
    case 0x07:
      return '\\a';
    case 0x08:
      return '\\b';
    case 0x0c:
      return '\\f';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    case 0x0b:
      return '\\v';
  }
  if (r < 0x20 || r === 0x7f) return '\\x' + hexDigits(r, 2, LOWERHEX);
  if (r > 0x10ffff || (r >= 0xd800 && r <= 0xdfff)) r = 0xfffd;
  if (r < 0x10000) return '\\u' + hexDigits(r, 4, LOWERHEX);
  return '\\U' + hexDigits(r, 8, LOWERHEX);
}

/** strconv.Quote (asciiOnly: QuoteToASCII). */
export function quoteString(s: string, asciiOnly = false): string {
  let out = '"';
  for (let i = 0; i < s.length; i += widthAt(s, i)) out += escapedRune(codePointAt(s, i), 0x22, asciiOnly);
  return out + '"';
}

/** strconv.QuoteRune (asciiOnly: QuoteRuneToASCII); an invalid rune is quoted as U+FFFD. */
export function quoteRune(r: number, asciiOnly = false): string {
  if (r < 0 || r > 0x10ffff || (r >= 0xd800 && r <= 0xdfff)) r = 0xfffd;
  return "'" + escapedRune(r, 0x27, asciiOnly) + "'";
}

/** strconv.CanBackquote. */
export function canBackquote(s: string): boolean {
  for (let i = 0; i < s.length; i += widthAt(s, i)) {
    const r = codePointAt(s, i);
    if (r >= 0x80) {
      if (r === 0xfeff || r === 0xfffd) return false;
      continue;
    }
    if ((r < 0x20 && r !== 0x09) || r === 0x60 || r === 0x7f) return false;
  }
  return true;
}

function unhex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/** One character of a quoted literal: its value, whether it is a raw byte (`\x`, octal), next index. */
interface UnquotedChar {
  value: number;
  byte: boolean;
  next: number;
}

const SIMPLE_ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 0x5c };

/** strconv.UnquoteChar on s[i:]; undefined is ErrSyntax. */
export function unquoteChar(s: string, i: number, quote: number): UnquotedChar | undefined {
  if (i >= s.length) return undefined;
  const c = s.charCodeAt(i);
  if (c === quote && (quote === 0x27 || quote === 0x22)) return undefined;
  if (c !== 0x5c) return { value: codePointAt(s, i), byte: false, next: i + widthAt(s, i) };
  if (i + 1 >= s.length) return undefined;
  const e = s[i + 1] as string;
  let j = i + 2;
  const simple = SIMPLE_ESCAPES[e];
  if (simple !== undefined) return { value: simple, byte: false, next: j };
  if (e === 'x' || e === 'u' || e === 'U') {
    const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
    if (j + n > s.length) return undefined;
    let v = 0;
    for (let k = 0; k < n; k++) {
      const x = unhex(s.charCodeAt(j + k));
      if (x < 0) return undefined;
      v = v * 16 + x;
    }
    j += n;
    if (e === 'x') return { value: v, byte: true, next: j };
    if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return undefined;
    return { value: v, byte: false, next: j };
  }
  if (e >= '0' && e <= '7') {
    let v = e.charCodeAt(0) - 0x30;
    if (j + 2 > s.length) return undefined;
    for (let k = 0; k < 2; k++) {
      const x = s.charCodeAt(j + k) - 0x30;
      if (x < 0 || x > 7) return undefined;
      v = v * 8 + x;
    }
    if (v > 255) return undefined;
    return { value: v, byte: true, next: j + 2 };
  }
  if (e === "'" || e === '"') {
    if (e.charCodeAt(0) !== quote) return undefined;
    return { value: quote, byte: false, next: j };
  }
  return undefined;
}

function pushUtf8(bytes: number[], cp: number): void {
  if (cp < 0x80) bytes.push(cp);
  else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
  else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  else
    bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
}

let decoder: TextDecoder | undefined;

/**
 * strconv.Unquote of a template's "…" or `…` literal; undefined is ErrSyntax ("invalid syntax").
 * Differs from Go: `\x`/octal escapes that do not form valid UTF-8 become U+FFFD (a JS string cannot
 * hold the raw bytes Go would keep).
 */
export function unquote(s: string): string | undefined {
  if (s.length < 2) return undefined;
  const quote = s.charCodeAt(0);
  if (quote === 0x60) {
    if (s.charCodeAt(s.length - 1) !== 0x60 || s.indexOf('`', 1) !== s.length - 1) return undefined;
    // Go discards carriage returns inside raw strings.
    return s.slice(1, -1).replaceAll('\r', '');
  }
  if (quote !== 0x22 && quote !== 0x27) return undefined;
  const bytes: number[] = [];
  let i = 1;
  while (i < s.length && s.charCodeAt(i) !== quote) {
    if (s.charCodeAt(i) === 0x0a) return undefined;
    const c = unquoteChar(s, i, quote);
    if (c === undefined) return undefined;
    if (c.byte) bytes.push(c.value);
    else pushUtf8(bytes, c.value);
    i = c.next;
    if (quote === 0x27) break;
  }
  if (i !== s.length - 1 || s.charCodeAt(i) !== quote) return undefined;
  decoder ??= new TextDecoder('utf-8');
  return decoder.decode(new Uint8Array(bytes));
}

/** strconv's underscoreOK: `_` only between digits, or between a base prefix and a digit. */
export function underscoreOK(s: string): boolean {
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

const UINT64_MAX = (1n << 64n) - 1n;

/** strconv.ParseUint(s, 0, 64); undefined on a syntax or range error. */
export function parseUint(s: string): bigint | undefined {
  if (s === '') return undefined;
  const s0 = s;
  let base = 10;
  if (s[0] === '0') {
    const p = s.length >= 3 ? (s[1] as string).toLowerCase() : '';
    if (p === 'b') base = 2;
    else if (p === 'o') base = 8;
    else if (p === 'x') base = 16;
    else base = 8;
    s = s.slice(base === 8 && p !== 'o' ? 1 : 2);
  }
  let underscores = false;
  let n = 0n;
  const b = BigInt(base);
  for (const ch of s) {
    if (ch === '_') {
      underscores = true;
      continue;
    }
    const d = parseInt(ch, 36);
    if (Number.isNaN(d) || d >= base) return undefined;
    n = n * b + BigInt(d);
    if (n > UINT64_MAX) return undefined;
  }
  if (underscores && !underscoreOK(s0)) return undefined;
  return n;
}

/** strconv.ParseInt(s, 0, 64); undefined on a syntax or range error. */
export function parseInt64(s: string): bigint | undefined {
  if (s === '') return undefined;
  let neg = false;
  let body = s;
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-';
    body = s.slice(1);
  }
  const u = parseUint(body);
  if (u === undefined) return undefined;
  if (!neg && u >= 1n << 63n) return undefined;
  if (neg && u > 1n << 63n) return undefined;
  return neg ? -u : u;
}

const DEC_FLOAT = /^[+-]?(?:[0-9_]+\.?[0-9_]*|\.[0-9_]+)(?:[eE][+-]?[0-9_]+)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F_]*)(?:\.([0-9a-fA-F_]*))?[pP]([+-]?[0-9_]+)$/;
const SPECIAL_FLOAT = /^([+-]?)(inf|infinity|nan)$/i;

/** strconv.ParseFloat(s, 64); undefined on a syntax error or overflow (ErrRange). */
export function parseFloat64(s: string): number | undefined {
  const special = SPECIAL_FLOAT.exec(s);
  if (special) {
    if ((special[2] as string).toLowerCase() === 'nan') return special[1] === '' ? NaN : undefined;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  const hex = HEX_FLOAT.exec(s);
  if (hex) {
    const sign = hex[1] as string;
    const intPart = hex[2] as string;
    const fracPart = hex[3] ?? '';
    const exp = hex[4] as string;
    if (!/[0-9a-fA-F]/.test(intPart + fracPart)) return undefined;
    if (s.includes('_') && !underscoreOK(s)) return undefined;
    const digits = (intPart + fracPart).replaceAll('_', '');
    const frac = fracPart.replaceAll('_', '').length;
    const v = hexFloat(BigInt('0x' + digits), Number(exp.replaceAll('_', '')) - 4 * frac);
    if (v === undefined) return undefined;
    return sign === '-' ? -v : v;
  }
  if (!DEC_FLOAT.test(s) || !/[0-9]/.test(s.replace(/[eE].*$/, ''))) return undefined;
  if (s.includes('_') && !underscoreOK(s)) return undefined;
  const v = Number(s.replaceAll('_', ''));
  return Number.isFinite(v) ? v : undefined;
}

/** m × 2^e correctly rounded (half to even) to a float64; undefined when it overflows. */
function hexFloat(m: bigint, e: number): number | undefined {
  if (m === 0n) return 0;
  const msb = m.toString(2).length - 1 + e;
  if (msb > 1023) return undefined;
  const lsb = Math.max(msb - 52, -1074);
  const shift = lsb - e;
  let mant: bigint;
  if (shift > 0) {
    const s = BigInt(shift);
    mant = m >> s;
    const rest = m - (mant << s);
    const half = 1n << (s - 1n);
    if (rest > half || (rest === half && (mant & 1n) === 1n)) mant += 1n;
  } else mant = m << BigInt(-shift);
  const v = Number(mant) * 2 ** lsb;
  return Number.isFinite(v) ? v : undefined;
}
