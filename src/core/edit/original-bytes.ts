/**
 * The bytes to write for an edited file without turning bytes that are not UTF-8 into U+FFFD.
 *
 * A file is loaded as text, and a byte sequence that is not UTF-8 (a Latin-1 `é`) becomes U+FFFD;
 * encoding the edited text would write U+FFFD's three bytes where the user's byte was. Instead the
 * edit is applied to the original bytes: what is unchanged before and after the edited span is
 * copied byte for byte, only the span itself is encoded. When the span's new text holds a U+FFFD
 * (a line with a bad byte moved or copied), the byte it stood for is unknown and nothing is written.
 */
import { diffSplice } from './text';

const encoder = new TextEncoder();
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const fatal = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    fatal.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
const REPLACEMENT = '\ufffd';

/**
 * Byte offset of each UTF-16 offset in `wanted` (ascending), decoding `bytes` as the WHATWG
 * decoder does (each maximal bad subpart is one U+FFFD), so the offsets are those of TextDecoder's
 * text. Undefined when an offset falls inside a character.
 */
function byteOffsets(bytes: Uint8Array, wanted: readonly number[]): number[] | undefined {
  const out: number[] = [];
  let w = 0;
  let chars = 0;
  let i = 0;
  const n = bytes.length;
  const take = (): boolean => {
    while (w < wanted.length && (wanted[w] as number) <= chars) {
      if (wanted[w] !== chars) return false;
      out.push(i);
      w++;
    }
    return true;
  };
  while (i < n) {
    if (!take()) return undefined;
    const b = bytes[i] as number;
    let need: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (b < 0x80) {
      i++;
      chars++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    } else {
      i++;
      chars++; // a byte that starts nothing: one U+FFFD
      continue;
    }
    let j = i + 1;
    let ok = true;
    for (let k = 0; k < need; k++, j++) {
      const c = bytes[j];
      if (c === undefined || c < lower || c > upper) {
        ok = false;
        break;
      }
      lower = 0x80;
      upper = 0xbf;
    }
    chars += ok && need === 3 ? 2 : 1; // astral characters are two UTF-16 units
    i = j;
  }
  if (!take()) return undefined;
  return w === wanted.length ? out : undefined;
}

export type BytesForEdit = { bytes: Uint8Array } | { refused: string };

/**
 * The bytes of `text`, an edit of `originalText` which was decoded from `originalBytes`: those
 * bytes again where the text is unchanged. Refused when the edit would have to invent a byte.
 */
export function bytesForEdit(originalBytes: Uint8Array, originalText: string, text: string): BytesForEdit {
  if (text === originalText) return { bytes: originalBytes };
  // Valid UTF-8 (a U+FFFD in it is a real one): the text says every byte.
  if (!originalText.includes(REPLACEMENT) || isUtf8(originalBytes)) return { bytes: encoder.encode(text) };
  if (lenient.decode(originalBytes) !== originalText) {
    // Not the bytes this text came from (changed since): only text that needs no lost byte.
    return text.includes(REPLACEMENT)
      ? { refused: 'the file changed since it was loaded and its text holds U+FFFD' }
      : { bytes: encoder.encode(text) };
  }
  // The edited span: what lies between the common start and the common end.
  const edited = diffSplice(originalText, text);
  let p = edited.start;
  let s = originalText.length - edited.end;
  // Never cut a surrogate pair.
  if (p > 0 && isHigh(originalText.charCodeAt(p - 1))) p--;
  if (s > 0 && isLow(originalText.charCodeAt(originalText.length - s))) s--;
  const middle = text.slice(p, text.length - s);
  if (middle.includes(REPLACEMENT)) {
    return {
      refused:
        'the edit moves or copies text holding bytes that are not valid UTF-8 (shown as U+FFFD); ' +
        'their original bytes are not known there',
    };
  }
  const at = byteOffsets(originalBytes, [p, originalText.length - s]);
  if (!at) return { refused: 'the file could not be mapped back to its bytes' };
  const head = originalBytes.subarray(0, at[0]);
  const mid = encoder.encode(middle);
  const tail = originalBytes.subarray(at[1] as number);
  const out = new Uint8Array(head.length + mid.length + tail.length);
  out.set(head, 0);
  out.set(mid, head.length);
  out.set(tail, head.length + mid.length);
  return { bytes: out };
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;
