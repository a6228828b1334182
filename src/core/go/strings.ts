/**
 * Small ports of the Go standard-library string behaviour that opm's messages and blang/semver's
 * results depend on (`%q`, string ordering, `strings.TrimSpace`, `unicode.IsDigit`, `strconv.Atoi`,
 * `len(string)`). One home for them, shared by semver, gojson, the model and the graph code.
 *
 * Go sees strings as UTF-8 bytes; we get UTF-16. A lone surrogate can never reach Go (its JSON and
 * YAML decoders turn it into U+FFFD), so lone surrogates are treated as U+FFFD here.
 */

/** unicode.IsSpace (with a fast path for ASCII: the loader calls it per character). */
export function isGoSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Go string ordering (UTF-8 byte order), which differs from UTF-16 order only around surrogates. */
export function compareGoStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral code points) sort after every BMP code point in UTF-8.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

const HEX = '0123456789abcdef';
// Made on first use, as only non-ASCII text needs them: V8 builds a Unicode property class's sets
// when the expression is created, a good part of a millisecond at every CLI start.
let goPrint: RegExp | undefined;
let goDigit: RegExp | undefined;
/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols, plus ASCII space. */
const GO_PRINT = () => (goPrint ??= /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u);
const GO_DIGIT = () => (goDigit ??= /\p{Nd}/gu);

function hex(n: number, width: number): string {
  let out = '';
  for (let shift = (width - 1) * 4; shift >= 0; shift -= 4) out += HEX[(n >>> shift) & 0xf];
  return out;
}

function escapeRune(cp: number): string {
  if (cp === 0x22) return '\\"';
  if (cp === 0x5c) return '\\\\';
  if (cp >= 0x20 && cp < 0x7f) return String.fromCharCode(cp);
  if (cp >= 0x80 && GO_PRINT().test(String.fromCodePoint(cp))) return String.fromCodePoint(cp);
  switch (cp) {
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
  if (cp < 0x20 || cp === 0x7f) return '\\x' + hex(cp, 2);
  if (cp < 0x10000) return '\\u' + hex(cp, 4);
  return '\\U' + hex(cp, 8);
}

/** Go's `%q` / `strconv.Quote` for a string. */
export function goQuote(s: string): string {
  let plain = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
      plain = false;
      break;
    }
  }
  if (plain) return '"' + s + '"';
  let out = '"';
  for (let i = 0; i < s.length;) {
    let cp = s.codePointAt(i) as number;
    i += cp > 0xffff ? 2 : 1;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    out += escapeRune(cp);
  }
  return out + '"';
}

/** Go's unicode.IsSpace (Latin-1 special cases plus the White_Space property; all in the BMP). */

/** Go's strings.TrimSpace (JS `trim` differs: it strips U+FEFF and keeps U+0085). */
export function goTrimSpace(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isGoSpace(s.charCodeAt(start))) start++;
  while (end > start && isGoSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/**
 * `strings.IndexFunc(s, unicode.IsDigit)`: index (in UTF-16 units) of the first rune in category Nd,
 * or -1. Non-ASCII digits such as '٣' count, as in Go.
 */
export function indexGoDigit(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) return i;
    if (c >= 0x80) {
      const digit = GO_DIGIT();
      digit.lastIndex = i;
      const m = digit.exec(s);
      return m ? m.index : -1;
    }
  }
  return -1;
}

/** `len(s)` in Go: the UTF-8 byte length (of `s[0:end]`); lone surrogates count as U+FFFD's 3 bytes. */
export function utf8Length(s: string, end = s.length): number {
  let n = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** `strconv.Atoi` on a 64-bit platform: optional sign, ASCII digits, int64 range; undefined on error. */
export function goAtoi(s: string): bigint | undefined {
  let i = 0;
  const first = s.charCodeAt(0);
  if (first === 0x2b || first === 0x2d) i = 1;
  if (i >= s.length) return undefined;
  for (let j = i; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c < 0x30 || c > 0x39) return undefined;
  }
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

/** `strconv.Itoa(i + 1)` for an int64 `i`, wrapping on overflow as Go does. */
export function goItoaPlusOne(i: bigint): string {
  return BigInt.asIntN(64, i + 1n).toString();
}
