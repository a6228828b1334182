/**
 * Display ordering of bundle versions with blang/semver v4 precedence (prerelease < release, build
 * metadata ignored). Missing or unparsable versions sort before every valid one, among themselves
 * by text. Parsed versions are cached: a sort of 5,000 rows compares ~60,000 times.
 *
 * Why not src/core/semver: that port carries blang's exact error texts and 64-bit arithmetic for the
 * validator, ~2 kB gzip the UI's initial chunk cannot afford (300 kB budget) just to sort rows. This
 * accepts exactly the versions blang accepts and orders them the same way — a property test checks
 * it against the core port (test/unit/app-graph/version-order.test.ts).
 */

/** major, minor, patch as digit strings (no leading zeros), and the prerelease identifiers. */
interface DisplayVersion {
  core: [string, string, string];
  pre: string[];
}

const NUM = '(0|[1-9][0-9]*)';
const IDS = '[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*';
const SHAPE = new RegExp(`^${NUM}\\.${NUM}\\.${NUM}(?:-(${IDS}))?(?:\\+${IDS})?$`);
const UINT64_MAX = '18446744073709551615';
const DIGITS = /^[0-9]+$/;

/** Within Go's uint64, as blang requires (digit strings without leading zeros). */
const fitsUint64 = (d: string) => d.length < 20 || (d.length === 20 && d <= UINT64_MAX);

function parse(v: string): DisplayVersion | null {
  const m = SHAPE.exec(v);
  if (!m) return null;
  const core: [string, string, string] = [m[1]!, m[2]!, m[3]!];
  if (!core.every(fitsUint64)) return null;
  const pre = m[4] === undefined ? [] : m[4].split('.');
  for (const id of pre) {
    if (DIGITS.test(id) && ((id.length > 1 && id[0] === '0') || !fitsUint64(id))) return null;
  }
  return { core, pre };
}

/** Two digit strings without leading zeros, by value. */
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareParsed(a: DisplayVersion, b: DisplayVersion): number {
  for (let i = 0; i < 3; i++) {
    const c = compareDigits(a.core[i]!, b.core[i]!);
    if (c) return c;
  }
  // A release ranks above its prereleases; prereleases compare identifier by identifier.
  if (!a.pre.length || !b.pre.length) return a.pre.length === b.pre.length ? 0 : a.pre.length ? -1 : 1;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i]!;
    const y = b.pre[i]!;
    const xn = DIGITS.test(x);
    const yn = DIGITS.test(y);
    // Numeric identifiers rank below alphanumeric ones; ASCII order among the latter (Go's bytes).
    const c = xn && yn ? compareDigits(x, y) : xn !== yn ? (xn ? -1 : 1) : x < y ? -1 : x > y ? 1 : 0;
    if (c) return c;
  }
  return Math.sign(a.pre.length - b.pre.length);
}

const cache = new Map<string, DisplayVersion | null>();

function cached(v: string): DisplayVersion | null {
  let parsed = cache.get(v);
  if (parsed === undefined) {
    parsed = parse(v);
    if (cache.size > 50_000) cache.clear();
    cache.set(v, parsed);
  }
  return parsed;
}

export function compareDisplayVersions(a: string | undefined, b: string | undefined): number {
  const pa = a ? cached(a) : null;
  const pb = b ? cached(b) : null;
  if (pa && pb) return compareParsed(pa, pb);
  if (pa) return 1;
  if (pb) return -1;
  const sa = a ?? '';
  const sb = b ?? '';
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}
