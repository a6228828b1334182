/**
 * Writing edits back to the catalog folder (a FileSystemDirectoryHandle, or OPFS in the tests).
 * Safe by construction: a file is only written when the disk still holds exactly the bytes that
 * were loaded (else it is a conflict, shown to the user, and never overwritten silently), every
 * write is read back and compared, and a failure part-way reports what was written and what was
 * not. Runs in the catalog worker; the handle types are narrowed so unit tests can pass fakes.
 */
import type { FileEdit, FileText } from '../core/service/edit-types';
import { describeWriteError } from './write-errors';

export interface WritableLike {
  write(data: Uint8Array<ArrayBuffer>): Promise<void>;
  close(): Promise<void>;
  abort?(): Promise<void>;
}
export interface FileHandleLike {
  getFile(): Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>;
  createWritable(): Promise<WritableLike>;
}
export interface DirHandleLike {
  getDirectoryHandle(name: string, opts?: { create?: boolean }): Promise<DirHandleLike>;
  getFileHandle(name: string, opts?: { create?: boolean }): Promise<FileHandleLike>;
  removeEntry(name: string): Promise<void>;
}

/** A file whose disk content is not what was loaded: shown as disk versus edited. */
export interface WriteConflict {
  path: string;
  /** The disk's text now (null: the file is gone). */
  disk: string | null;
  original: string | null;
  edited: string | null;
  reason: string;
}

export interface WriteReport {
  written: FileText[];
  failed: { path: string; error: string }[];
  /** Conflicts not overwritten (nothing was written to them). */
  conflicts: WriteConflict[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

function isNotFound(e: unknown): boolean {
  return (
    (e instanceof Error || (typeof e === 'object' && e !== null)) &&
    ((e as { name?: string }).name === 'NotFoundError' ||
      (e as { name?: string }).name === 'TypeMismatchError')
  );
}

async function parentOf(
  root: DirHandleLike,
  path: string,
  create: boolean,
): Promise<{ dir: DirHandleLike; name: string }> {
  const parts = path.split('/');
  const name = parts.pop() ?? '';
  let dir = root;
  for (const p of parts) dir = await dir.getDirectoryHandle(p, { create });
  return { dir, name };
}

/** The file's bytes on disk, or null when it does not exist. */
export async function readDisk(root: DirHandleLike, path: string): Promise<Uint8Array | null> {
  try {
    const { dir, name } = await parentOf(root, path, false);
    const file = await (await dir.getFileHandle(name)).getFile();
    return new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether the disk still holds what was loaded; the conflict when it does not. */
export async function checkFile(root: DirHandleLike, f: FileEdit): Promise<WriteConflict | undefined> {
  const bytes = await readDisk(root, f.path);
  const disk = bytes === null ? null : decoder.decode(bytes);
  const base = { path: f.path, disk, original: f.original, edited: f.text };
  if (f.original === null) {
    return bytes === null
      ? undefined
      : { ...base, reason: 'a file of this name was created on disk since loading' };
  }
  if (bytes === null) return { ...base, reason: 'the file was deleted on disk since loading' };
  if (disk !== f.original) return { ...base, reason: 'the file was changed on disk since loading' };
  // Bytes that are not UTF-8 were decoded as U+FFFD: writing the text back would change them.
  if (!sameBytes(encoder.encode(disk), bytes))
    return {
      ...base,
      reason: 'the file holds bytes that are not valid UTF-8; writing it would change them',
    };
  return undefined;
}

/** The conflicts among `files` (those whose disk content is not what was loaded). */
export async function findConflicts(
  root: DirHandleLike,
  files: readonly FileEdit[],
): Promise<WriteConflict[]> {
  const out: WriteConflict[] = [];
  for (const f of files) {
    const c = await checkFile(root, f);
    if (c) out.push(c);
  }
  return out;
}

async function writeOne(root: DirHandleLike, f: FileEdit): Promise<void> {
  if (f.text === null) {
    const { dir, name } = await parentOf(root, f.path, false);
    await dir.removeEntry(name);
    return;
  }
  const { dir, name } = await parentOf(root, f.path, true);
  const data = encoder.encode(f.text);
  const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
  try {
    await writable.write(data);
    await writable.close();
  } catch (e) {
    // createWritable writes to a swap file: aborting leaves the original file as it was.
    await writable.abort?.().catch(() => undefined);
    throw e;
  }
  const back = await readDisk(root, f.path);
  if (!back || !sameBytes(back, data)) throw new Error('the file read back differs from what was written');
}

/**
 * Writes the changed files. Each is checked again right before it is written; a conflict is
 * written only if its path is in `overwrite` (the user chose "overwrite" for it). Continues after
 * a failure, so the report lists every file as written, failed or in conflict.
 */
export async function writeFiles(
  root: DirHandleLike,
  files: readonly FileEdit[],
  overwrite: ReadonlySet<string> = new Set(),
): Promise<WriteReport> {
  const report: WriteReport = { written: [], failed: [], conflicts: [] };
  for (const f of files) {
    try {
      const conflict = await checkFile(root, f);
      if (conflict && !(overwrite.has(f.path) && !conflict.reason.includes('UTF-8'))) {
        report.conflicts.push(conflict);
        continue;
      }
      await writeOne(root, f);
      report.written.push({ path: f.path, text: f.text });
    } catch (e) {
      report.failed.push({ path: f.path, error: describeWriteError(e) });
    }
  }
  return report;
}
