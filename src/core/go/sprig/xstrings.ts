/**
 * github.com/huandu/xstrings v1.5.0's ToSnakeCase, ToKebabCase and ToPascalCase (sprig's
 * snakecase, kebabcase and camelcase), ported from convert.go on runes. U+FFFD is Go's
 * utf8.RuneError, which these functions treat as an invalid byte sequence.
 */
import { isLetter, isNumber, isPunct, isSpace, isUpper, toLowerRune, toUpperRune } from './unicode';
import { fromRunes, runes } from './utf8';

const RUNE_ERROR = 0xfffd;

function isConnector(r: number): boolean {
  return r === 0x2d || r === 0x5f || isSpace(r);
}

/** A letter that is not a CJK ideograph (xstrings' isAlphabet). */
function isAlphabet(r: number): boolean {
  if (!isLetter(r)) return false;
  if (r < 0x3400) return true;
  if (r >= 0x4e00 && r <= 0x9fcc) return false;
  if (r >= 0x3400 && r <= 0x4d85) return false;
  if (r >= 0x20000 && r <= 0x2b81d) return false;
  return true;
}

const enum W {
  Invalid,
  Number,
  UpperCase,
  Alphabet,
  Connector,
  Punct,
  Other,
}

/** nextValidRune: skips RuneErrors, returning the next rune and how many runes that took. */
function nextValidRune(s: readonly number[], at: number, prev: number): [number, number] {
  let size = 0;
  for (let i = at; i < s.length; i++) {
    size++;
    const r = s[i] as number;
    if (r !== RUNE_ERROR) return [r, size];
  }
  return [prev, size];
}

/** nextWord on s[at:]: the word type and where the word ends. */
function nextWord(s: readonly number[], at: number): [W, number] {
  if (at >= s.length) return [W.Invalid, at];
  let offset = at;
  let [r, size] = nextValidRune(s, at, RUNE_ERROR);
  offset += size;
  if (r === RUNE_ERROR) return [W.Invalid, offset];
  let remaining = offset;
  const scan = (keep: (r: number) => boolean): void => {
    while (remaining < s.length) {
      [r, size] = nextValidRune(s, remaining, r);
      if (!keep(r)) break;
      offset += size;
      remaining += size;
    }
  };
  let wt: W;
  if (isConnector(r)) {
    wt = W.Connector;
    scan(isConnector);
  } else if (isPunct(r)) {
    wt = W.Punct;
    scan(isPunct);
  } else if (isUpper(r)) {
    wt = W.UpperCase;
    if (remaining < s.length) {
      [r, size] = nextValidRune(s, remaining, r);
      if (isUpper(r)) {
        let prevSize = size;
        offset += size;
        remaining += size;
        while (remaining < s.length) {
          [r, size] = nextValidRune(s, remaining, r);
          if (!isUpper(r)) break;
          prevSize = size;
          offset += size;
          remaining += size;
        }
        // "HTTPStatus" is "HTTP" and "Status": the S belongs to the next word.
        if (remaining < s.length && isAlphabet(r)) offset -= prevSize;
      } else if (isAlphabet(r)) {
        offset += size;
        remaining += size;
        scan((c) => isAlphabet(c) && !isUpper(c));
      }
    }
  } else if (isAlphabet(r)) {
    wt = W.Alphabet;
    scan((c) => isAlphabet(c) && !isUpper(c));
  } else if (isNumber(r)) {
    wt = W.Number;
    scan(isNumber);
  } else {
    wt = W.Other;
    while (remaining < s.length) {
      [r, size] = nextValidRune(s, remaining, r);
      if (size === 0 || isConnector(r) || isAlphabet(r) || isNumber(r) || isPunct(r)) break;
      offset += size;
      remaining += size;
    }
  }
  return [wt, offset];
}

