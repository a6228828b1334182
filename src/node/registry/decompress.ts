/**
 * A layer's decompression, chosen by its first bytes as opm's compression.AutoDecompress chooses:
 * gzip (`application/vnd.oci.image.layer.v1.tar+gzip`, Docker's `…rootfs.diff.tar.gzip`), zstd
 * (`application/vnd.oci.image.layer.v1.tar+zstd`, zstd:chunked too: its frames are ordinary zstd
 * frames), or a plain tar. zstd is Node's own (zlib, Node ≥ 22.15) where this Node has it, else
 * fzstd (pure JavaScript). Memory stays bounded: what a layer decompresses to is counted against a
 * limit (a layer of zeros is no way to fill a disk or a buffer); for fzstd, which allocates each
 * frame's window as its header asks, every frame header is read first and a window over zstd's own
 * default decoder limit (128 MiB, `--memory`/windowLogMax 27, Node's too) is refused, and input is
 * fed in small slices, each slice's output handed on before the next, so one compressed chunk of
 * run-length blocks cannot expand in memory at once.
 */
import { createReadStream } from 'node:fs';
import { Duplex, PassThrough, Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import { RegistryHttpError } from './http';

/** zstd's default decoder window limit (ZSTD_WINDOWLOG_LIMIT_DEFAULT = 27). */
export const ZSTD_MAX_WINDOW = 1 << 27;
/** What one layer may decompress to, unless the limits say otherwise. */
export const DEFAULT_MAX_LAYER_BYTES = 8 * 2 ** 30;
/** Input fed to fzstd at once: at most 1/4 of it in run-length blocks of 128 KiB each (8 MiB). */
const SLICE = 256;

const ZSTD_MAGIC = 0xfd2fb528;

/** Which compression a layer's first bytes say. */
export async function layerCompression(layerFile: string): Promise<'gzip' | 'zstd' | 'none'> {
  const magic = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    createReadStream(layerFile, { start: 0, end: 3 })
      .on('data', (c) => chunks.push(c as Buffer))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
  if (magic[0] === 0x1f && magic[1] === 0x8b) return 'gzip';
  if (magic.length === 4 && magic.readUInt32LE(0) === ZSTD_MAGIC) return 'zstd';
  return 'none';
}

/** Counts what passes and fails once it is more than `max` bytes. */
function bounded(max: number, what: string): Transform {
  let n = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      n += chunk.length;
      if (n > max) return done(new RegistryHttpError(`${what} decompresses to more than ${max} bytes`));
      done(null, chunk);
    },
  });
}

type State = 'magic' | 'frame' | 'skippable' | 'block';

/**
 * Follows zstd frames through a stream without decoding them: each frame header's window size is
 * checked before the decoder sees the frame (blocks and skippable frames are stepped over by their
 * sizes).
 */
export class ZstdFrameCheck {
  private state: State = 'magic';
  private head: number[] = [];
  private skip = 0;
  private checksum = false;

  constructor(
    private readonly maxWindow: number,
    private readonly what: string,
  ) {}

