/**
 * Unsaved edits kept in IndexedDB, so a reload or a crashed tab loses nothing: one draft per
 * catalog (the demo, a folder handle, an uploaded folder by name). Its own database, so the
 * recent-folders store keeps its schema version.
 */
import { idbStore } from './idb-store';
import type { FileEdit } from '../core/service/edit-types';

const DB = 'fbc-studio-drafts';
const STORE = 'drafts';

export interface Draft {
  /** 'demo', 'files:<name>', 'server:<id>' (served), or 'handle:<n>' (a folder, matched by isSameEntry). */
  key: string;
  name: string;
  handle?: FileSystemDirectoryHandle;
  files: FileEdit[];
  savedAt: number;
}

const run = idbStore(DB, STORE, 'key');

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
    | { kind: 'server'; id: string }
    | { kind: 'handle'; handle: FileSystemDirectoryHandle },
): Promise<string> {
  if (spec.kind === 'demo') return 'demo';
  if (spec.kind === 'server') return `server:${spec.id}`;
  if (spec.kind === 'files') return `files:${spec.name}`;
  for (const d of await listDrafts()) {
    if (d.handle && (await d.handle.isSameEntry(spec.handle).catch(() => false))) return d.key;
  }
  return `handle:${Date.now()}:${spec.handle.name}`;
}
