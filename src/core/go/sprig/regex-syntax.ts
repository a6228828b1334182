/**
 * Go's regexp/syntax parser (RE2 syntax, Perl flags, as regexp.Compile uses it), ported for its
 * errors and translated to a JS RegExp for matching. The parse follows Go's parse.go step by step,
 * so an invalid pattern fails with Go's exact text (`error parsing regexp: missing closing ): …`).
 * Over 400 lines: it is parse.go's parser, one class with its methods in Go's order, writing the
 * JS source as it parses (a separate translation pass would need Go's whole Regexp tree); Go's
 * character classes and their JS spelling are in regex-classes.ts.
 *
 * Translation to JS (`u` mode, where both engines see code points and choose the same
 * leftmost-first match):
 * - literals and classes become explicit code points and ranges; `\d \s \w` and the POSIX classes
 *   become Go's ASCII sets (JS's `\s` is Unicode); `.` is `[^\n]` (JS also stops at \r);
 * - `^ $` without (?m) are text anchors, with (?m) Go's \n-only line anchors via lookaround;
 * - named groups become plain groups (names are kept here), so group numbers are Go's;
 * - (?s) and (?U) are applied while translating; (?i) only when it covers the whole pattern
 *   (JS before ES2025 has no scoped flags): a pattern that folds case in one part and not in
 *   another is reported as not supported rather than matched wrongly.
 * Where the two engines' semantics part, the pattern is refused rather than guessed at: JS
 * rejects an optional repetition that matches empty (Go accepts it), so a repeated group that
 * prefers the empty string is not supported; JS clears a group's capture on each iteration (Go
 * keeps its last value), so such groups are marked and regex.ts refuses to expand them.
 * Remaining differences: Go matches in linear time, where JS can backtrack for a long time on
 * pathological patterns; Unicode tables are the JS engine's; `(?i)` follows JS's Unicode
 * word characters (ſ, K) where Go's  is ASCII only; syntax follows Go 1.22+ (`(?<name>`).
 */
import {
  cased,
  lit,
  negate,
  PERL_GROUPS,
  POSIX_GROUPS,
  rangeItem,
  rangesCased,
  unicodeItems,
  MAX_RUNE,
  type Range,
} from './regex-classes';

export class GoRegexpSyntaxError extends Error {}

/** A valid Go pattern this translation cannot reproduce faithfully. */
export class RegexpNotSupported extends Error {}

export interface Translated {
  source: string;
  fold: boolean;
  /** Capture group names by group number ('' for unnamed; index 0 is the whole match). */
  names: string[];
  /** Groups inside a repetition that some iterations skip (see Parser.repeat). */
  unreliableGroups: number[];
}

const ERR = {
  invalidCharRange: 'invalid character class range',
  invalidEscape: 'invalid escape sequence',
  invalidNamedCapture: 'invalid named capture',
  invalidPerlOp: 'invalid or unsupported Perl syntax',
  invalidRepeatOp: 'invalid nested repetition operator',
  invalidRepeatSize: 'invalid repeat count',
  missingBracket: 'missing closing ]',
  missingParen: 'missing closing )',
  missingRepeatArgument: 'missing argument to repetition operator',
  trailingBackslash: 'trailing backslash at end of expression',
  unexpectedParen: 'unexpected )',
} as const;

function syntaxError(code: string, expr: string): GoRegexpSyntaxError {
  return new GoRegexpSyntaxError(`error parsing regexp: ${code}: \`${expr}\``);
}

const MAX_REPEAT = 1000;

interface Flags {
  fold: boolean;
  oneLine: boolean;
  dotNL: boolean;
  nonGreedy: boolean;
}