  feed(b: Uint8Array): void {
    let i = 0;
    while (i < b.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, b.length - i);
        this.skip -= n;
        i += n;
        continue;
      }
      this.head.push(b[i++] as number);
      this.step();
    }
  }

  private fail(why: string): never {
    throw new RegistryHttpError(`${this.what}: ${why}`);
  }

  private step(): void {
    const h = this.head;
    if (this.state === 'magic') {
      if (h.length < 4) return;
      const magic = (h[0]! | (h[1]! << 8) | (h[2]! << 16) | (h[3]! << 24)) >>> 0;
      if (magic === ZSTD_MAGIC) this.state = 'frame';
      else if ((magic & 0xfffffff0) >>> 0 === 0x184d2a50) this.state = 'skippable';
      else this.fail('not a zstd frame');
      return;
    }
    if (this.state === 'skippable') {
      if (h.length < 8) return;
      this.skip = (h[4]! | (h[5]! << 8) | (h[6]! << 16) | (h[7]! << 24)) >>> 0;
      this.next('magic');
      return;
    }
    if (this.state === 'frame') {
      if (h.length < 5) return;
      const fhd = h[4]!;
      const single = (fhd >> 5) & 1;
      const fcsBytes = [single, 2, 4, 8][fhd >> 6]!;
      const dictBytes = [0, 1, 2, 4][fhd & 3]!;
      const size = 5 + (single ? 0 : 1) + dictBytes + fcsBytes;
      if (h.length < size) return;
      let window: number;
      if (single) {
        // The window is the frame's content size.
        window = 0;
        for (let k = fcsBytes - 1; k >= 0; k--) window = window * 256 + h[5 + dictBytes + k]!;
        if (fcsBytes === 2) window += 256;
      } else {
        const wd = h[5]!;
        const base = 2 ** (10 + (wd >> 3));
        window = base + (base / 8) * (wd & 7);
      }
      if (window > this.maxWindow)
        this.fail(
          `a zstd frame asks for a ${window}-byte window, more than the limit of ${this.maxWindow} (as zstd's own decoder)`,
        );
      this.checksum = ((fhd >> 2) & 1) === 1;
      this.next('block');
      return;
    }
    // A block header: last-block bit, type, size.
    if (h.length < 3) return;
    const v = h[0]! | (h[1]! << 8) | (h[2]! << 16);
    const type = (v >> 1) & 3;
    if (type === 3) this.fail('a zstd block of the reserved type');
    const last = (v & 1) === 1;
    this.skip = (type === 1 ? 1 : v >>> 3) + (last && this.checksum ? 4 : 0);
    this.next(last ? 'magic' : 'block');
  }

  private next(state: State): void {
    this.state = state;
    this.head = [];
  }
}

/** zstd by fzstd, fed in slices, each slice's output passed on before the next is fed. */
function fzstdStream(what: string): Promise<Duplex> {
  return import('fzstd').then(({ Decompress }) => {
    const frames = new ZstdFrameCheck(ZSTD_MAX_WINDOW, what);
    return Duplex.from(async function* (source: AsyncIterable<Buffer>) {
      let out: Uint8Array[] = [];
      const d = new Decompress((chunk) => {
        // fzstd may hand out views of its window: copied before the window moves on.
        if (chunk.length > 0) out.push(Uint8Array.prototype.slice.call(chunk));
      });
      const run = (piece: Uint8Array, final: boolean): Uint8Array[] => {
        try {
          d.push(piece, final);
        } catch (e) {
          throw new RegistryHttpError(`${what}: not valid zstd (${(e as Error).message})`);
        }
        const got = out;
        out = [];
        return got;
      };
      for await (const chunk of source) {
        for (let i = 0; i < chunk.length; i += SLICE) {
          const piece = chunk.subarray(i, i + SLICE);
          frames.feed(piece);
          for (const o of run(piece, false)) yield o;
        }
      }
      for (const o of run(new Uint8Array(0), true)) yield o;
    });
  });
}

/** The zstd decompressor: Node's own where it has one, else fzstd. */
export async function zstdDecompressor(what: string): Promise<Duplex> {
  const native = (zlib as unknown as { createZstdDecompress?: () => Transform }).createZstdDecompress;
  return native ? native() : fzstdStream(what);
}

/** The decompression of one layer, by its first bytes, bounded to `maxBytes` of output. */
export async function decompressorFor(
  layerFile: string,
  what: string,
  maxBytes = DEFAULT_MAX_LAYER_BYTES,
): Promise<Duplex[]> {
  const kind = await layerCompression(layerFile);
  if (kind === 'none') return [new PassThrough()];
  const decompress = kind === 'gzip' ? zlib.createGunzip() : await zstdDecompressor(what);
  return [decompress, bounded(maxBytes, what)];
}
