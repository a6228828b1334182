/**
 * Bytes that are not UTF-8. The text decoder turns each bad sequence into U+FFFD, which is what Go's
 * encoding/json does inside strings (so a JSON file stays readable, as in opm), but go-yaml's reader
 * (readerc.go) refuses the document with one of its messages. This finds every bad sequence once,
 * with go-yaml's message and the character offset it has in the decoded text, so the YAML reader
 * can fail the documents that hold one and the writer can refuse to put U+FFFD into a user's file.
 */

export interface InvalidUtf8 {
  /** Byte offset of the sequence's first byte in the file. */
  byte: number;
  /** Offset of its U+FFFD in the decoded text. */
  index: number;
  /** go-yaml's reader error text (`invalid trailing UTF-8 octet`, …). */
  message: string;
}

import { hostile } from './hostile-registry';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** The decoded text and every bad sequence (none for valid UTF-8: the common case costs one decode;
 * the diagnosis of bad bytes is in utf8-errors.ts, loaded when a file needs it). */
export function decodeUtf8(bytes: Uint8Array): { text: string; invalid: InvalidUtf8[] } {
  try {
    return { text: fatal.decode(bytes), invalid: [] };
  } catch {
    const text = lenient.decode(bytes);
    return { text, invalid: hostile().findInvalid(bytes, text) };
  }
}