interface Node {
  js: string;
  /** Largest product of nested counted repetitions inside (Go's repeatIsValid). */
  prod: number;
  /** Can match the empty string. */
  nullable: boolean;
  /** Can match a non-empty string. */
  consumes: boolean;
  /** An empty match ranks before a non-empty one in leftmost-first order (`(|a)`, `a*?`, `(b*|a)`). */
  emptyFirst: boolean;
  /** Capture groups set whenever the node matches, and all groups inside it. */
  mandatory: readonly number[];
  groups: readonly number[];
}

const ATOM = { prod: 1, nullable: false, consumes: true, emptyFirst: false, mandatory: [], groups: [] };
const ASSERTION = { prod: 1, nullable: true, consumes: false, emptyFirst: false, mandatory: [], groups: [] };

/** A concatenation's properties. */
function concatNode(parts: readonly Node[], js: string): Node {
  return {
    js,
    prod: Math.max(1, ...parts.map((x) => x.prod)),
    nullable: parts.every((x) => x.nullable),
    consumes: parts.some((x) => x.consumes),
    emptyFirst: parts.some((x) => x.emptyFirst),
    mandatory: parts.flatMap((x) => x.mandatory),
    groups: parts.flatMap((x) => x.groups),
  };
}

/** An alternation's properties: an empty alternative before a consuming one is empty-first. */
function alternateNode(alts: readonly Node[], js: string): Node {
  const first = alts[0] as Node;
  const emptyFirst =
    alts.some((x) => x.emptyFirst) ||
    alts.some((x, i) => x.nullable && alts.slice(i + 1).some((y) => y.consumes));
  return {
    js,
    prod: Math.max(...alts.map((x) => x.prod)),
    nullable: alts.some((x) => x.nullable),
    consumes: alts.some((x) => x.consumes),
    emptyFirst,
    mandatory: first.mandatory.filter((g) => alts.every((x) => x.mandatory.includes(g))),
    groups: alts.flatMap((x) => x.groups),
  };
}

interface Frame {
  alts: Node[][];
  cur: Node[];
  cap: number;
  saved: Flags;
}

class Parser {
  private readonly n: number;
  private flags: Flags = { fold: false, oneLine: true, dotNL: false, nonGreedy: false };
  private readonly frames: Frame[];
  private readonly names: string[] = [''];
  private foldSeen = false;
  private exactSeen = false;

  constructor(private readonly expr: string) {
    this.n = expr.length;
    this.frames = [{ alts: [], cur: [], cap: 0, saved: this.flags }];
  }

  private get frame(): Frame {
    return this.frames[this.frames.length - 1] as Frame;
  }

  private runeAt(i: number): [number, number] {
    if (i >= this.n) return [0xfffd, i];
    const c = this.expr.codePointAt(i) as number;
    return [c, i + (c > 0xffff ? 2 : 1)];
  }

  private noteCase(relevant: boolean): void {
    if (!relevant) return;
    if (this.flags.fold) this.foldSeen = true;
    else this.exactSeen = true;
  }

  /** Capture groups whose value JS may report differently (see repeat). */
  private readonly unreliable = new Set<number>();

  private push(js: string, assertion = false): void {
    this.frame.cur.push({ js, ...(assertion ? ASSERTION : ATOM) });
  }

  private literal(c: number): void {
    this.noteCase(cased(c));
    this.push(lit(c));
  }

  private pushClass(items: readonly string[], negated: boolean, relevant: boolean): void {
    this.noteCase(relevant || negated);
    this.push(`[${negated ? '^' : ''}${items.join('')}]`);
  }

