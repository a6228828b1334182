/**
 * The image cache, content-addressed: `blobs/sha256/<hex>` (written through a temporary file and a
 * rename, the digest checked while streaming, and checked again when read back — a damaged or
 * planted file is never used), `unpacked/<key>/` the parts of an image a command reads. Where it
 * lives: `$OLM_CACHE_DIR/images` (opm's variable), else `$XDG_CACHE_HOME/fbc-studio/images`, else
 * `~/.cache/fbc-studio/images`. A tag is re-resolved on every pull; a digest's content never moves.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RegistryHttpError } from './http';

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (env.OLM_CACHE_DIR) return join(env.OLM_CACHE_DIR, 'images');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'fbc-studio', 'images');
}

function hexOf(digest: string): string {
  const m = /^sha256:([0-9a-f]{64})$/.exec(digest);
  if (!m) throw new RegistryHttpError(`unsupported digest ${JSON.stringify(digest)} (only sha256 is read)`);
  return m[1] as string;
}

export interface ResolvedDigest {
  key: string;
  kind: 'catalog' | 'bundle';
  /** The image manifest's digest (an index's platform manifest). */
  manifest: string;
  labels: Record<string, string>;
  /** The folder to read, relative to the unpacked root. */
  dir: string;
}

export class ImageCache {
  constructor(readonly root: string) {}

  blobPath(digest: string): string {
    return join(this.root, 'blobs', 'sha256', hexOf(digest));
  }

  /** True when the blob is cached and its bytes still hash to its digest. */
  async hasBlob(digest: string): Promise<boolean> {
    const path = this.blobPath(digest);
    try {
      const hash = createHash('sha256');
      await pipeline(createReadStream(path), hash);
      if (`sha256:${hash.digest('hex')}` === digest) return true;
      await fs.rm(path, { force: true });
      return false;
    } catch {
      return false;
    }
  }

  /** Streams `body` into the cache, refusing it past `max` bytes or when it does not hash to `digest`. */
  async putBlob(digest: string, body: Readable, max: number, what: string): Promise<string> {
    const path = this.blobPath(digest);
    await fs.mkdir(join(this.root, 'blobs', 'sha256'), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const hash = createHash('sha256');
    let n = 0;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            n += chunk.length;
            if (n > max) throw new RegistryHttpError(`${what} is more than the limit of ${max} bytes`);
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(tmp, { mode: 0o600 }),
      );
      const got = `sha256:${hash.digest('hex')}`;
      if (got !== digest)
        throw new RegistryHttpError(`${what}: digest mismatch: expected ${digest}, got ${got}`);
      await fs.rename(tmp, path);
      return path;
    } catch (e) {
      body.destroy();
      await fs.rm(tmp, { force: true });
      throw e;
    }
  }

  /** What a digest reference was unpacked as (written once it is unpacked). */
  async resolvedDigest(digest: string): Promise<ResolvedDigest | undefined> {
    try {
      const j = JSON.parse(
        await fs.readFile(join(this.root, 'resolved', hexOf(digest)), 'utf8'),
      ) as ResolvedDigest;
      return /^[0-9a-f]{64}-[0-9a-f]{12}$/.test(j.key) && (j.kind === 'catalog' || j.kind === 'bundle')
        ? j
        : undefined;
    } catch {
      return undefined;
    }
  }

  async rememberDigest(digest: string, r: ResolvedDigest): Promise<void> {
    const dir = join(this.root, 'resolved');
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const tmp = join(dir, `${hexOf(digest)}.${randomBytes(6).toString('hex')}.tmp`);
    await fs.writeFile(tmp, JSON.stringify(r), { mode: 0o600 });
    await fs.rename(tmp, join(dir, hexOf(digest)));
  }

  unpackedPath(key: string): string {
    return join(this.root, 'unpacked', key);
  }

  async isUnpacked(key: string): Promise<boolean> {
    return fs.stat(join(this.unpackedPath(key), '.complete')).then(
      () => true,
      () => false,
    );
  }

  /** A fresh folder to unpack into, moved to its key by `commitUnpacked`. */
  async tempDir(): Promise<string> {
    const dir = join(this.root, 'tmp', randomBytes(8).toString('hex'));
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  async commitUnpacked(tmp: string, key: string): Promise<string> {
    const dest = this.unpackedPath(key);
    await fs.writeFile(join(tmp, '.complete'), '');
    await fs.mkdir(join(this.root, 'unpacked'), { recursive: true, mode: 0o700 });
    await fs.rm(dest, { recursive: true, force: true });
    await fs.rename(tmp, dest);
    return dest;
  }
}
