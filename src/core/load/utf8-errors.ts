/**
 * Where a byte sequence is not UTF-8 and what go-yaml's reader (readerc.go) says of it. Rarely
 * needed, so loaded on demand (see hostile-registry.ts); the CLI uses displayFileName directly.
 */
import type { InvalidUtf8 } from './utf8';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** Width of a sequence by its leading byte, as readerc.go reads it (0: not a leading byte). */
function widthOf(b: number): number {
  if ((b & 0x80) === 0) return 1;
  if ((b & 0xe0) === 0xc0) return 2;
  if ((b & 0xf0) === 0xe0) return 3;
  if ((b & 0xf8) === 0xf0) return 4;
  return 0;
}

/** readerc.go's verdict on the sequence at `i`: undefined when it is valid, with its width. */
function check(bytes: Uint8Array, i: number): { message?: string; width: number } {
  const b = bytes[i] as number;
  const width = widthOf(b);
  if (width === 0) return { message: 'invalid leading UTF-8 octet', width: 1 };
  if (width === 1) return { width };
  if (i + width > bytes.length)
    return { message: 'incomplete UTF-8 octet sequence', width: bytes.length - i };
  let value = width === 2 ? b & 0x1f : width === 3 ? b & 0x0f : b & 0x07;
  for (let k = 1; k < width; k++) {
    const c = bytes[i + k] as number;
    if ((c & 0xc0) !== 0x80) return { message: 'invalid trailing UTF-8 octet', width: k };
    value = (value << 6) + (c & 0x3f);
  }
  const minimum = width === 2 ? 0x80 : width === 3 ? 0x800 : 0x10000;
  if (value < minimum) return { message: 'invalid length of a UTF-8 sequence', width };
  if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff) {
    return { message: 'invalid Unicode character', width };
  }
  return { width };
}

export function findInvalid(bytes: Uint8Array, text: string): InvalidUtf8[] {
  const out: InvalidUtf8[] = [];
  let index = 0; // UTF-16 offset in `text` of byte i
  for (let i = 0; i < bytes.length;) {
    const r = check(bytes, i);
    if (r.message) {
      // The decoder wrote U+FFFD for this sequence (maybe several): find it from here.
      const at = text.indexOf('\uFFFD', index);
      out.push({ byte: i, index: at < 0 ? index : at, message: r.message });
      // Skip to the next byte the decoder resumes at: the U+FFFDs it emitted for this bad run.
      let j = i + Math.max(1, r.width);
      while (j < bytes.length && ((bytes[j] as number) & 0xc0) === 0x80) j++;
      let k = at < 0 ? index : at;
      while (text.charCodeAt(k) === 0xfffd) k++;
      index = k;
      i = j;
      continue;
    }
    index += r.width === 4 ? 2 : 1;
    i += r.width;
  }
  return out;
}

/**
 * A file name's bytes as text: UTF-8 as is, each byte of a bad sequence as `\xHH` (Go's `%q`
 * spelling), so two names that differ only in such bytes stay apart.
 */
export function displayFileName(bytes: Uint8Array): { text: string; utf8: boolean } {
  try {
    return { text: fatal.decode(bytes), utf8: true };
  } catch {
    let text = '';
    let run = 0; // start of the current valid run
    for (let i = 0; i < bytes.length;) {
      const r = check(bytes, i);
      if (!r.message) {
        i += r.width;
        continue;
      }
      text += lenient.decode(bytes.subarray(run, i));
      const n = Math.max(1, r.message === 'invalid trailing UTF-8 octet' ? r.width : 1);
      for (let k = 0; k < n; k++) text += '\\x' + (bytes[i + k] as number).toString(16).padStart(2, '0');
      i += n;
      run = i;
    }
    return { text: text + lenient.decode(bytes.subarray(run)), utf8: false };
  }
}