  parse(): Translated {
    const { expr, n } = this;
    let lastRepeat = -1;
    let i = 0;
    while (i < n) {
      let repeat = -1;
      const c = expr[i] as string;
      switch (c) {
        case '(':
          if (expr[i + 1] === '?') i = this.parsePerlFlags(i);
          else {
            this.names.push('');
            this.frames.push({ alts: [], cur: [], cap: this.names.length - 1, saved: this.flags });
            i++;
          }
          break;
        case '|':
          this.frame.alts.push(this.frame.cur);
          this.frame.cur = [];
          i++;
          break;
        case ')':
          this.parseRightParen();
          i++;
          break;
        case '^':
          this.push(this.flags.oneLine ? '^' : '(?<![^\\n])', true);
          i++;
          break;
        case '$':
          this.push(this.flags.oneLine ? '$' : '(?![^\\n])', true);
          i++;
          break;
        case '.':
          this.push(this.flags.dotNL ? `[${rangeItem(0, MAX_RUNE)}]` : '[^\\n]');
          i++;
          break;
        case '[':
          i = this.parseClass(i);
          break;
        case '*':
        case '+':
        case '?':
          repeat = i;
          i = this.repeat(c, 0, 0, i, i + 1, lastRepeat);
          break;
        case '{': {
          const r = this.parseRepeat(i);
          if (r === undefined) {
            this.literal(0x7b);
            i++;
            break;
          }
          const [min, max, after] = r;
          if (min < 0 || min > MAX_REPEAT || max > MAX_REPEAT || (max >= 0 && min > max)) {
            throw syntaxError(ERR.invalidRepeatSize, expr.slice(i, after));
          }
          repeat = i;
          i = this.repeat('{', min, max, i, after, lastRepeat);
          break;
        }
        case '\\':
          i = this.parseBackslash(i);
          break;
        default: {
          const [r, next] = this.runeAt(i);
          this.literal(r);
          i = next;
        }
      }
      lastRepeat = repeat;
    }
    if (this.frames.length !== 1) throw syntaxError(ERR.missingParen, expr);
    if (this.foldSeen && this.exactSeen) {
      throw new RegexpNotSupported('(?i) applies to only part of the pattern');
    }
    return {
      source: this.group(this.frame).js,
      fold: this.foldSeen,
      names: this.names,
      unreliableGroups: [...this.unreliable],
    };
  }

  private group(f: Frame): Node {
    const alts = [...f.alts, f.cur].map((alt) => concatNode(alt, alt.map((x) => x.js).join('')));
    return alternateNode(alts, alts.map((x) => x.js).join('|'));
  }

  private repeat(
    op: string,
    min: number,
    max: number,
    before: number,
    after0: number,
    lastRepeat: number,
  ): number {
    let after = after0;
    let lazy = this.flags.nonGreedy;
    if (this.expr[after] === '?') {
      after++;
      lazy = !lazy;
    }
    if (lastRepeat >= 0) throw syntaxError(ERR.invalidRepeatOp, this.expr.slice(lastRepeat, after));
    const cur = this.frame.cur;
    const sub = cur.pop();
    if (sub === undefined) throw syntaxError(ERR.missingRepeatArgument, this.expr.slice(before, after));
    let q: string = op;
    let prod = sub.prod;
    let lo = op === '+' ? 1 : 0;
    let hi = op === '?' ? 1 : -1;
    if (op === '{') {
      q = max === min ? `{${min}}` : max < 0 ? `{${min},}` : `{${min},${max}}`;
      const m = max < 0 ? min : max;
      prod = max === 0 ? 1 : (m > 0 ? m : 1) * sub.prod;
      [lo, hi] = [min, max];
    }
    const optional = hi < 0 || hi > lo;
    // JS refuses an optional iteration that matches empty and backtracks into it for a longer
    // one; Go takes the empty match. They disagree when the operand prefers empty.
    if (optional && sub.emptyFirst) {
      throw new RegexpNotSupported('a repeated group that prefers to match the empty string');
    }
    // JS clears a group's capture at each iteration, Go keeps the last value it had: a group that
    // some iterations skip can report differently, so expanding it in a replacement is refused.
    if (hi < 0 || hi >= 2) for (const g of sub.groups) if (!sub.mandatory.includes(g)) this.unreliable.add(g);
    cur.push({
      js: `(?:${sub.js})${q}${lazy ? '?' : ''}`,
      prod,
      nullable: lo === 0 || sub.nullable,
      consumes: sub.consumes && hi !== 0,
      emptyFirst: sub.emptyFirst || (lazy && optional && sub.consumes),
      mandatory: lo >= 1 ? sub.mandatory : [],
      groups: sub.groups,
    });
    if (op === '{' && (min >= 2 || max >= 2) && prod > MAX_REPEAT) {
      throw syntaxError(ERR.invalidRepeatSize, this.expr.slice(before, after));
    }
    return after;
  }

