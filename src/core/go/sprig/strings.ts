/**
 * sprig v3.3.0's string functions (strings.go and the string entries of functions.go's genericMap).
 * Go strings are bytes: substr and trunc cut at byte offsets (see utf8.ts for what a cut through a
 * multi-byte character gives here).
 */
import { compareGoStrings, goQuote, goTrimSpace } from '../strings';
import type { GoFunc, GoValue } from '../template/values';
import { abbreviateFull, deleteWhiteSpace, initials, swapCase, uncapitalize, wrapCustom } from './goutils';
import { goReplaceAll, goRepeat, goSplit, goSplitN, goTitle, goTrimCutset } from './gostrings';
import { goFormatV } from '../../gojson/fmt';
import { argAny, argInt, argString, goFunc, goPanic, intNumber } from './func';
import { goTypeOf, strval, withGoType } from './gotypes';
import { goToLower, goToUpper } from './unicode';
import { byteLength, byteSlice } from './utf8';
import { toKebabCase, toPascalCase, toSnakeCase } from './xstrings';

const STRING_SLICE = '[]string';
const STRING_MAP = 'map[string]string';

/** A Go runtime slice-bounds panic for `s[start:end]` on a string of length len. */
function sliceBounds(start: number | undefined, end: number | undefined, len: number): never {
  if (start === undefined) {
    const e = end as number;
    throw goPanic(
      e < 0
        ? `runtime error: slice bounds out of range [:${e}]`
        : `runtime error: slice bounds out of range [:${e}] with length ${len}`,
    );
  }
  const e = end ?? len;
  throw goPanic(
    start < 0
      ? `runtime error: slice bounds out of range [${start}:]`
      : `runtime error: slice bounds out of range [${start}:${e}]`,
  );
}

/** Go's `s[start:end]` (start or end undefined when omitted), with its panics. */
export function goSliceString(s: string, start: number | undefined, end: number | undefined): string {
  const len = byteLength(s);
  const e = end ?? len;
  if (end !== undefined && (end < 0 || end > len)) sliceBounds(undefined, end, len);
  const b = start ?? 0;
  if (b < 0 || b > e) sliceBounds(b, end, len);
  return byteSlice(s, b, e);
}

function substring(start: number, end: number, s: string): string {
  if (start < 0) return goSliceString(s, undefined, end);
  if (end < 0 || end > byteLength(s)) return goSliceString(s, start, undefined);
  return goSliceString(s, start, end);
}

function trunc(c: number, s: string): string {
  const len = byteLength(s);
  if (c < 0 && len + c > 0) return byteSlice(s, len + c);
  if (c >= 0 && len > c) return byteSlice(s, 0, c);
  return s;
}

/** sprig's strslice: a list's non-nil elements as strings, a nil as no string, anything else as one. */
export function strslice(v: GoValue): string[] {
  if (Array.isArray(v)) {
    if (goTypeOf(v) === STRING_SLICE) return v as string[];
    const out: string[] = [];
    for (const x of v as readonly GoValue[]) if (x !== null) out.push(strval(x));
    return out;
  }
  if (v === null) return [];
  return [strval(v)];
}

function stringSlice(v: string[]): GoValue[] {
  return withGoType(v, STRING_SLICE);
}

function indexMap(parts: readonly string[]): GoValue {
  const res: Record<string, GoValue> = {};
  parts.forEach((p, i) => {
    res['_' + i] = p;
  });
  return withGoType(res, STRING_MAP);
}

function indent(spaces: number, v: string): string {
  const pad = goRepeat(' ', spaces);
  return pad + v.split('\n').join('\n' + pad);
}

const s1 = (f: (s: string) => string): GoFunc => goFunc(['string'], (s) => f(argString(s)));

/** Swapped argument order, so that `"$foo" | trimAll "$"` works. */
const swapped2 = (f: (b: string, a: string) => GoValue): GoFunc =>
  goFunc(['string', 'string'], (a, b) => f(argString(b), argString(a)));

