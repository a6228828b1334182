/**
 * Long texts in findings, capped for display. A catalog can hold a 50 MB string (a package name, a
 * description), and opm's messages quote it whole, sometimes more than once: shown or printed as
 * is, that is hundreds of megabytes of output nobody reads. The core keeps opm's full text (parity,
 * `--full-messages`, the app's "show all"); what is shown by default goes through `capText`.
 */

/** About 2 KB of text is shown before the cut. */
export const MESSAGE_CAP = 2048;

/** UTF-8 length of s[from, to) without building a copy. */
function utf8Bytes(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * `s` when it is at most `cap` characters; else its first `cap` characters (never half a
 * surrogate pair) followed by `… N more bytes` (N counted in UTF-8, as the file holds them).
 */
export function capText(s: string, cap = MESSAGE_CAP): string {
  if (s.length <= cap) return s;
  let cut = cap;
  const last = s.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return `${s.slice(0, cut)}… ${utf8Bytes(s, cut, s.length)} more bytes`;
}

/** Whether `capText` would cut `s`. */
export function isCapped(s: string, cap = MESSAGE_CAP): boolean {
  return s.length > cap;
}

/** A finding with its message and names capped (the same object when nothing is long). */
export function capFinding<
  T extends { message: string; package?: string; channel?: string; bundle?: string },
>(f: T, cap = MESSAGE_CAP): T {
  const long = (s: string | undefined) => s !== undefined && s.length > cap;
  if (!long(f.message) && !long(f.package) && !long(f.channel) && !long(f.bundle)) return f;
  const out = { ...f, message: capText(f.message, cap) };
  if (f.package !== undefined) out.package = capText(f.package, cap);
  if (f.channel !== undefined) out.channel = capText(f.channel, cap);
  if (f.bundle !== undefined) out.bundle = capText(f.bundle, cap);
  return out;
}

/**
 * Each line of a multi-line message capped on its own (opm's error tree: one finding a line, so a
 * catalog with many findings keeps them all; only a line quoting a huge value is cut).
 */
export function capLines(s: string, cap = MESSAGE_CAP): string {
  if (s.length <= cap) return s;
  let out = '';
  let from = 0;
  let cut = false;
  for (;;) {
    const nl = s.indexOf('\n', from);
    const end = nl < 0 ? s.length : nl;
    if (end - from > cap) cut = true;
    out += capText(s.slice(from, end), cap);
    if (nl < 0) break;
    out += '\n';
    from = nl + 1;
  }
  return cut ? out : s;
}

/**
 * What a command prints by default, or whole with `--full-messages`: findings through `capFinding`,
 * opm's text (and other multi-line texts) through `capLines`.
 */
export function capping(full: boolean) {
  return {
    finding: <T extends { message: string; package?: string; channel?: string; bundle?: string }>(f: T): T =>
      full ? f : capFinding(f),
    text: <T extends string | null>(m: T): T => (full || m === null ? m : (capLines(m) as T)),
  };
}
