/**
 * Go's `base64.StdEncoding` (padded, not strict) as `encoding/json` uses it for []byte fields:
 * `\r` and `\n` are skipped anywhere, and a failure is `illegal base64 data at input byte N`
 * with Go's exact N. Validation is a single regex test in the common case; the byte-exact port
 * of `decodeQuantum` only runs when that test fails.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/**
 * A character's base64 value (-1 for none) is `c < 128 ? DECODE[c] : -1`, written out in the loops
 * below rather than called: a large validation run turns V8's inlining off (cli/compiler-tuning.ts),
 * and a call per character then costs more than the lookup.
 */
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/**
 * How many bytes `s` decodes to if it is canonical padded base64 (length a multiple of 4, `=` only
 * as its last one or two characters). The platform decoders the fast tests use skip what canonical
 * input does not have (whitespace, a missing `=`), which makes their count short of this one.
 */
export function canonicalDecodedLength(s: string): number {
  const n = s.length;
  const pad = n === 0 ? 0 : s.charCodeAt(n - 1) !== 61 ? 0 : s.charCodeAt(n - 2) === 61 ? 2 : 1;
  return (n / 4) * 3 - pad;
}

/**
 * Canonical padded base64 without line breaks (the common case), checked by the platform's native
 * `atob` (several GB/s, against ~1 GB/s for the best regex). atob is more forgiving than Go (ASCII
 * whitespace, missing padding), so success also requires the decoded length of canonical input:
 * any skipped whitespace or missing padding makes it shorter. Anything else takes the exact path.
 */
export function isSimpleBase64ByAtob(s: string): boolean {
  const n = s.length;
  if (n % 4 !== 0) return false;
  let bin: string;
  try {
    bin = atob(s);
  } catch {
    return false;
  }
  return bin.length === canonicalDecodedLength(s);
}

type SetFromBase64 = (
  this: Uint8Array,
  s: string,
  options: { alphabet: 'base64'; lastChunkHandling: 'strict' },
) => { read: number; written: number };

/** `Uint8Array.prototype.setFromBase64` (current browsers; not Node 20), or undefined. */
const setFromBase64 = (Uint8Array.prototype as unknown as { setFromBase64?: SetFromBase64 }).setFromBase64;

let scratch = new Uint8Array(0);

/**
 * The same test by decoding into one reused buffer with the platform's base64 decoder, where there
 * is one: no decoded string per bundle object (atob's were half of what the browser's catalog
 * worker allocated opening a 200 MB catalog, and 110 ms of its time). The decoder skips ASCII
 * whitespace, so the written length must be canonical input's; `strict` also refuses non-zero
 * padding bits, which atob takes: such input goes the exact way, to the same answer.
 */
export function isSimpleBase64ByDecoding(s: string): boolean {
  const n = s.length;
  if (n % 4 !== 0 || setFromBase64 === undefined) return false;
  const full = (n / 4) * 3;
  if (scratch.length < full) scratch = new Uint8Array(Math.max(full, scratch.length * 2));
  let r: { read: number; written: number };
  try {
    r = setFromBase64.call(scratch, s, { alphabet: 'base64', lastChunkHandling: 'strict' });
  } catch {
    return false;
  }
  return r.read === n && r.written === canonicalDecodedLength(s);
}

/**
 * The test `goBase64ErrorOffset` starts with: the platform's decoder where there is one, else atob.
 * The CLI puts in one that decodes into a reused Buffer (cli/base64-check.ts).
 */
let isSimpleBase64 = setFromBase64 ? isSimpleBase64ByDecoding : isSimpleBase64ByAtob;

/** Replaces the canonical-base64 test; `test` must accept only what `isSimpleBase64ByAtob` accepts. */
export function provideSimpleBase64Test(test: (s: string) => boolean): void {
  isSimpleBase64 = test;
}

const CR = 13;
const LF = 10;
const PAD = 61; // '='

/**
 * Returns -1 when `s` is valid Go std base64, else the byte offset Go reports. Offsets are in
 * UTF-16 units, which equal Go's byte offsets because every character before the failure point is
 * ASCII (any non-ASCII character is itself a failure).
 */
export function goBase64ErrorOffset(s: string): number {
  if (isSimpleBase64(s)) return -1;
  const n = s.length;
  let si = 0;
  while (si < n) {
    // One decodeQuantum call.
    let j = 0;
    for (; j < 4; j++) {
      if (si === n) {
        if (j === 0) return -1;
        return si - j; // j == 1 or padding required
      }
      const c = s.charCodeAt(si);
      si++;
      if (c < 128 && (DECODE[c] as number) >= 0) continue;
      if (c === LF || c === CR) {
        j--;
        continue;
      }
      if (c !== PAD) return si - 1;
      // Padding.
      if (j === 0 || j === 1) return si - 1;
      if (j === 2) {
        while (si < n && (s.charCodeAt(si) === LF || s.charCodeAt(si) === CR)) si++;
        if (si === n) return n;
        if (s.charCodeAt(si) !== PAD) return si - 1;
        si++;
      }
      while (si < n && (s.charCodeAt(si) === LF || s.charCodeAt(si) === CR)) si++;
      if (si < n) return si; // trailing garbage
      return -1;
    }
  }
  return -1;
}

/** Go's error text for invalid base64, or undefined when valid. */
export function goBase64Error(s: string): string | undefined {
  const off = goBase64ErrorOffset(s);
  return off < 0 ? undefined : `illegal base64 data at input byte ${off}`;
}

/**
 * Decodes std base64 (skipping CR/LF) into bytes. Call only on input that passed
 * `goBase64ErrorOffset`; invalid symbols are skipped rather than reported.
 */
export function decodeGoBase64(s: string, maxBytes = Infinity): Uint8Array {
  const out = new Uint8Array(Math.min(Math.floor((s.length * 3) / 4), maxBytes));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < s.length && o < out.length; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? (DECODE[c] as number) : -1;
    if (v < 0) continue;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return o === out.length ? out : out.subarray(0, o);
}
