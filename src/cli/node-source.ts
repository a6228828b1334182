/**
 * Catalog sources over Node's file system, shaped like opm's `os.DirFS` + `fs.WalkDir` view:
 * every non-directory entry is a file (hidden ones too); a symlink to a file is read through the
 * link; a symlink to a directory is not walked but listed, and reading it fails with Go's
 * `read <path>: is a directory`; an unreadable sub-directory is listed so that reading it reports
 * the walk error. Error texts are Go's (`open <path>: no such file or directory`), where <path> is
 * the root as given joined with the relative path, as os.DirFS does.
 *
 * Directory listings are read as bytes: a file name that is not UTF-8 (Latin-1 `caf\xe9.yaml` from
 * an old archive) is still read, by its bytes, and shown with each bad byte as `\xHH`, the way Go's
 * `%q` prints it; the display name is unique, so it keys the file everywhere else.
 */
import { promises as fs, readdirSync, statSync, type Dirent } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { CatalogSource, SourceFile } from '../core/source/types';
import { displayFileName } from '../core/load/utf8-errors';
import { readTextFile } from './read-text';

const STRERROR: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many levels of symbolic links',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  ENAMETOOLONG: 'file name too long',
  EMFILE: 'too many open files',
  ENXIO: 'no such device or address',
  EIO: 'input/output error',
};

/** Go's *PathError text for a Node fs error. */
export function goPathError(op: string, path: string, e: unknown): Error {
  const code = (e as NodeJS.ErrnoException | undefined)?.code ?? '';
  const text =
    STRERROR[code] ??
    ((e as Error | undefined)?.message ?? String(e)).replace(/^[A-Z]+: /, '').replace(/,.*$/, '');
  // Reading a directory: Go's open succeeds and the read fails.
  const goOp = code === 'EISDIR' ? 'read' : op;
  return new Error(`${goOp} ${path}: ${text}`);
}

/** os.DirFS(root) path joining: root + "/" + name, without doubling a trailing separator. */
function dirFsJoin(root: string, rel: string): string {
  return root.endsWith('/') ? root + rel : `${root}/${rel}`;
}

interface Listed extends SourceFile {
  /** A walk error to report when this entry is read (unreadable directory). */
  walkError?: string;
}

/**
 * A folder's source with its listing, taken once per command: discovery and the policy decision
 * both read it (a second walk of a catalog folder is a few milliseconds of every run).
 */
export interface FolderListing {
  source: NodeFsSource;
  files: readonly SourceFile[];
}

export class NodeFsSource implements CatalogSource {
  readonly name: string;
  private readonly walkErrors = new Map<string, string>();
  /** Display path → the path's bytes, for names that are not UTF-8. */
  private readonly bytePaths = new Map<string, Buffer>();

  /** `root` as the user gave it: it prefixes paths in error messages, as with opm. */
  constructor(readonly root: string) {
    this.name = basename(resolve(root));
  }

  async list(): Promise<SourceFile[]> {
    const out: Listed[] = [];
    this.walkErrors.clear();
    this.bytePaths.clear();
    this.walk('', Buffer.from(this.root), out);
    return out.map(({ path, size }) => (size === undefined ? { path } : { path, size }));
  }

  /**
   * Synchronous: on a local disk each call is a few microseconds, and a run that lists with
   * fs.promises starts libuv's thread pool and loads fs/promises first (a small catalog's whole
   * walk is shorter than that).
   */
  private walk(rel: string, abs: Buffer, out: Listed[]): void {
    let entries: Dirent<Buffer>[];
    try {
      entries = readdirSync(abs, { withFileTypes: true, encoding: 'buffer' });
    } catch (e) {
      if (!rel) throw goPathError('open', this.root, e);
      // fs.WalkDir reports the failed ReadDir for this directory; surface it as an entry.
      this.walkErrors.set(rel, goPathError('open', dirFsJoin(this.root, rel), e).message);
      out.push({ path: rel });
      return;
    }
    for (const d of entries) {
      const name = displayFileName(d.name);
      const childRel = rel ? `${rel}/${name.text}` : name.text;
      const childAbs = Buffer.concat([abs, Buffer.from('/'), d.name]);
      if (!name.utf8 || this.bytePaths.has(rel)) this.bytePaths.set(childRel, childAbs);
      if (d.isDirectory()) {
        this.walk(childRel, childAbs, out);
        continue;
      }
      let size: number | undefined;
      try {
        const st = statSync(childAbs);
        if (st.isFile()) size = st.size;
      } catch {
        // Broken link or vanished file: listed anyway, reading it gives the OS error.
      }
      out.push(size === undefined ? { path: childRel } : { path: childRel, size });
    }
  }

  /** What fs opens for a listed path (its bytes for a name that is not UTF-8); undefined for a walk error. */
  absolutePath(path: string): string | Buffer | undefined {
    return this.walkErrors.has(path) ? undefined : this.opened(path);
  }

  /** What fs opens for `path`; throws the walk error of an unreadable directory entry. */
  private opened(path: string): string | Buffer {
    const walkError = this.walkErrors.get(path);
    if (walkError) throw new Error(walkError);
    return this.bytePaths.get(path) ?? join(this.root, path);
  }

  async read(path: string): Promise<Uint8Array> {
    const abs = this.opened(path);
    try {
      const buf = await fs.readFile(abs);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (e) {
      throw goPathError('open', dirFsJoin(this.root, path), e);
    }
  }

  async readText(path: string): Promise<string | undefined> {
    const abs = this.opened(path);
    let text: string;
    try {
      text = readTextFile(abs);
    } catch (e) {
      throw goPathError('open', dirFsJoin(this.root, path), e);
    }
    return text.includes('\uFFFD') ? undefined : text;
  }

  async write(path: string, data: Uint8Array): Promise<void> {
    const abs = join(this.root, path);
    await fs.mkdir(resolve(abs, '..'), { recursive: true });
    await fs.writeFile(abs, data);
  }
}

/** A catalog of one file: `path` is the file; its base name is the only entry. */
export function fileSource(path: string): CatalogSource {
  const name = basename(path);
  return {
    name,
    async list() {
      const st = await fs.stat(path).catch(() => undefined);
      return [st ? { path: name, size: st.size } : { path: name }];
    },
    async read(rel: string) {
      if (rel !== name) throw new Error(`open ${rel}: no such file or directory`);
      try {
        const buf = await fs.readFile(path);
        return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      } catch (e) {
        throw goPathError('open', path, e);
      }
    },
  };
}