  /** Go's parseRepeat: `{min}`, `{min,}`, `{min,max}` → [min, max (-1 = none), end], else undefined. */
  private parseRepeat(i0: number): [number, number, number] | undefined {
    const { expr, n } = this;
    const parseInt = (at: number): [number, number] | undefined => {
      if (at >= n || !/[0-9]/.test(expr[at] as string)) return undefined;
      if (expr[at] === '0' && at + 1 < n && /[0-9]/.test(expr[at + 1] as string)) return undefined;
      let j = at;
      let v = 0;
      for (; j < n && /[0-9]/.test(expr[j] as string); j++) {
        if (v >= 1e8) v = -1;
        else if (v >= 0) v = v * 10 + Number(expr[j]);
      }
      return [v, j];
    };
    const a = parseInt(i0 + 1);
    if (a === undefined) return undefined;
    let [min, s] = a;
    let max: number;
    if (s >= n) return undefined;
    if (expr[s] !== ',') max = min;
    else {
      s++;
      if (s >= n) return undefined;
      if (expr[s] === '}') max = -1;
      else {
        const b = parseInt(s);
        if (b === undefined) return undefined;
        [max, s] = b;
        if (max < 0) min = -1;
      }
    }
    if (s >= n || expr[s] !== '}') return undefined;
    return [min, max, s + 1];
  }

  private parsePerlFlags(i: number): number {
    const { expr, n } = this;
    const t = expr.slice(i);
    const startsWithP = t.length > 4 && t[2] === 'P' && t[3] === '<';
    const startsWithName = t.length > 3 && t[2] === '<';
    if (startsWithP || startsWithName) {
      const end = t.indexOf('>');
      if (end < 0) throw syntaxError(ERR.invalidNamedCapture, t);
      const name = t.slice(startsWithP ? 4 : 3, end);
      if (!/^[A-Za-z0-9_]+$/.test(name)) throw syntaxError(ERR.invalidNamedCapture, t.slice(0, end + 1));
      this.names.push(name);
      this.frames.push({ alts: [], cur: [], cap: this.names.length - 1, saved: this.flags });
      return i + end + 1;
    }
    const flags = { ...this.flags };
    let positive = true;
    let sawFlag = false;
    let j = i + 2;
    while (j < n) {
      const [c, next] = this.runeAt(j);
      j = next;
      const ch = String.fromCodePoint(c);
      if (ch === 'i') flags.fold = positive;
      else if (ch === 'm') flags.oneLine = !positive;
      else if (ch === 's') flags.dotNL = positive;
      else if (ch === 'U') flags.nonGreedy = positive;
      else if (ch === '-') {
        if (!positive) break;
        positive = false;
        sawFlag = false;
        continue;
      } else if (ch === ':' || ch === ')') {
        if (!positive && !sawFlag) break;
        if (ch === ':') this.frames.push({ alts: [], cur: [], cap: 0, saved: this.flags });
        this.flags = flags;
        return j;
      } else break;
      sawFlag = true;
    }
    throw syntaxError(ERR.invalidPerlOp, expr.slice(i, j));
  }

  private parseRightParen(): void {
    if (this.frames.length === 1) throw syntaxError(ERR.unexpectedParen, this.expr);
    const f = this.frames.pop() as Frame;
    this.flags = f.saved;
    const inner = this.group(f);
    const cap = f.cap > 0 ? [f.cap] : [];
    this.frame.cur.push({
      ...inner,
      js: f.cap > 0 ? `(${inner.js})` : `(?:${inner.js})`,
      mandatory: [...inner.mandatory, ...cap],
      groups: [...inner.groups, ...cap],
    });
  }

