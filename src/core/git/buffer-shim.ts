/**
 * The part of Node's Buffer that isomorphic-git (and sha.js, through safe-buffer) use when reading
 * a repository, for the browser, where there is no Buffer: a Uint8Array with Node's helpers.
 * The app's build maps the `buffer` module here, and installGitBuffer() sets the global
 * isomorphic-git reads. Node keeps its own Buffer; the unit tests run isomorphic-git on this one.
 */

type Encoding = 'utf8' | 'utf-8' | 'hex' | 'base64' | 'latin1' | 'binary';

const utf8 = new TextEncoder();

function encode(s: string, enc: Encoding = 'utf8'): Uint8Array {
  switch (enc) {
    case 'hex': {
      const out = new Uint8Array(s.length >> 1);
      for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(i * 2, i * 2 + 2), 16);
      return out;
    }
    case 'base64': {
      const bin = atob(s);
      return Uint8Array.from(bin, (c) => c.charCodeAt(0));
    }
    case 'latin1':
    case 'binary':
      return Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
    default:
      return utf8.encode(s);
  }
}

export class Buffer extends Uint8Array {
  static override from(value: unknown, encOrOffset?: unknown, length?: number): Buffer {
    if (typeof value === 'string') return Buffer.wrap(encode(value, (encOrOffset as Encoding) ?? 'utf8'));
    if (value instanceof ArrayBuffer) {
      const offset = (encOrOffset as number | undefined) ?? 0;
      return new Buffer(value, offset, length ?? value.byteLength - offset);
    }
    if (ArrayBuffer.isView(value)) {
      const v = value as Uint8Array;
      const out = new Buffer(v.byteLength);
      out.set(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      return out;
    }
    return Buffer.wrap(Uint8Array.from(value as ArrayLike<number>));
  }

  static alloc(size: number, fill = 0): Buffer {
    const b = new Buffer(size);
    if (fill) b.fill(fill);
    return b;
  }

  static allocUnsafe(size: number): Buffer {
    return new Buffer(size);
  }

  /** With this, safe-buffer (sha.js) takes this class as it is. */
  static allocUnsafeSlow(size: number): Buffer {
    return new Buffer(size);
  }

  static isBuffer(x: unknown): x is Buffer {
    return x instanceof Buffer;
  }

  static byteLength(s: string, enc?: Encoding): number {
    return encode(s, enc).byteLength;
  }

  static concat(list: readonly Uint8Array[], total?: number): Buffer {
    const size = total ?? list.reduce((n, b) => n + b.byteLength, 0);
    const out = new Buffer(size);
    let at = 0;
    for (const b of list) {
      if (at >= size) break;
      out.set(b.subarray(0, size - at), at);
      at += b.byteLength;
    }
    return out;
  }

  private static wrap(u: Uint8Array): Buffer {
    return new Buffer(u.buffer as ArrayBuffer, u.byteOffset, u.byteLength);
  }

  override toString(enc: Encoding = 'utf8', start = 0, end = this.length): string {
    const part = this.subarray(start, end);
    switch (enc) {
      case 'hex': {
        let s = '';
        for (const b of part) s += b.toString(16).padStart(2, '0');
        return s;
      }
      case 'base64': {
        let bin = '';
        for (const b of part) bin += String.fromCharCode(b);
        return btoa(bin);
      }
      case 'latin1':
      case 'binary': {
        let s = '';
        for (const b of part) s += String.fromCharCode(b);
        return s;
      }
      default:
        return new TextDecoder().decode(part);
    }
  }

  /** Node's slice is a view, not a copy. */
  override slice(start?: number, end?: number): Buffer {
    return this.subarray(start, end) as Buffer;
  }

  equals(other: Uint8Array): boolean {
    return this.length === other.length && this.every((b, i) => b === other[i]);
  }

  copy(target: Uint8Array, targetStart = 0, sourceStart = 0, sourceEnd = this.length): number {
    const part = this.subarray(sourceStart, Math.min(sourceEnd, sourceStart + target.length - targetStart));
    target.set(part, targetStart);
    return part.length;
  }

  write(s: string, offset = 0, length?: number | Encoding, enc?: Encoding): number {
    if (typeof length === 'string') {
      enc = length;
      length = undefined;
    }
    const bytes = encode(s, enc ?? 'utf8').subarray(0, length ?? this.length - offset);
    this.set(bytes.subarray(0, this.length - offset), offset);
    return Math.min(bytes.length, this.length - offset);
  }

  private view(): DataView {
    return new DataView(this.buffer, this.byteOffset, this.byteLength);
  }
  readUInt8(o = 0): number {
    return this.view().getUint8(o);
  }
  readUInt16BE(o = 0): number {
    return this.view().getUint16(o);
  }
  readUInt32BE(o = 0): number {
    return this.view().getUint32(o);
  }
  readInt32BE(o = 0): number {
    return this.view().getInt32(o);
  }
  writeUInt8(v: number, o = 0): number {
    this.view().setUint8(o, v);
    return o + 1;
  }
  writeUInt16BE(v: number, o = 0): number {
    this.view().setUint16(o, v);
    return o + 2;
  }
  writeUInt32BE(v: number, o = 0): number {
    this.view().setUint32(o, v);
    return o + 4;
  }
}

/** Gives isomorphic-git a Buffer where the platform has none (the browser); Node keeps its own. */
export function installGitBuffer(): void {
  const g = globalThis as { Buffer?: unknown };
  g.Buffer ??= Buffer;
}
