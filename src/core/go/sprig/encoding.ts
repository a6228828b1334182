/**
 * sprig's b64enc/b64dec/b32enc/b32dec: encoding/base64 and encoding/base32 StdEncoding over the
 * UTF-8 bytes of the string. A decoding error comes back as the result text, as sprig returns
 * err.Error() instead of failing.
 */
import { decodeGoBase64, goBase64ErrorOffset } from '../../gojson/base64';
import type { GoFunc } from '../template/values';
import { argString, goFunc } from './func';
import { utf8Bytes, utf8String } from './utf8';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base64Encode(s: string): string {
  const b = utf8Bytes(s);
  let out = '';
  for (let i = 0; i < b.length; i += 3) {
    const n = ((b[i] as number) << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    out += B64[(n >> 18) & 63] as string;
    out += B64[(n >> 12) & 63] as string;
    out += i + 1 < b.length ? (B64[(n >> 6) & 63] as string) : '=';
    out += i + 2 < b.length ? (B64[n & 63] as string) : '=';
  }
  return out;
}

/** sprig b64dec: the decoded text, or Go's error text as the result (sprig returns err.Error()). */
export function base64Decode(s: string): string {
  // The offset, not goBase64Error: that helper would then ship in the catalog worker's first chunk.
  const at = goBase64ErrorOffset(s);
  return at >= 0 ? `illegal base64 data at input byte ${at}` : utf8String(decodeGoBase64(s));
}

export function base32Encode(s: string): string {
  const b = utf8Bytes(s);
  let out = '';
  for (let i = 0; i < b.length; i += 5) {
    const chunk = b.subarray(i, i + 5);
    let bits = 0n;
    for (let j = 0; j < 5; j++) bits = (bits << 8n) | BigInt(chunk[j] ?? 0);
    const chars = Math.ceil((chunk.length * 8) / 5);
    for (let j = 0; j < 8; j++) {
      out += j < chars ? (B32[Number((bits >> BigInt(35 - 5 * j)) & 31n)] as string) : '=';
    }
  }
  return out;
}

const B32_DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < B32.length; i++) B32_DECODE[B32.charCodeAt(i)] = i;

/** base32.StdEncoding.DecodeString: the bytes, or Go's CorruptInputError offset. */
function base32DecodeBytes(s: string): { bytes: Uint8Array } | { error: number } {
  // \r and \n are stripped first; offsets count the stripped input.
  const src = utf8Bytes(s).filter((c) => c !== 0x0d && c !== 0x0a);
  const olen = src.length;
  const out: number[] = [];
  let p = 0;
  let end = false;
  while (p < olen && !end) {
    const dbuf = [0, 0, 0, 0, 0, 0, 0, 0];
    let dlen = 8;
    for (let j = 0; j < 8;) {
      if (p === olen) return { error: olen - (olen - p) - j };
      const c = src[p++] as number;
      const rest = olen - p;
      if (c === 0x3d && j >= 2 && rest < 8) {
        if (rest + j < 8 - 1) return { error: olen };
        for (let k = 0; k < 8 - 1 - j; k++) {
          if (rest > k && src[p + k] !== 0x3d) return { error: olen - rest + k - 1 };
        }
        dlen = j;
        end = true;
        if (dlen === 1 || dlen === 3 || dlen === 6) return { error: olen - rest - 1 };
        break;
      }
      const v = B32_DECODE[c] as number;
      if (v < 0) return { error: olen - rest - 1 };
      dbuf[j] = v;
      j++;
    }
    const [d0, d1, d2, d3, d4, d5, d6, d7] = dbuf as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const quantum = [
      ((d0 << 3) | (d1 >> 2)) & 0xff,
      ((d1 << 6) | (d2 << 1) | (d3 >> 4)) & 0xff,
      ((d3 << 4) | (d4 >> 1)) & 0xff,
      ((d4 << 7) | (d5 << 2) | (d6 >> 3)) & 0xff,
      ((d6 << 5) | d7) & 0xff,
    ];
    const n = { 8: 5, 7: 4, 5: 3, 4: 2, 2: 1 }[dlen] ?? 0;
    out.push(...quantum.slice(0, n));
  }
  return { bytes: Uint8Array.from(out) };
}

export function base32Decode(s: string): string {
  const r = base32DecodeBytes(s);
  return 'error' in r ? `illegal base32 data at input byte ${r.error}` : utf8String(r.bytes);
}

export function encodingFuncs(): Record<string, GoFunc> {
  return {
    b64enc: goFunc(['string'], (s) => base64Encode(argString(s))),
    b64dec: goFunc(['string'], (s) => base64Decode(argString(s))),
    b32enc: goFunc(['string'], (s) => base32Encode(argString(s))),
    b32dec: goFunc(['string'], (s) => base32Decode(argString(s))),
  };
}
