/**
 * Reading a file's text in Node, as the CLI's loader does on this thread and on loader threads.
 */
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';

/**
 * Files up to this size are read into one reused buffer; bigger ones through Node's own UTF-8 read,
 * which frees its bytes in the same native call (a buffer of that size would wait for the garbage
 * collector, raising the peak by the file's size).
 */
export const WHOLE_READ_MAX = 32 << 20;
let scratch = Buffer.allocUnsafe(1 << 20);

/**
 * A file's text, decoded without UTF-8 work when it is all ASCII (most catalogs: base64 bundle
 * objects, English descriptions). An ASCII check (SIMD) and a Latin-1 copy cost a third of a UTF-8
 * decode, and a one-byte string is what the UTF-8 decode would have produced for the same bytes.
 * Synchronous on purpose: reading is the loader's only I/O and nothing else waits on it.
 */
export function readTextFile(abs: string | Buffer, scratchMax = WHOLE_READ_MAX): string {
  const fd = openSync(abs, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > scratchMax) return readFileSync(fd, 'utf8');
    if (scratch.length < size + 1) scratch = Buffer.allocUnsafe(Math.max(size + 1, scratch.length * 2));
    // Read until end of file (one byte of room tells a file that grew since fstat).
    let n = 0;
    for (;;) {
      const got = readSync(fd, scratch, n, scratch.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === scratch.length) {
        if (n > scratchMax) return readFileSync(abs, 'utf8');
        const bigger = Buffer.allocUnsafe(n * 2);
        scratch.copy(bigger);
        scratch = bigger;
      }
    }
    const bytes = scratch.subarray(0, n);
    return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The file's content for `loadFile`: its text, or its bytes when the text holds U+FFFD (the bytes
 * tell a sequence that is not UTF-8 from a real U+FFFD).
 */
export function readFileContent(abs: string | Buffer): string | Uint8Array {
  const text = readTextFile(abs);
  return text.includes('\uFFFD') ? new Uint8Array(readFileSync(abs)) : text;
}
