/**
 * Where encoding/json's scanner stops on invalid JSON: `json.SyntaxError.Offset`, the number of bytes
 * read when the scanner hit the bad byte (so the bad byte is the last one counted), or the input's
 * length when it ended early. operator-framework/api prints the input up to that offset in its
 * "invalid example" error (csv.go validateJSON), so the offset has to be Go's, in UTF-8 bytes.
 */

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

class Stop {
  constructor(readonly offset: number) {}
}

/** undefined when `bytes` is valid JSON; else Go's SyntaxError.Offset. */
export function goJsonSyntaxOffset(bytes: Uint8Array): number | undefined {
  let i = 0;
  const n = bytes.length;
  const bad = (): never => {
    throw new Stop(i >= n ? n : i + 1);
  };
  const peek = () => (i < n ? (bytes[i] as number) : -1);
  const ws = () => {
    while (i < n && isSpace(bytes[i] as number)) i++;
  };
  const expect = (lit: string) => {
    for (let k = 0; k < lit.length; k++) {
      if (peek() !== lit.charCodeAt(k)) bad();
      i++;
    }
  };
  const digits = () => {
    if (!isDigit(peek())) bad();
    while (isDigit(peek())) i++;
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      const c = peek();
      if (c < 0) bad();
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) bad();
      if (c === 0x5c) {
        i++;
        const e = peek();
        if (e === 0x75) {
          i++;
          for (let k = 0; k < 4; k++) {
            if (!isHex(peek())) bad();
            i++;
          }
          continue;
        }
        if (!'"\\/bfnrt'.includes(String.fromCharCode(e)) || e < 0) bad();
      }
      i++;
    }
  };
  const number = () => {
    if (peek() === 0x2d) i++;
    if (peek() === 0x30) i++;
    else digits();
    if (peek() === 0x2e) {
      i++;
      digits();
    }
    if (peek() === 0x65 || peek() === 0x45) {
      i++;
      if (peek() === 0x2b || peek() === 0x2d) i++;
      digits();
    }
  };
  /** After `[` or `{`: items separated by commas up to `close` (none at all is fine, a trailing comma not). */
  const items = (close: number, item: () => void): void => {
    i++;
    ws();
    if (peek() === close) {
      i++;
      return;
    }
    for (;;) {
      item();
      ws();
      if (peek() === 0x2c) i++;
      else if (peek() === close) {
        i++;
        return;
      } else bad();
    }
  };
  const member = (): void => {
    ws();
    if (peek() !== 0x22) bad();
    string();
    ws();
    if (peek() !== 0x3a) bad();
    i++;
    value();
  };
  const value = (): void => {
    ws();
    const c = peek();
    if (c === 0x7b) return items(0x7d, member);
    if (c === 0x5b) return items(0x5d, value);
    if (c === 0x22) return string();
    if (c === 0x2d || isDigit(c)) return number();
    if (c === 0x74) return expect('true');
    if (c === 0x66) return expect('false');
    if (c === 0x6e) return expect('null');
    bad();
  };
  try {
    value();
    ws();
    if (i < n) bad();
    return undefined;
  } catch (e) {
    if (e instanceof Stop) return e.offset;
    throw e;
  }
}