function toLower(out: number[], wt: W, word: readonly number[], connector: number): void {
  if (wt !== W.UpperCase && wt !== W.Connector) {
    out.push(...word);
    return;
  }
  for (const r of word) {
    if (isConnector(r)) out.push(connector);
    else if (isUpper(r)) out.push(toLowerRune(r));
    else out.push(r);
  }
}

function camelCaseToLowerCase(str: string, connector: number): string {
  if (str === '') return '';
  const s = runes(str);
  const out: number[] = [];
  let start = 0;
  let [wt, end] = nextWord(s, 0);
  /** Moves to the next word and returns its type (assigned to wt by the caller). */
  const next = (): W => {
    start = end;
    const [t, e] = nextWord(s, start);
    end = e;
    return t;
  };
  while (end < s.length) {
    if (wt !== W.Connector) toLower(out, wt, s.slice(start, end), connector);
    const prev = wt;
    const last = s.slice(start, end);
    wt = next();
    switch (prev) {
      case W.Number:
        while (wt === W.Alphabet || wt === W.Number) {
          toLower(out, wt, s.slice(start, end), connector);
          wt = next();
        }
        if (wt !== W.Invalid && wt !== W.Punct && wt !== W.Connector) out.push(connector);
        break;
      case W.Connector:
        toLower(out, prev, last, connector);
        break;
      case W.Punct:
        break;
      default: {
        if (wt !== W.Number) {
          if (wt !== W.Connector && wt !== W.Punct) out.push(connector);
          break;
        }
        if (end >= s.length) break;
        const num = s.slice(start, end);
        wt = next();
        // A number followed by no letters belongs to the previous word ("Bld4Floor" → bld4_floor).
        if (wt !== W.Alphabet) {
          toLower(out, W.Number, num, connector);
          if (wt !== W.Connector && wt !== W.Punct) out.push(connector);
          break;
        }
        // Lower-case letters after a number start a new word with it ("HTTP2xx" → http_2xx).
        out.push(connector);
        toLower(out, W.Number, num, connector);
        while (wt === W.Alphabet || wt === W.Number) {
          toLower(out, wt, s.slice(start, end), connector);
          wt = next();
        }
        if (wt !== W.Invalid && wt !== W.Connector && wt !== W.Punct) out.push(connector);
      }
    }
  }
  toLower(out, wt, s.slice(start, end), connector);
  return fromRunes(out);
}

export function toSnakeCase(s: string): string {
  return camelCaseToLowerCase(s, 0x5f);
}

export function toKebabCase(s: string): string {
  return camelCaseToLowerCase(s, 0x2d);
}

/** xstrings.ToPascalCase (toCamelCase with isBig). */
export function toPascalCase(str: string): string {
  if (str === '') return '';
  const s = runes(str);
  const out: number[] = [];
  let i = 0;
  let r0 = 0;
  let isFirstRuneUpper = false;
  let sawRune = false;
  // Leading connectors are kept.
  while (i < s.length) {
    r0 = s[i++] as number;
    sawRune = true;
    if (!isConnector(r0)) {
      isFirstRuneUpper = isUpper(r0);
      r0 = toUpperRune(r0);
      break;
    }
    out.push(r0);
  }
  if (i >= s.length) {
    // Go writes the last rune read once more here, connector or not ("__" → "___").
    if (sawRune) out.push(r0);
    return fromRunes(out);
  }
  while (i < s.length) {
    const r1 = r0;
    r0 = s[i++] as number;
    if (isConnector(r0) && isConnector(r1)) {
      out.push(r1);
      continue;
    }
    if (isConnector(r1)) {
      isFirstRuneUpper = isUpper(r0);
      r0 = toUpperRune(r0);
    } else {
      if (isFirstRuneUpper) {
        if (isUpper(r0)) r0 = toLowerRune(r0);
        else isFirstRuneUpper = false;
      }
      out.push(r1);
    }
  }
  out.push(r0);
  return fromRunes(out);
}
