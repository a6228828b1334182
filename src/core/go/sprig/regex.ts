/**
 * sprig v3.3.0's regex.go over Go's regexp semantics: the pattern is parsed and translated by
 * regex-syntax.ts, and FindAll, ReplaceAll (with Go's `$1` / `${name}` expansion, not JS's),
 * Split and QuoteMeta follow regexp.go's loops, including how they step over empty matches.
 *
 * MustCompile panics with `regexp: Compile(…): error parsing regexp: …`; the must* variants
 * return the bare parse error. A valid pattern that cannot be translated faithfully fails with a
 * "not supported" error in every variant, regexMatch included (Go would answer; guessing could be
 * wrong), and that is a deliberate difference.
 */
import { goQuote } from '../strings';
import { GoFuncError, type GoFunc, type GoValue } from '../template/values';
import { argInt, argString, goFunc, goPanic, intNumber } from './func';
import { nilSlice, withGoType } from './gotypes';
import { GoRegexpSyntaxError, goQuoteMeta, RegexpNotSupported, translateGoRegexp } from './regex-syntax';
import { isDigit, isLetter } from './unicode';

export interface GoRegexp {
  expr: string;
  re: RegExp;
  names: readonly string[];
  /** Groups JS may capture differently from Go (regex-syntax.ts); a replacement may not use them. */
  unreliable: ReadonlySet<number>;
}

type Compiled = GoRegexp | { error: GoRegexpSyntaxError | RegexpNotSupported };

const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 256;

function compileUncached(expr: string): Compiled {
  try {
    const t = translateGoRegexp(expr);
    let re: RegExp;
    try {
      re = new RegExp(t.source, t.fold ? 'giu' : 'gu');
    } catch (e) {
      return { error: new RegexpNotSupported(`the JS engine rejects its translation (${String(e)})`) };
    }
    return { expr, re, names: t.names, unreliable: new Set(t.unreliableGroups) };
  } catch (e) {
    if (e instanceof GoRegexpSyntaxError || e instanceof RegexpNotSupported) return { error: e };
    throw e;
  }
}

/** regexp.Compile, memoized (templates call the same patterns for every cluster). */
export function compileGo(expr: string): Compiled {
  let c = cache.get(expr);
  if (c === undefined) {
    c = compileUncached(expr);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(expr, c);
  }
  return c;
}

/** strconv.CanBackquote, as regexp's quote uses it. */
function canBackquote(s: string): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (c === 0xfeff || (c >= 0xd800 && c <= 0xdfff)) return false;
    if ((c < 0x20 && c !== 0x09) || c === 0x60 || c === 0x7f) return false;
  }
  return true;
}

function quoteExpr(expr: string): string {
  return canBackquote(expr) ? '`' + expr + '`' : goQuote(expr);
}

function notSupported(expr: string, e: RegexpNotSupported): string {
  return `regexp ${quoteExpr(expr)} is not supported here: ${e.message}`;
}

/** regexp.MustCompile: a syntax error panics with Go's text. */
function mustCompile(expr: string): GoRegexp {
  const c = compileGo(expr);
  if (!('error' in c)) return c;
  if (c.error instanceof RegexpNotSupported) throw goPanic(notSupported(expr, c.error));
  throw goPanic(`regexp: Compile(${quoteExpr(expr)}): ${c.error.message}`);
}

/** regexp.Compile for the must* variants: the parse error is the returned error. */
function compileOrError(expr: string): GoRegexp {
  const c = compileGo(expr);
  if (!('error' in c)) return c;
  throw new GoFuncError(
    c.error instanceof RegexpNotSupported ? notSupported(expr, c.error) : c.error.message,
  );
}

function execAt(r: GoRegexp, s: string, pos: number): RegExpExecArray | null {
  r.re.lastIndex = pos;
  return r.re.exec(s);
}

/** The width of the rune at pos (0 at the end), in UTF-16 units. */
function runeWidth(s: string, pos: number): number {
  if (pos >= s.length) return 0;
  return (s.codePointAt(pos) as number) > 0xffff ? 2 : 1;
}

