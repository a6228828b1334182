/**
 * Go strings are UTF-8 bytes, and several sprig functions (substr, trunc, abbrev, wrap, initials,
 * nospace, b32dec, url unescaping) index or rewrite them byte by byte. These helpers let those
 * ports work on the bytes Go sees.
 *
 * Deliberate difference from Go: a result that is not valid UTF-8 (a cut through a multi-byte
 * character, decoded binary) cannot be a JS string; each byte of an invalid sequence becomes
 * U+FFFD, as Go's utf8.DecodeRune (and so `range`, encoding/json) reads it.
 */

const encoder = new TextEncoder();
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// eslint-disable-next-line no-control-regex -- the whole ASCII range
const ASCII = /^[\x00-\x7f]*$/;

export function isAscii(s: string): boolean {
  return ASCII.test(s);
}

export function utf8Bytes(s: string): Uint8Array {
  return encoder.encode(s);
}

/** The second byte's range for a lead byte, as utf8.DecodeRune accepts it (undefined: invalid lead). */
function secondRange(b: number): [number, number] | undefined {
  if (b >= 0xc2 && b <= 0xdf) return [0x80, 0xbf];
  if (b === 0xe0) return [0xa0, 0xbf];
  if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) return [0x80, 0xbf];
  if (b === 0xed) return [0x80, 0x9f];
  if (b === 0xf0) return [0x90, 0xbf];
  if (b >= 0xf1 && b <= 0xf3) return [0x80, 0xbf];
  if (b === 0xf4) return [0x80, 0x8f];
  return undefined;
}

/** Bytes to a string; invalid UTF-8 decodes byte by byte to U+FFFD as Go's DecodeRune does. */
export function utf8String(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    // Invalid: decode the slow way below.
  }
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    const r = secondRange(b);
    const size = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    let ok = r !== undefined && i + size <= bytes.length;
    if (ok && r) {
      const b1 = bytes[i + 1] as number;
      ok = b1 >= r[0] && b1 <= r[1];
      for (let k = 2; ok && k < size; k++) {
        const bk = bytes[i + k] as number;
        ok = bk >= 0x80 && bk <= 0xbf;
      }
    }
    if (!ok) {
      out += '\ufffd';
      i++;
      continue;
    }
    out += strict.decode(bytes.subarray(i, i + size));
    i += size;
  }
  return out;
}

/** `s[start:end]` on Go's bytes (indices already checked by the caller). */
export function byteSlice(s: string, start: number, end?: number): string {
  if (isAscii(s)) return s.slice(start, end);
  const b = utf8Bytes(s);
  return utf8String(b.subarray(start, end ?? b.length));
}

/** Go's `len(s)`. */
export function byteLength(s: string): number {
  return isAscii(s) ? s.length : utf8Bytes(s).length;
}

/** Go's `string(rune(b))` for a byte: Latin-1 reinterpretation (what goutils does by mistake). */
export function latin1Rune(b: number): string {
  return String.fromCharCode(b);
}

/** The code points of `s` (a lone surrogate reads as U+FFFD, as Go would have decoded it). */
export function runes(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length;) {
    let c = s.codePointAt(i) as number;
    i += c > 0xffff ? 2 : 1;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    out.push(c);
  }
  return out;
}

export function fromRunes(rs: readonly number[]): string {
  let out = '';
  for (const r of rs) out += String.fromCodePoint(r);
  return out;
}