  private parseBackslash(i: number): number {
    const { expr, n } = this;
    if (i + 1 < n) {
      switch (expr[i + 1]) {
        case 'A':
          this.push('^', true);
          return i + 2;
        case 'b':
          this.push('\\b', true);
          return i + 2;
        case 'B':
          this.push('\\B', true);
          return i + 2;
        case 'C':
          throw syntaxError(ERR.invalidEscape, expr.slice(i, i + 2));
        case 'Q': {
          const e = expr.indexOf('\\E', i + 2);
          const text = e < 0 ? expr.slice(i + 2) : expr.slice(i + 2, e);
          for (const ch of text) this.literal(ch.codePointAt(0) as number);
          return e < 0 ? n : e + 2;
        }
        case 'z':
          this.push('$', true);
          return i + 2;
      }
    }
    if (expr[i + 1] === 'p' || expr[i + 1] === 'P') {
      const [items, next] = this.parseUnicodeClass(i);
      this.pushClass(items, false, true);
      return next;
    }
    const perl = this.perlClass(i);
    if (perl !== undefined) {
      this.pushClass(
        perl.map(([lo, hi]) => rangeItem(lo, hi)),
        false,
        rangesCased(perl),
      );
      return i + 2;
    }
    const [r, next] = this.parseEscape(i);
    this.literal(r);
    return next;
  }

  private perlClass(i: number): Range[] | undefined {
    const c = this.expr[i + 1];
    if (this.expr[i] !== '\\' || c === undefined) return undefined;
    const g = PERL_GROUPS[c.toLowerCase()];
    if (g === undefined || !'dswDSW'.includes(c)) return undefined;
    return c === c.toLowerCase() ? g.slice() : negate(g);
  }

  /** Go's parseEscape at a backslash: the rune and where the escape ends. */
  private parseEscape(i: number): [number, number] {
    const { expr, n } = this;
    let t = i + 1;
    if (t >= n) throw syntaxError(ERR.trailingBackslash, '');
    let c: number;
    [c, t] = this.runeAt(t);
    const isOctal = (j: number): boolean => j < n && (expr[j] as string) >= '0' && (expr[j] as string) <= '7';
    const unhex = (d: number): number => {
      const s = String.fromCodePoint(d);
      return /^[0-9a-fA-F]$/.test(s) ? parseInt(s, 16) : -1;
    };
    fail: {
      if (c < 0x80 && !/[0-9A-Za-z]/.test(String.fromCharCode(c))) return [c, t];
      if (c >= 0x31 && c <= 0x37 && !isOctal(t)) break fail;
      if (c >= 0x30 && c <= 0x37) {
        let r = c - 0x30;
        for (let k = 1; k < 3 && isOctal(t); k++) r = r * 8 + Number(expr[t++]);
        return [r, t];
      }
      if (c === 0x78) {
        if (t >= n) break fail;
        [c, t] = this.runeAt(t);
        if (c === 0x7b) {
          let nhex = 0;
          let r = 0;
          for (;;) {
            if (t >= n) break fail;
            [c, t] = this.runeAt(t);
            if (c === 0x7d) break;
            const v = unhex(c);
            if (v < 0) break fail;
            r = r * 16 + v;
            if (r > MAX_RUNE) break fail;
            nhex++;
          }
          if (nhex === 0) break fail;
          return [r, t];
        }
        const x = unhex(c);
        [c, t] = this.runeAt(t);
        const y = unhex(c);
        if (x < 0 || y < 0) break fail;
        return [x * 16 + y, t];
      }
      const simple: Record<number, number> = { 0x61: 7, 0x66: 12, 0x6e: 10, 0x72: 13, 0x74: 9, 0x76: 11 };
      const v = simple[c];
      if (v !== undefined) return [v, t];
    }
    throw syntaxError(ERR.invalidEscape, expr.slice(i, t));
  }

