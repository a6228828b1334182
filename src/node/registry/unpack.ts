/**
 * Applying an image's layers to a folder, the way opm unpacks them (containerd's archive.Apply:
 * layers in order, `.wh.<name>` deletes, `.wh..wh..opq` empties a directory), restricted to the
 * paths the command reads (a catalog's configs directory; a bundle's manifests/ and metadata/), so
 * a base image's filesystem is never written. Within those paths only directories and regular files
 * are created: a link, device or FIFO is refused, and so is any entry whose name leaves the root —
 * nothing from a layer escapes its folder. Sizes are bounded per file and in total, and the layer
 * is streamed (gzip, zstd or plain tar, told apart by their magic bytes: ./decompress.ts).
 */
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extract } from 'tar-stream';
import { decompressorFor } from './decompress';
import { RegistryHttpError } from './http';

export interface UnpackLimits {
  maxFileBytes: number;
  maxTotalBytes: number;
  maxEntries: number;
  /** What one layer may decompress to (./decompress.ts; 8 GiB unless given). */
  maxLayerBytes?: number;
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
  const decompress = await decompressorFor(layerFile, `layer ${layerName}`, limits.maxLayerBytes);
  await pipeline([createReadStream(layerFile), ...decompress, ex]);
}
