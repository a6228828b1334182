/**
 * A folder on disk as the local server serves it. Confinement is checked on the real path of every
 * file touched: a symlink whose target leaves the root, a device, a FIFO or a socket is refused, so
 * the browser can read and write only regular files inside the folder it was given.
 *
 * Writes keep the guarantees of the app's File System Access path: the client says which version it
 * read (or that there was no file), the body is streamed to a temporary file beside the target
 * (bounded memory, size-limited), the version is checked again just before the rename, and the
 * rename replaces the file in one step — a file changed since it was read is a 409, never
 * overwritten.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream, promises as fs, type Stats } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { watchTree } from './watch-tree';
import {
  checkRelativePath,
  ServedError,
  type Expectation,
  type ServedEntry,
  type ServedFile,
  type ServedFolder,
} from './served-folder';

/** A listing larger than this is refused (a hostile or mistaken folder, e.g. a home directory). */
export const MAX_LISTED_FILES = 200_000;
/** Temporary files of our own writes: never listed, never reported as changes. */
const TEMP = /(^|\/)\.[^/]*\.fbc-studio-[0-9a-f]+\.tmp$/;
/** Changes inside .git (a fetch, an index refresh) are not changes to the catalogs on screen. */
const GIT_INTERNAL = /^\.git(\/|$)/;
const WATCH_DEBOUNCE_MS = 150;

function versionOf(st: Stats | { size: bigint; mtimeNs: bigint; ino: bigint }): string {
  const s = st as { size: bigint; mtimeNs: bigint; ino: bigint };
  return `${s.size}-${s.mtimeNs}-${s.ino}`;
}

