/**
 * The github.com/Masterminds/goutils v1.1.1 functions behind sprig's abbrev, abbrevboth, initials,
 * nospace, untitle, swapcase, wrap and wrapWith, ported from their source. Several of them walk
 * the string byte by byte and write each byte back as a rune (Latin-1), so non-ASCII input comes
 * out mangled in Go; that is reproduced, as Fleet's output would contain it.
 */
import { isSpace, isLower, isTitle, isUpper, toLowerRune, toTitleRune, toUpperRune } from './unicode';
import { latin1Rune, utf8Bytes, utf8String } from './utf8';

const MARKER = utf8Bytes('...');

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** AbbreviateFull on Go's bytes (it slices by byte offsets and recurses on a byte slice). */
function abbreviateBytes(b: Uint8Array, offset0: number, maxWidth: number): Uint8Array | undefined {
  if (b.length === 0) return b;
  if (maxWidth < 4) return undefined;
  const len = b.length;
  if (len <= maxWidth) return b;
  let offset = offset0;
  if (offset > len) offset = len;
  if (len - offset < maxWidth - 3) offset = len - (maxWidth - 3);
  if (offset <= 4) return concat(b.subarray(0, maxWidth - 3), MARKER);
  if (maxWidth < 7) return undefined;
  if (offset + maxWidth - 3 < len) {
    // Abbreviate's error is ignored, leaving "".
    return concat(MARKER, abbreviateBytes(b.subarray(offset), 0, maxWidth - 3) ?? new Uint8Array(0));
  }
  return concat(MARKER, b.subarray(len - (maxWidth - 3)));
}

/** goutils.AbbreviateFull; undefined stands for its error return. */
export function abbreviateFull(str: string, offset: number, maxWidth: number): string | undefined {
  const r = abbreviateBytes(utf8Bytes(str), offset, maxWidth);
  return r === undefined ? undefined : utf8String(r);
}

/** goutils.Initials with the default (whitespace) delimiters: byte-wise, as Go's is. */
export function initials(str: string): string {
  if (str === '') return str;
  const b = utf8Bytes(str);
  let out = '';
  let lastWasGap = true;
  for (const c of b) {
    if (isSpace(c)) lastWasGap = true;
    else if (lastWasGap) {
      out += latin1Rune(c);
      lastWasGap = false;
    }
  }
  return out;
}

/** goutils.DeleteWhiteSpace: byte-wise; the input comes back unchanged only if nothing was removed. */
export function deleteWhiteSpace(str: string): string {
  if (str === '') return str;
  const b = utf8Bytes(str);
  let out = '';
  let count = 0;
  for (const c of b) {
    if (!isSpace(c)) {
      out += latin1Rune(c);
      count++;
    }
  }
  return count === b.length ? str : out;
}

/** goutils.Uncapitalize with the default delimiters. */
export function uncapitalize(str: string): string {
  if (str === '') return str;
  let out = '';
  let next = true;
  for (const ch of str) {
    const c = ch.codePointAt(0) as number;
    if (isSpace(c)) {
      next = true;
      out += ch;
    } else if (next) {
      out += String.fromCodePoint(toLowerRune(c));
      next = false;
    } else out += ch;
  }
  return out;
}

/** goutils.SwapCase */
export function swapCase(str: string): string {
  if (str === '') return str;
  let out = '';
  let whitespace = true;
  for (const ch of str) {
    const c = ch.codePointAt(0) as number;
    let r = c;
    if (isUpper(c) || isTitle(c)) {
      r = toLowerRune(c);
      whitespace = false;
    } else if (isLower(c)) {
      if (whitespace) {
        r = toTitleRune(c);
        whitespace = false;
      } else r = toUpperRune(c);
    } else whitespace = isSpace(c);
    out += String.fromCodePoint(r);
  }
  return out;
}

function lastIndexOfSpace(b: Uint8Array, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) if (b[i] === 0x20) return i - from;
  return -1;
}

function indexOfSpace(b: Uint8Array, from: number): number {
  for (let i = from; i < b.length; i++) if (b[i] === 0x20) return i - from;
  return -1;
}

/** goutils.WrapCustom: byte offsets throughout, as in Go. */
export function wrapCustom(
  str: string,
  wrapLength0: number,
  newLineStr0: string,
  wrapLongWords: boolean,
): string {
  if (str === '') return '';
  const newLineStr = newLineStr0 === '' ? '\n' : newLineStr0;
  const wrapLength = wrapLength0 < 1 ? 1 : wrapLength0;
  const b = utf8Bytes(str);
  const inputLineLength = b.length;
  const nl = utf8Bytes(newLineStr);
  const parts: Uint8Array[] = [];
  let offset = 0;
  while (inputLineLength - offset > wrapLength) {
    if (b[offset] === 0x20) {
      offset++;
      continue;
    }
    const end = wrapLength + offset + 1;
    let spaceToWrapAt = lastIndexOfSpace(b, offset, end) + offset;
    if (spaceToWrapAt >= offset) {
      parts.push(b.subarray(offset, spaceToWrapAt), nl);
      offset = spaceToWrapAt + 1;
    } else if (wrapLongWords) {
      parts.push(b.subarray(offset, wrapLength + offset), nl);
      offset += wrapLength;
    } else {
      const end2 = wrapLength + offset;
      const index = indexOfSpace(b, end2);
      if (index === -1) {
        parts.push(b.subarray(offset));
        offset = inputLineLength;
      } else {
        spaceToWrapAt = index + end2;
        parts.push(b.subarray(offset, spaceToWrapAt), nl);
        offset = spaceToWrapAt + 1;
      }
    }
  }
  parts.push(b.subarray(offset));
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return utf8String(out);
}