/** Regexp.allMatches: Go's loop over successive matches, skipping an empty match right after a match. */
function allMatches(r: GoRegexp, s: string, n0: number): RegExpExecArray[] {
  const n = n0 < 0 ? s.length + 1 : n0;
  const out: RegExpExecArray[] = [];
  let prevMatchEnd = -1;
  for (let pos = 0; out.length < n && pos <= s.length;) {
    const m = execAt(r, s, pos);
    if (m === null) break;
    const start = m.index;
    const end = start + m[0].length;
    let accept = true;
    if (end === pos) {
      if (start === prevMatchEnd) accept = false;
      const w = runeWidth(s, pos);
      pos = w > 0 ? pos + w : s.length + 1;
    } else pos = end;
    prevMatchEnd = end;
    if (accept) out.push(m);
  }
  return out;
}

/** Go's `extract` for a template after `$`: the group name or number and the rest. */
function extract(str: string): { name: string; num: number; rest: number } | undefined {
  if (str === '') return undefined;
  let i = 0;
  const brace = str[0] === '{';
  if (brace) i = 1;
  const start = i;
  while (i < str.length) {
    const c = str.codePointAt(i) as number;
    if (!isLetter(c) && !isDigit(c) && c !== 0x5f) break;
    i += c > 0xffff ? 2 : 1;
  }
  if (i === start) return undefined;
  const name = str.slice(start, i);
  if (brace) {
    if (i >= str.length || str[i] !== '}') return undefined;
    i++;
  }
  let num = 0;
  for (const ch of name) {
    if (ch < '0' || ch > '9' || num >= 1e8) {
      num = -1;
      break;
    }
    num = num * 10 + Number(ch);
  }
  if (name[0] === '0' && name.length > 1) num = -1;
  return { name, num, rest: i };
}

/** Regexp.expand: `$1`, `${1}`, `$name`, `${name}`, `$$`; a malformed `$` is kept as text. */
function expand(r: GoRegexp, template0: string, m: RegExpExecArray): string {
  let out = '';
  let template = template0;
  for (;;) {
    const at = template.indexOf('$');
    if (at < 0) break;
    out += template.slice(0, at);
    template = template.slice(at + 1);
    if (template.startsWith('$')) {
      out += '$';
      template = template.slice(1);
      continue;
    }
    const x = extract(template);
    if (x === undefined) {
      out += '$';
      continue;
    }
    template = template.slice(x.rest);
    const groups = x.num >= 0 ? [x.num] : r.names.flatMap((nm, k) => (nm === x.name ? [k] : []));
    if (groups.some((g) => r.unreliable.has(g))) {
      throw new GoFuncError(
        notSupported(r.expr, new RegexpNotSupported(`group ${x.name} inside a repetition that can skip it`)),
      );
    }
    if (x.num >= 0) {
      out += m[x.num] ?? '';
    } else {
      const i = r.names.findIndex((nm, k) => nm === x.name && m[k] !== undefined);
      if (i >= 0) out += m[i] as string;
    }
  }
  return out + template;
}

/** Regexp.replaceAll */
function replaceAll(r: GoRegexp, src: string, repl: (m: RegExpExecArray) => string): string {
  let out = '';
  let lastMatchEnd = 0;
  let searchPos = 0;
  while (searchPos <= src.length) {
    const m = execAt(r, src, searchPos);
    if (m === null) break;
    const start = m.index;
    const end = start + m[0].length;
    out += src.slice(lastMatchEnd, start);
    // No replacement for an empty match right after the previous match.
    if (end > lastMatchEnd || start === 0) out += repl(m);
    lastMatchEnd = end;
    const width = runeWidth(src, searchPos);
    if (searchPos + width > end) searchPos += width;
    else if (searchPos + 1 > end) searchPos++;
    else searchPos = end;
  }
  return out + src.slice(lastMatchEnd);
}