async function statVersion(path: string): Promise<{ version: string; isFile: boolean } | undefined> {
  try {
    const st = await fs.stat(path, { bigint: true });
    return { version: versionOf(st as unknown as Stats), isFile: st.isFile() };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

export class DiskFolder implements ServedFolder {
  readonly name: string;
  readonly id: string;
  /** Versions our own writes left (path → version, '' for a removal): not reported by watch. */
  private readonly own = new Map<string, string>();

  private constructor(
    /** The root's real path: every path served is checked to be inside it. */
    readonly root: string,
  ) {
    this.name = basename(root) || root;
    this.id = createHash('sha256').update(root).digest('hex').slice(0, 16);
  }

  static async open(dir: string): Promise<DiskFolder> {
    const root = await fs.realpath(dir);
    if (!(await fs.stat(root)).isDirectory()) throw new Error(`${dir} is not a directory`);
    return new DiskFolder(root);
  }

  private inside(real: string): boolean {
    return real === this.root || real.startsWith(this.root.endsWith(sep) ? this.root : this.root + sep);
  }

  /** The real path of an existing regular file inside the root, or a refusal. */
  private async existingFile(rel: string): Promise<string> {
    let real: string;
    try {
      real = await fs.realpath(join(this.root, checkRelativePath(rel)));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new ServedError(404, `${rel}: no such file`);
      throw new ServedError(403, `${rel}: ${(e as NodeJS.ErrnoException).code ?? 'refused'}`);
    }
    if (!this.inside(real)) throw new ServedError(403, `${rel} leads outside the served folder`);
    const st = await fs.stat(real);
    if (!st.isFile()) throw new ServedError(403, `${rel} is not a regular file`);
    return real;
  }

  async list(): Promise<ServedEntry[]> {
    const out: ServedEntry[] = [];
    const walk = async (relDir: string, absDir: string): Promise<void> => {
      const entries = await fs.readdir(absDir, { withFileTypes: true }).catch(() => []);
      await Promise.all(
        entries.map(async (d) => {
          const rel = relDir ? `${relDir}/${d.name}` : d.name;
          if (TEMP.test(rel) || d.name.includes('\\')) return;
          const abs = join(absDir, d.name);
          if (d.isDirectory()) return walk(rel, abs);
          if (!d.isFile() && !d.isSymbolicLink()) return; // devices, FIFOs, sockets
          try {
            const real = d.isSymbolicLink() ? await fs.realpath(abs) : abs;
            if (!this.inside(real)) return;
            const st = await fs.stat(real, { bigint: true });
            if (!st.isFile()) return; // a link to a folder is not walked (as opm's WalkDir)
            if (out.length >= MAX_LISTED_FILES)
              throw new ServedError(413, `the folder holds more than ${MAX_LISTED_FILES} files`);
            out.push({ path: rel, size: Number(st.size), version: versionOf(st as unknown as Stats) });
          } catch (e) {
            if (e instanceof ServedError) throw e;
            // A broken link or a file gone meanwhile: not listed.
          }
        }),
      );
    };
    await walk('', this.root);
    return out;
  }

  async read(rel: string, maxBytes: number): Promise<ServedFile> {
    const real = await this.existingFile(rel);
    // Opened without following a link swapped in after the check; the size and version are the
    // opened file's own.
    const handle = await fs.open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const st = await handle.stat({ bigint: true });
      if (!st.isFile()) throw new ServedError(403, `${rel} is not a regular file`);
      const size = Number(st.size);
      if (size > maxBytes) throw new ServedError(413, `${rel} is larger than ${maxBytes} bytes`);
      const body = createReadStream('', { fd: handle, autoClose: true, highWaterMark: 1 << 20 });
      return { body, size, version: versionOf(st as unknown as Stats), close: () => body.destroy() };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  /**
   * Where a file at `rel` is written: its real path, and the folders to create first (below the
   * deepest existing one, which must really be inside the root). Nothing is created here.
   */
  private async target(rel: string): Promise<{ dest: string; create: string[] }> {
    const full = join(this.root, checkRelativePath(rel));
    let dir = dirname(full);
    const missing: string[] = [];
    for (;;) {
      try {
        const real = await fs.realpath(dir);
        if (!this.inside(real)) throw new ServedError(403, `${rel} leads outside the served folder`);
        if (!(await fs.stat(real)).isDirectory()) throw new ServedError(403, `${rel}: a file is in the way`);
        dir = real;
        break;
      } catch (e) {
        if (e instanceof ServedError) throw e;
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        missing.unshift(basename(dir));
        dir = dirname(dir);
      }
    }
    const dest = join(dir, ...missing, basename(full));
    if (missing.length) return { dest, create: missing.map((_, i) => join(dir, ...missing.slice(0, i + 1))) };
    const l = await fs.lstat(dest).catch(() => undefined);
    if (!l) return { dest, create: [] };
    if (l.isSymbolicLink()) return { dest: await this.existingFile(rel), create: [] }; // kept inside
    if (!l.isFile()) throw new ServedError(403, `${rel} is not a regular file`);
    return { dest, create: [] };
  }

  private static async expectOn(path: string, rel: string, expect: Expectation): Promise<Stats | undefined> {
    const now = await statVersion(path);
    if ('absent' in expect) {
      if (now) throw new ServedError(409, `${rel} was created on disk since it was read`);
    } else if (!now) {
      throw new ServedError(409, `${rel} was deleted on disk since it was read`);
    } else if (now.version !== expect.version) {
      throw new ServedError(409, `${rel} was changed on disk since it was read`);
    }
    return now ? await fs.stat(path) : undefined;
  }

  async write(
    rel: string,
    body: AsyncIterable<Uint8Array>,
    expect: Expectation,
    maxBytes: number,
  ): Promise<string> {
    const { dest, create } = await this.target(rel);
    const before = await DiskFolder.expectOn(dest, rel, expect);
    let done = false;
    try {
      for (const d of create)
        await fs.mkdir(d).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
      // Created just now; checked again in case a link was swapped in meanwhile.
      if (create.length && !this.inside(await fs.realpath(dirname(dest))))
        throw new ServedError(403, `${rel} leads outside the served folder`);
      const temp = join(dirname(dest), `.${basename(dest)}.fbc-studio-${randomBytes(6).toString('hex')}.tmp`);
      const out = await fs.open(temp, 'wx', before ? before.mode & 0o777 : 0o644);
      try {
        let size = 0;
        for await (const chunk of body) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new ServedError(413, `the file is larger than ${maxBytes} bytes`);
          await out.write(chunk);
        }
        await out.sync();
        await out.close();
        // The upload took time: the file must still be the one the client read.
        await DiskFolder.expectOn(dest, rel, expect);
        await fs.rename(temp, dest);
        done = true;
      } finally {
        if (!done) {
          await out.close().catch(() => undefined);
          await fs.unlink(temp).catch(() => undefined);
        }
      }
    } finally {
      // A refused write leaves no folder behind (only empty ones of ours are removed).
      if (!done) for (const d of [...create].reverse()) await fs.rmdir(d).catch(() => undefined);
    }
    const after = await statVersion(dest);
    const version = after?.version ?? '';
    this.own.set(rel, version);
    return version;
  }

  async remove(rel: string, expect: Expectation): Promise<void> {
    const real = await this.existingFile(rel);
    await DiskFolder.expectOn(real, rel, expect);
    await fs.unlink(real);
    this.own.set(rel, '');
  }

  watch(onChange: (paths: string[]) => void): () => void {
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = async () => {
      timer = undefined;
      const paths = [...pending];
      pending.clear();
      const changed: string[] = [];
      for (const p of paths) {
        const st = await statVersion(join(this.root, p)).catch(() => undefined);
        if (st && !st.isFile) continue; // a folder: its files are reported themselves
        const now = st?.version ?? '';
        if (this.own.get(p) === now) continue; // our own write (or removal)
        this.own.delete(p);
        changed.push(p);
      }
      if (changed.length) onChange(changed.sort());
    };
    const tree = watchTree(
      this.root,
      (rel) => {
        pending.add(rel);
        timer ??= setTimeout(() => void flush(), WATCH_DEBOUNCE_MS);
      },
      (rel) => TEMP.test(rel) || GIT_INTERNAL.test(rel),
    );
    return () => {
      tree.close();
      if (timer) clearTimeout(timer);
    };
  }
}
