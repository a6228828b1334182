/**
 * Watching a folder tree for changes made outside the server. macOS and Windows watch a tree
 * natively (fs.watch recursive). On Linux, Node 20's recursive watch follows each file's inode and
 * stops reporting a file once it is replaced by a rename (what our own writes, editors and Git do),
 * so there each folder is watched on its own — inotify on a folder reports its entries by name,
 * whatever their inode — and a folder created later is added as it appears.
 */
import { promises as fs, watch, type FSWatcher } from 'node:fs';
import { join, sep } from 'node:path';

/** Folders watched at most (an inotify watch each); beyond, deeper changes go unreported. */
export const MAX_WATCHED_FOLDERS = 10_000;

export interface TreeWatch {
  close(): void;
}

export function watchTree(
  root: string,
  onPath: (rel: string) => void,
  ignore: (rel: string) => boolean,
): TreeWatch {
  if (process.platform !== 'linux') {
    try {
      const w = watch(root, { recursive: true }, (_e, name) => {
        if (typeof name !== 'string') return;
        const rel = name.split(sep).join('/');
        if (!ignore(rel)) onPath(rel);
      });
      w.on('error', () => undefined);
      return { close: () => w.close() };
    } catch {
      return { close: () => undefined }; // no watching here: the app works without reload offers
    }
  }

  const watchers = new Map<string, FSWatcher>();
  let closed = false;

  const add = async (rel: string, report: boolean): Promise<void> => {
    if (closed || watchers.has(rel) || watchers.size >= MAX_WATCHED_FOLDERS) return;
    const abs = rel ? join(root, rel) : root;
    // Only folders (fs.watch would watch a file too); a link is not followed.
    if (!(await fs.lstat(abs).catch(() => undefined))?.isDirectory() || closed || watchers.has(rel)) return;
    let w: FSWatcher;
    try {
      w = watch(abs, (event, name) => {
        if (typeof name !== 'string') return;
        const child = rel ? `${rel}/${name}` : name;
        if (ignore(child)) return;
        onPath(child);
        // A folder created (or moved in): watched from now on, its files reported.
        if (event === 'rename') void add(child, true);
      });
    } catch {
      return; // gone already
    }
    w.on('error', () => {
      w.close();
      watchers.delete(rel);
    });
    watchers.set(rel, w);
    const entries = await fs.readdir(abs, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map((d) => {
        const child = rel ? `${rel}/${d.name}` : d.name;
        if (ignore(child)) return undefined;
        if (d.isDirectory()) return add(child, report);
        if (report) onPath(child);
        return undefined;
      }),
    );
  };
  void add('', false);
  return {
    close: () => {
      closed = true;
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
