/**
 * Recently opened folders. Directory handles survive in IndexedDB (they are structured-cloneable)
 * but their permission does not: reopening asks again (ensurePermission), which needs a click.
 */
import { idbStore } from './idb-store';
const DB = 'fbc-studio';
const STORE = 'recent-folders';
const MAX = 8;

export interface RecentFolder {
  /** Stable key: opened-at time in ms when first stored. */
  id: number;
  name: string;
  handle: FileSystemDirectoryHandle;
  openedAt: number;
}

const run = idbStore(DB, STORE, 'id');

/** Most recent first. Returns [] when IndexedDB is unavailable (private windows in some browsers). */
export async function listRecentFolders(): Promise<RecentFolder[]> {
  try {
    const all = await run<RecentFolder[]>('readonly', (s) => s.getAll() as IDBRequest<RecentFolder[]>);
    return all.sort((a, b) => b.openedAt - a.openedAt);
  } catch {
    return [];
  }
}

/** Records (or refreshes) a folder; the same folder opened again keeps one entry. */
export async function rememberFolder(handle: FileSystemDirectoryHandle): Promise<void> {
  try {
    const all = await listRecentFolders();
    let same: RecentFolder | undefined;
    for (const r of all) {
      if (await r.handle.isSameEntry(handle).catch(() => false)) same = r;
    }
    const now = Date.now();
    const entry: RecentFolder = { id: same?.id ?? now, name: handle.name, handle, openedAt: now };
    await run('readwrite', (s) => s.put(entry));
    const stale = all.filter((r) => r.id !== entry.id).slice(MAX - 1);
    for (const r of stale) await run('readwrite', (s) => s.delete(r.id));
  } catch {
    // Remembering is a convenience; opening must not fail because of it.
  }
}

export async function forgetFolder(id: number): Promise<void> {
  await run('readwrite', (s) => s.delete(id)).catch(() => undefined);
}

type PermissionHandle = FileSystemHandle & {
  queryPermission?(d: { mode: 'read' | 'readwrite' }): Promise<PermissionState>;
  requestPermission?(d: { mode: 'read' | 'readwrite' }): Promise<PermissionState>;
};

/**
 * True when the handle may be used with `mode`, asking the user if needed. Call it from a click
 * handler: requestPermission needs a user gesture.
 */
export async function ensurePermission(
  handle: FileSystemHandle,
  mode: 'read' | 'readwrite' = 'readwrite',
): Promise<boolean> {
  const h = handle as PermissionHandle;
  if (!h.queryPermission || !h.requestPermission) return true;
  if ((await h.queryPermission({ mode })) === 'granted') return true;
  return (await h.requestPermission({ mode })) === 'granted';
}

export const hasDirectoryPicker = (): boolean =>
  typeof (globalThis as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';

/** Opens the OS folder picker for read-write use. Resolves null when the user cancels. */
export async function pickDirectory(): Promise<FileSystemDirectoryHandle | null> {
  const g = globalThis as {
    showDirectoryPicker?: (o: { mode: 'readwrite'; id?: string }) => Promise<FileSystemDirectoryHandle>;
  };
  if (!g.showDirectoryPicker) return null;
  try {
    // Called as a method: an unbound showDirectoryPicker throws "Illegal invocation".
    return await g.showDirectoryPicker({ mode: 'readwrite', id: 'fbc-studio-catalog' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') return null;
    throw e;
  }
}
