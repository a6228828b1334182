/**
 * The Go `strings` functions sprig calls whose JS look-alikes differ: empty separators work on
 * runes (not UTF-16 units), Trim takes a set of runes, Title has Go's own word separators.
 */
import { isDigit, isLetter, isSpace, mapRunes, toTitleRune } from './unicode';
import { goPanic } from './func';
import { runes } from './utf8';

/** One string per rune, the last one taking the rest when n limits the count (strings.explode). */
function explode(s: string, n0: number): string[] {
  const rs = runes(s);
  const l = rs.length;
  const n = n0 < 0 || n0 > l ? l : n0;
  const out: string[] = [];
  let at = 0;
  for (let i = 0; i < n - 1; i++) {
    const w = (rs[i] as number) > 0xffff ? 2 : 1;
    out.push(s.slice(at, at + w));
    at += w;
  }
  if (n > 0) out.push(s.slice(at));
  return out;
}

/** strings.SplitN (n < 0: all; n == 0: nil, returned as undefined). */
export function goSplitN(s: string, sep: string, n: number): string[] | undefined {
  if (n === 0) return undefined;
  if (sep === '') return explode(s, n);
  if (n < 0) return s.split(sep);
  const out: string[] = [];
  let rest = s;
  while (out.length < n - 1) {
    const m = rest.indexOf(sep);
    if (m < 0) break;
    out.push(rest.slice(0, m));
    rest = rest.slice(m + sep.length);
  }
  out.push(rest);
  return out;
}

/** strings.Split */
export function goSplit(s: string, sep: string): string[] {
  return goSplitN(s, sep, -1) as string[];
}

/** strings.Replace(s, old, new, -1): an empty `old` matches before each rune and at the end. */
export function goReplaceAll(s: string, old: string, repl: string): string {
  if (old === repl) return s;
  if (old !== '') return s.split(old).join(repl);
  let out = repl;
  for (let i = 0; i < s.length;) {
    const c = s.codePointAt(i) as number;
    const w = c > 0xffff ? 2 : 1;
    out += s.slice(i, i + w) + repl;
    i += w;
  }
  return out;
}

/** strings.Trim(s, cutset) */
export function goTrimCutset(s: string, cutset: string): string {
  if (s === '' || cutset === '') return s;
  const set = new Set(runes(cutset));
  const rs = runes(s);
  let start = 0;
  let end = rs.length;
  while (start < end && set.has(rs[start] as number)) start++;
  while (end > start && set.has(rs[end - 1] as number)) end--;
  if (start === 0 && end === rs.length) return s;
  let out = '';
  for (let i = start; i < end; i++) out += String.fromCodePoint(rs[i] as number);
  return out;
}

/** strings.Repeat, with its panics. */
export function goRepeat(s: string, count: number): string {
  if (count < 0) throw goPanic('strings: negative Repeat count');
  if (s === '' || count === 0) return '';
  // Deliberate difference from Go: Go only fails on int overflow, but a JS string cannot get near
  // that, so a result no engine could hold fails here with Go's overflow text, not a RangeError.
  if (s.length * count > 2 ** 29) throw goPanic('strings: Repeat output length overflow');
  return s.repeat(count);
}

/** strings.isSeparator, as Title uses it. */
function isSeparator(r: number): boolean {
  if (r <= 0x7f) {
    if ((r >= 0x30 && r <= 0x39) || (r >= 0x61 && r <= 0x7a) || (r >= 0x41 && r <= 0x5a) || r === 0x5f) {
      return false;
    }
    return true;
  }
  if (isLetter(r) || isDigit(r)) return false;
  return isSpace(r);
}

/** strings.Title (deprecated in Go, but what sprig's `title` is). */
export function goTitle(s: string): string {
  let prev = 0x20;
  return mapRunes(s, (r) => {
    const out = isSeparator(prev) ? toTitleRune(r) : r;
    prev = r;
    return out;
  });
}