  /** Go's parseUnicodeClass at `\p` / `\P`: the JS class items and where the group ends. */
  private parseUnicodeClass(i: number): [string[], number] {
    const { expr } = this;
    let positive = expr[i + 1] === 'p';
    const [c, afterC] = this.runeAt(i + 2);
    let seq: string;
    let name: string;
    let next: number;
    if (c !== 0x7b) {
      seq = expr.slice(i, afterC);
      name = seq.slice(2);
      next = afterC;
    } else {
      const end = expr.indexOf('}', i);
      if (end < 0) throw syntaxError(ERR.invalidCharRange, expr.slice(i));
      seq = expr.slice(i, end + 1);
      name = expr.slice(i + 3, end);
      next = end + 1;
    }
    if (name.startsWith('^')) {
      positive = !positive;
      name = name.slice(1);
    }
    const items = unicodeItems(name, positive);
    if (items === undefined) throw syntaxError(ERR.invalidCharRange, seq);
    return [items, next];
  }

  private parseClass(i: number): number {
    const { expr, n } = this;
    const whole = expr.slice(i);
    let t = i + 1;
    let negated = false;
    if (t < n && expr[t] === '^') {
      negated = true;
      t++;
    }
    const items: string[] = [];
    let relevant = false;
    let first = true;
    while (t >= n || expr[t] !== ']' || first) {
      first = false;
      if (n - t > 2 && expr[t] === '[' && expr[t + 1] === ':') {
        const k = expr.indexOf(':]', t + 2);
        if (k >= 0) {
          const name = expr.slice(t, k + 2);
          const negatedGroup = name[2] === '^';
          const g = POSIX_GROUPS[name.slice(negatedGroup ? 3 : 2, -2)];
          if (g === undefined) throw syntaxError(ERR.invalidCharRange, name);
          const ranges = negatedGroup ? negate(g) : g;
          items.push(...ranges.map(([lo, hi]) => rangeItem(lo, hi)));
          relevant ||= rangesCased(ranges);
          t = k + 2;
          continue;
        }
      }
      if (expr[t] === '\\' && (expr[t + 1] === 'p' || expr[t + 1] === 'P')) {
        const [u, next] = this.parseUnicodeClass(t);
        items.push(...u);
        relevant = true;
        t = next;
        continue;
      }
      const perl = this.perlClass(t);
      if (perl !== undefined) {
        items.push(...perl.map(([lo, hi]) => rangeItem(lo, hi)));
        relevant ||= rangesCased(perl);
        t += 2;
        continue;
      }
      const rng = t;
      let lo: number;
      [lo, t] = this.parseClassChar(t, whole);
      let hi = lo;
      if (n - t >= 2 && expr[t] === '-' && expr[t + 1] !== ']') {
        [hi, t] = this.parseClassChar(t + 1, whole);
        if (hi < lo) throw syntaxError(ERR.invalidCharRange, expr.slice(rng, t));
      }
      items.push(rangeItem(lo, hi));
      relevant ||= rangesCased([[lo, hi]]);
    }
    this.pushClass(items, negated, relevant);
    return t + 1;
  }

  private parseClassChar(t: number, whole: string): [number, number] {
    if (t >= this.n) throw syntaxError(ERR.missingBracket, whole);
    if (this.expr[t] === '\\') return this.parseEscape(t);
    return this.runeAt(t);
  }
}

/** Parses a Go regexp (regexp.Compile's syntax) into JS source; throws Go's syntax error texts. */
export function translateGoRegexp(expr: string): Translated {
  return new Parser(expr).parse();
}

/** regexp.QuoteMeta */
export function goQuoteMeta(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}
