/**
 * The part of Node's `fs.promises` isomorphic-git reads a repository through, served from our
 * source layer (a folder handle in the browser, memory in tests). Read-only: Git's object store is
 * only ever read here, never written (no index refresh, no packfile caches on disk).
 */

export interface ReadOnlyTree {
  /** Every file path under the root, '/'-separated, relative. */
  paths: readonly string[];
  read(path: string): Promise<Uint8Array>;
}

interface Stat {
  type: 'file' | 'dir';
  mode: number;
  size: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  uid: number;
  gid: number;
  dev: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

function fsError(code: string, path: string): Error {
  const e = new Error(`${code}: ${path}`) as Error & { code: string };
  e.code = code;
  return e;
}

function stat(type: 'file' | 'dir', size = 0): Stat {
  return {
    type,
    mode: type === 'dir' ? 0o40755 : 0o100644,
    size,
    ino: 0,
    mtimeMs: 0,
    ctimeMs: 0,
    uid: 0,
    gid: 0,
    dev: 0,
    isFile: () => type === 'file',
    isDirectory: () => type === 'dir',
    isSymbolicLink: () => false,
  };
}

/** The fs isomorphic-git takes (`{ promises }`), with the repository at `/`. */
export function readOnlyGitFs(tree: ReadOnlyTree): { promises: Record<string, unknown> } {
  const files = new Set(tree.paths);
  const dirs = new Map<string, Set<string>>([['', new Set()]]);
  for (const p of tree.paths) {
    const parts = p.split('/');
    for (let i = 0; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      const children = dirs.get(parent) ?? new Set<string>();
      children.add(parts[i] as string);
      dirs.set(parent, children);
    }
  }
  const rel = (path: string): string => path.replace(/^\/+/, '').replace(/\/+$/, '');
  const denied = (path: string): Promise<never> => Promise.reject(fsError('EROFS', path));
  const promises = {
    async readFile(path: string, opts?: { encoding?: string } | string): Promise<Uint8Array | string> {
      const r = rel(path);
      if (!files.has(r)) throw fsError('ENOENT', path);
      const data = await tree.read(r);
      const encoding = typeof opts === 'string' ? opts : opts?.encoding;
      return encoding ? new TextDecoder().decode(data) : data;
    },
    readdir(path: string): Promise<string[]> {
      const d = dirs.get(rel(path));
      return d
        ? Promise.resolve([...d])
        : Promise.reject(fsError(files.has(rel(path)) ? 'ENOTDIR' : 'ENOENT', path));
    },
    stat(path: string): Promise<Stat> {
      const r = rel(path);
      if (dirs.has(r)) return Promise.resolve(stat('dir'));
      if (files.has(r)) return Promise.resolve(stat('file'));
      return Promise.reject(fsError('ENOENT', path));
    },
    lstat(path: string): Promise<Stat> {
      return promises.stat(path);
    },
    readlink: (path: string) => Promise.reject(fsError('ENOENT', path)),
    writeFile: denied,
    mkdir: denied,
    rmdir: denied,
    unlink: denied,
    symlink: denied,
    chmod: denied,
  };
  return { promises };
}
