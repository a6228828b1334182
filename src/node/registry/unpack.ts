/**
 * Applying an image's layers to a folder, the way opm unpacks them (containerd's archive.Apply:
 * layers in order, `.wh.<name>` deletes, `.wh..wh..opq` empties a directory), restricted to the
 * paths the command reads (a catalog's configs directory; a bundle's manifests/ and metadata/), so
 * a base image's filesystem is never written. Within those paths only directories and regular files
 * are created: a link, device or FIFO is refused, and so is any entry whose name leaves the root —
 * nothing from a layer escapes its folder. Sizes are bounded per file and in total, and the layer
 * is streamed (gzip, zstd where this Node has it, or plain tar, told apart by their magic bytes).
 */
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import { extract } from 'tar-stream';
import { RegistryHttpError } from './http';

export interface UnpackLimits {
  maxFileBytes: number;
  maxTotalBytes: number;
  maxEntries: number;
}

export const DEFAULT_UNPACK_LIMITS: UnpackLimits = {
  maxFileBytes: 256 << 20,
  maxTotalBytes: 1 << 30,
  maxEntries: 200_000,
};

/** A layer's name inside the image, '/'-separated without a leading slash; null: the root itself. */
export function entryPath(name: string): string | null {
  const n = posix.normalize('/' + name.replace(/\\/g, '/'));
  if (n === '/') return null;
  return n.slice(1).replace(/\/$/, '');
}

function under(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => p === '' || path === p || path.startsWith(p + '/'));
}

/** Decompression chosen by the layer's first bytes (opm's compression.AutoDecompress). */
async function decompressorFor(layerFile: string): Promise<Transform> {
  const fh = await fs.open(layerFile, 'r');
  const magic = Buffer.alloc(4);
  try {
    await fh.read(magic, 0, 4, 0);
  } finally {
    await fh.close();
  }
  if (magic[0] === 0x1f && magic[1] === 0x8b) return zlib.createGunzip();
  if (magic.equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]))) {
    const z = (zlib as unknown as { createZstdDecompress?: () => Transform }).createZstdDecompress;
    if (!z)
      throw new RegistryHttpError(
        `a zstd-compressed layer needs Node 22.15 or later (this is ${process.version})`,
      );
    return z();
  }
  return new PassThrough();
}

/** Applies one layer (a file in the cache) to `root`, for the paths under `prefixes`. */
export async function applyLayer(
  layerFile: string,
  root: string,
  prefixes: readonly string[],
  limits: UnpackLimits,
  counters: { bytes: number; entries: number },
  layerName: string,
): Promise<void> {
  const ex = extract();
  ex.on('entry', (header, stream, next) => {
    const fail = (msg: string): void => {
      // The entry's stream is torn down with the extractor: its error is the extractor's, reported once.
      stream.on('error', () => undefined);
      stream.resume();
      ex.destroy(new RegistryHttpError(`layer ${layerName}: ${msg}`));
    };
    if (++counters.entries > limits.maxEntries) return fail(`more than ${limits.maxEntries} entries`);
    const rawName = header.name;
    if (rawName.split(/[\\/]/).includes('..')) {
      return fail(`entry ${JSON.stringify(rawName)} leaves the image root: refused`);
    }
    const path = entryPath(rawName);
    if (path === null || !under(path, prefixes)) {
      stream.resume();
      stream.on('end', next);
      return;
    }
    const base = posix.basename(path);
    const dir = posix.dirname(path);
    const target = join(root, path);
    const done = (e?: unknown): void => (e ? ex.destroy(e as Error) : next());
    if (base.startsWith('.wh.')) {
      stream.resume();
      const victim = base === '.wh..wh..opq' ? join(root, dir) : join(root, dir, base.slice(4));
      const clear =
        base === '.wh..wh..opq'
          ? fs
              .readdir(victim)
              .then((names) =>
                Promise.all(names.map((n) => fs.rm(join(victim, n), { recursive: true, force: true }))),
              )
              .catch(() => undefined)
          : fs.rm(victim, { recursive: true, force: true });
      stream.on('end', () => void clear.then(() => next(), done));
      return;
    }
    if (header.type === 'directory') {
      stream.resume();
      stream.on(
        'end',
        () => void fs.mkdir(target, { recursive: true, mode: 0o700 }).then(() => next(), done),
      );
      return;
    }
    if (header.type !== 'file' && header.type !== 'contiguous-file') {
      return fail(
        `entry ${JSON.stringify(rawName)} is a ${header.type} (${header.linkname ? `to ${JSON.stringify(header.linkname)}` : 'not a regular file'}): only regular files and directories are unpacked`,
      );
    }
    const size = header.size ?? 0;
    if (size > limits.maxFileBytes)
      return fail(
        `entry ${JSON.stringify(rawName)} is ${size} bytes, more than the limit of ${limits.maxFileBytes}`,
      );
    counters.bytes += size;
    if (counters.bytes > limits.maxTotalBytes)
      return fail(`the image unpacks to more than ${limits.maxTotalBytes} bytes`);
    void fs
      .mkdir(dirname(target), { recursive: true, mode: 0o700 })
      .then(() => fs.rm(target, { recursive: true, force: true }))
      .then(() => pipeline(stream, createWriteStream(target, { mode: 0o600 })))
      .then(() => next(), done);
  });
  await pipeline(createReadStream(layerFile), await decompressorFor(layerFile), ex);
}