export function stringFuncs(): Record<string, GoFunc> {
  return {
    abbrev: goFunc(['int', 'string'], (w, s) => {
      const width = intNumber(argInt(w));
      const str = argString(s);
      return width < 4 ? str : (abbreviateFull(str, 0, width) ?? '');
    }),
    abbrevboth: goFunc(['int', 'int', 'string'], (l, r, s) => {
      const left = intNumber(argInt(l));
      const right = intNumber(argInt(r));
      const str = argString(s);
      if (right < 4 || (left > 0 && right < 7)) return str;
      return abbreviateFull(str, left, right) ?? '';
    }),
    trunc: goFunc(['int', 'string'], (c, s) => trunc(intNumber(argInt(c)), argString(s))),
    trim: s1(goTrimSpace),
    upper: s1(goToUpper),
    lower: s1(goToLower),
    title: s1(goTitle),
    untitle: s1(uncapitalize),
    substr: goFunc(['int', 'int', 'string'], (a, b, s) =>
      substring(intNumber(argInt(a)), intNumber(argInt(b)), argString(s)),
    ),
    repeat: goFunc(['int', 'string'], (c, s) => goRepeat(argString(s), intNumber(argInt(c)))),
    trimall: swapped2((b, a) => goTrimCutset(b, a)),
    trimAll: swapped2((b, a) => goTrimCutset(b, a)),
    trimSuffix: swapped2((b, a) => (a !== '' && b.endsWith(a) ? b.slice(0, b.length - a.length) : b)),
    trimPrefix: swapped2((b, a) => (a !== '' && b.startsWith(a) ? b.slice(a.length) : b)),
    nospace: s1(deleteWhiteSpace),
    initials: s1(initials),
    swapcase: s1(swapCase),
    snakecase: s1(toSnakeCase),
    // sprig maps camelcase to xstrings.ToPascalCase since xstrings 1.5 (upper camel case).
    camelcase: s1(toPascalCase),
    kebabcase: s1(toKebabCase),
    wrap: goFunc(['int', 'string'], (l, s) => wrapCustom(argString(s), intNumber(argInt(l)), '', false)),
    wrapWith: goFunc(['int', 'string', 'string'], (l, sep, s) =>
      wrapCustom(argString(s), intNumber(argInt(l)), argString(sep), true),
    ),
    contains: swapped2((str, sub) => str.includes(sub)),
    hasPrefix: swapped2((str, sub) => str.startsWith(sub)),
    hasSuffix: swapped2((str, sub) => str.endsWith(sub)),
    quote: goFunc(
      ['any'],
      (...vs) =>
        vs
          .filter((v) => v !== null)
          .map((v) => goQuote(strval(v)))
          .join(' '),
      { variadic: true },
    ),
    squote: goFunc(
      ['any'],
      (...vs) =>
        vs
          .filter((v) => v !== null)
          .map((v) => `'${goFormatV(v)}'`)
          .join(' '),
      { variadic: true },
    ),
    cat: goFunc(
      ['any'],
      (...vs) =>
        vs
          .filter((v) => v !== null)
          .map((v) => goFormatV(v))
          .join(' '),
      { variadic: true },
    ),
    indent: goFunc(['int', 'string'], (n, v) => indent(intNumber(argInt(n)), argString(v))),
    nindent: goFunc(['int', 'string'], (n, v) => '\n' + indent(intNumber(argInt(n)), argString(v))),
    replace: goFunc(['string', 'string', 'string'], (o, n, src) =>
      goReplaceAll(argString(src), argString(o), argString(n)),
    ),
    plural: goFunc(['string', 'string', 'int'], (one, many, count) =>
      argInt(count) === 1n ? argString(one) : argString(many),
    ),
    toString: goFunc(['any'], (v) => strval(argAny(v))),
    toStrings: goFunc(['any'], (v) => stringSlice(strslice(argAny(v)))),
    split: goFunc(['string', 'string'], (sep, orig) => indexMap(goSplit(argString(orig), argString(sep)))),
    splitList: goFunc(['string', 'string'], (sep, orig) =>
      stringSlice(goSplit(argString(orig), argString(sep))),
    ),
    splitn: goFunc(['string', 'int', 'string'], (sep, n, orig) =>
      indexMap(goSplitN(argString(orig), argString(sep), intNumber(argInt(n))) ?? []),
    ),
    join: goFunc(['string', 'any'], (sep, v) => strslice(argAny(v)).join(argString(sep))),
    sortAlpha: goFunc(['any'], (v0) => {
      const v = argAny(v0);
      if (!Array.isArray(v)) return stringSlice([strval(v)]);
      // A []string argument is sorted in place, as Go's sort.StringSlice(a).Sort() does to the
      // caller's slice; any other list is first copied into a new []string.
      return stringSlice(strslice(v).sort(compareGoStrings));
    }),
  };
}