/** Regexp.Split */
function split(r: GoRegexp, s: string, n: number): string[] | undefined {
  if (n === 0) return undefined;
  if (r.expr.length > 0 && s.length === 0) return [''];
  const matches = allMatches(r, s, n);
  const out: string[] = [];
  let beg = 0;
  let end = 0;
  for (const m of matches) {
    if (n > 0 && out.length === n - 1) break;
    end = m.index;
    const mEnd = m.index + m[0].length;
    if (mEnd !== 0) out.push(s.slice(beg, end));
    beg = mEnd;
  }
  if (end !== s.length) out.push(s.slice(beg));
  return out;
}

const STRING_SLICE = '[]string';

/** A []string result; undefined is a nil slice. */
function strings(v: string[] | undefined): GoValue {
  return v === undefined ? nilSlice(STRING_SLICE) : withGoType(v, STRING_SLICE);
}

function findAll(r: GoRegexp, s: string, n: number): GoValue {
  const found = allMatches(r, s, n).map((m) => m[0]);
  // FindAllString appends to a nil slice: no match leaves it nil.
  return strings(found.length === 0 ? undefined : found);
}

export function regexFuncs(): Record<string, GoFunc> {
  const must = { returnsError: true };
  return {
    regexMatch: goFunc(['string', 'string'], (re, s) => {
      const c = compileGo(argString(re));
      if ('error' in c) {
        if (c.error instanceof RegexpNotSupported) throw goPanic(notSupported(argString(re), c.error));
        return false;
      }
      return execAt(c, argString(s), 0) !== null;
    }),
    mustRegexMatch: goFunc(
      ['string', 'string'],
      (re, s) => execAt(compileOrError(argString(re)), argString(s), 0) !== null,
      must,
    ),
    regexFindAll: goFunc(['string', 'string', 'int'], (re, s, n) =>
      findAll(mustCompile(argString(re)), argString(s), intNumber(argInt(n))),
    ),
    mustRegexFindAll: goFunc(
      ['string', 'string', 'int'],
      (re, s, n) => findAll(compileOrError(argString(re)), argString(s), intNumber(argInt(n))),
      must,
    ),
    regexFind: goFunc(
      ['string', 'string'],
      (re, s) => execAt(mustCompile(argString(re)), argString(s), 0)?.[0] ?? '',
    ),
    mustRegexFind: goFunc(
      ['string', 'string'],
      (re, s) => execAt(compileOrError(argString(re)), argString(s), 0)?.[0] ?? '',
      must,
    ),
    regexReplaceAll: goFunc(['string', 'string', 'string'], (re, s, repl) => {
      const r = mustCompile(argString(re));
      return replaceAll(r, argString(s), (m) => expand(r, argString(repl), m));
    }),
    mustRegexReplaceAll: goFunc(
      ['string', 'string', 'string'],
      (re, s, repl) => {
        const r = compileOrError(argString(re));
        return replaceAll(r, argString(s), (m) => expand(r, argString(repl), m));
      },
      must,
    ),
    regexReplaceAllLiteral: goFunc(['string', 'string', 'string'], (re, s, repl) =>
      replaceAll(mustCompile(argString(re)), argString(s), () => argString(repl)),
    ),
    mustRegexReplaceAllLiteral: goFunc(
      ['string', 'string', 'string'],
      (re, s, repl) => replaceAll(compileOrError(argString(re)), argString(s), () => argString(repl)),
      must,
    ),
    regexSplit: goFunc(['string', 'string', 'int'], (re, s, n) =>
      strings(split(mustCompile(argString(re)), argString(s), intNumber(argInt(n)))),
    ),
    mustRegexSplit: goFunc(
      ['string', 'string', 'int'],
      (re, s, n) => strings(split(compileOrError(argString(re)), argString(s), intNumber(argInt(n)))),
      must,
    ),
    regexQuoteMeta: goFunc(['string'], (s) => goQuoteMeta(argString(s))),
  };
}
