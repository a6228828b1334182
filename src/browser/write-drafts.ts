/**
 * Unsaved edits kept in IndexedDB, so a reload or a crashed tab loses nothing: one draft per
 * catalog (the demo, a folder handle, an uploaded folder by name). Its own database, so the
 * recent-folders store keeps its schema version.
 */
import type { FileEdit } from '../core/service/edit-types';

const DB = 'fbc-studio-drafts';
const STORE = 'drafts';

export interface Draft {
  /** 'demo', 'files:<name>', or 'handle:<n>' (a folder, matched by isSameEntry). */
  key: string;
  name: string;
  handle?: FileSystemDirectoryHandle;
  files: FileEdit[];
  savedAt: number;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = fn(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        tx.onerror = tx.onabort = () => {
          db.close();
          reject(tx.error ?? new Error('IndexedDB transaction failed'));
        };
      }),
  );
}

export async function listDrafts(): Promise<Draft[]> {
  try {
    return await run<Draft[]>('readonly', (s) => s.getAll() as IDBRequest<Draft[]>);
  } catch {
    return [];
  }
}

export async function putDraft(draft: Draft): Promise<void> {
  await run('readwrite', (s) => s.put(draft));
}

export async function deleteDraft(key: string): Promise<void> {
  await run('readwrite', (s) => s.delete(key)).catch(() => undefined);
}

/** The key of the draft for a catalog: an existing draft's key when it is the same folder. */
export async function draftKey(
  spec:
    | { kind: 'demo' }
    | { kind: 'files'; name: string }
    | { kind: 'handle'; handle: FileSystemDirectoryHandle },
): Promise<string> {
  if (spec.kind === 'demo') return 'demo';
  if (spec.kind === 'files') return `files:${spec.name}`;
  for (const d of await listDrafts()) {
    if (d.handle && (await d.handle.isSameEntry(spec.handle).catch(() => false))) return d.key;
  }
  return `handle:${Date.now()}:${spec.handle.name}`;
}
