/**
 * The parts of Go's strconv (and unicode) that text/template and fmt use beyond ../strings.ts and
 * ../strconv-parse.ts: QuoteToASCII and QuoteRune, unquoting the template's string and character
 * literals, and the rune tests the lexer needs.
 *
 * Go strings are UTF-8 bytes and JS strings UTF-16: positions here are UTF-16 indexes, and a lone
 * surrogate (which Go's decoders never produce) is read as U+FFFD.
 */
import { goQuote } from '../strings';

let printRe: RegExp | undefined;

/** unicode.IsPrint / strconv.IsPrint: L, M, N, P, S and the ASCII space. */
export function isGoPrint(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  printRe ??= /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
  return printRe.test(String.fromCodePoint(cp));
}

let letterRe: RegExp | undefined;
let digitRe: RegExp | undefined;

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

/** fmt's `%#U` of a rune, as the lexer words a bad character: `U+0023 '#'`, `U+0001`. */
export function formatRuneU(cp: number): string {
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  return isGoPrint(cp) ? `U+${hex} '${String.fromCodePoint(cp)}'` : `U+${hex}`;
}

/**
 * The rest of QuoteToASCII after Quote: Quote (../strings.ts's goQuote) leaves only printable
 * non-ASCII runes unescaped, and QuoteToASCII writes exactly those as \u / \U escapes.
 */
function asciiEscapes(quoted: string): string {
  let out = '';
  for (const ch of quoted) {
    const cp = ch.codePointAt(0) as number;
    out +=
      cp < 0x80
        ? ch
        : cp < 0x10000
          ? `\\u${cp.toString(16).padStart(4, '0')}`
          : `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return out;
}

/** strconv.Quote (goQuote), or QuoteToASCII with asciiOnly. */
export function quoteString(s: string, asciiOnly = false): string {
  return asciiOnly ? asciiEscapes(goQuote(s)) : goQuote(s);
}

/**
 * strconv.QuoteRune (asciiOnly: QuoteRuneToASCII); an invalid rune is quoted as U+FFFD. Quote's
 * escaping with the other quote: `"` stays as it is and `'` is escaped.
 */
export function quoteRune(r: number, asciiOnly = false): string {
  if (r < 0 || r > 0x10ffff || (r >= 0xd800 && r <= 0xdfff)) r = 0xfffd;
  const inner = r === 0x22 ? '"' : r === 0x27 ? "\\'" : goQuote(String.fromCodePoint(r)).slice(1, -1);
  return "'" + (asciiOnly ? asciiEscapes(inner) : inner) + "'";
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
