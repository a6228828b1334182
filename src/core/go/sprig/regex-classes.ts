/**
 * Go's regexp/syntax character classes for regex-syntax.ts: the Perl (`\\d \\s \\w`) and POSIX
 * (`[:alpha:]`) groups as Go defines them (ASCII), Unicode group names Go accepts, and how a code
 * point or range is spelled in the JS `u`-mode class the pattern becomes.
 */
export const MAX_RUNE = 0x10ffff;

export type Range = readonly [number, number];

export const PERL_GROUPS: Record<string, readonly Range[]> = {
  d: [[0x30, 0x39]],
  s: [
    [0x09, 0x0a],
    [0x0c, 0x0d],
    [0x20, 0x20],
  ],
  w: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
};

export const POSIX_GROUPS: Record<string, readonly Range[]> = {
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  ascii: [[0x00, 0x7f]],
  blank: [
    [0x09, 0x09],
    [0x20, 0x20],
  ],
  cntrl: [
    [0x00, 0x1f],
    [0x7f, 0x7f],
  ],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [
    [0x21, 0x2f],
    [0x3a, 0x40],
    [0x5b, 0x60],
    [0x7b, 0x7e],
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  upper: [[0x41, 0x5a]],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
};

export function negate(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (next <= lo - 1) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_RUNE) out.push([next, MAX_RUNE]);
  return out;
}

/** Go's unicode.Categories keys (Go's C is Cc|Cf|Co|Cs, without JS's unassigned Cn). */
const CATEGORIES = new Set(
  'C Cc Cf Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs'.split(
    ' ',
  ),
);
/** Go script names of four letters; other four-letter names are ISO codes that JS accepts and Go does not. */
const FOUR_LETTER_SCRIPTS = new Set(['Ahom', 'Cham', 'Kawi', 'Lisu', 'Miao', 'Modi', 'Newa', 'Thai', 'Toto']);

function jsAccepts(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/** A Unicode group as JS class items, or undefined if Go knows no such name. */
export function unicodeItems(name: string, positive: boolean): string[] | undefined {
  if (name === 'Any') return positive ? [rangeItem(0, MAX_RUNE)] : [];
  if (name === 'C') {
    const parts = positive ? ['Cc', 'Cf', 'Co', 'Cs'] : ['L', 'M', 'N', 'P', 'S', 'Z', 'Cn'];
    return parts.map((p) => `\\p{${p}}`);
  }
  const p = positive ? 'p' : 'P';
  if (CATEGORIES.has(name)) return [`\\${p}{${name}}`];
  if (!/^[A-Z][A-Za-z]*(?:_[A-Z][A-Za-z]*)*$/.test(name)) return undefined;
  if (name.length === 4 && !FOUR_LETTER_SCRIPTS.has(name)) return undefined;
  const item = `\\${p}{Script=${name}}`;
  return jsAccepts(item) ? [item] : undefined;
}

function hex(c: number): string {
  return `\\u{${c.toString(16)}}`;
}

/** A code point as JS source: letters and digits as themselves, everything else escaped. */
export function lit(c: number): string {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
    ? String.fromCharCode(c)
    : hex(c);
}

export function rangeItem(lo: number, hi: number): string {
  return lo === hi ? lit(lo) : `${lit(lo)}-${lit(hi)}`;
}

/** Whether (?i) can change what the code point matches. */
export function cased(c: number): boolean {
  const s = String.fromCodePoint(c);
  return s.toLowerCase() !== s || s.toUpperCase() !== s;
}

export function rangesCased(ranges: readonly Range[]): boolean {
  return ranges.some(([lo, hi]) => hi >= 0x80 || (lo <= 0x7a && hi >= 0x41 && !(hi < 0x61 && lo > 0x5a)));
}
