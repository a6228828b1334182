/**
 * The folder handle of the open catalog, kept on the main thread too (the worker writes through
 * its own copy). Write access can lapse after opening — revoked in the site settings, or granted
 * read-only — and only the main thread, inside the user's click, can ask for it again.
 */
import { ensurePermission } from '../../browser/recent-folders';

let folder: FileSystemDirectoryHandle | undefined;

/** Called when a catalog opens: its folder handle, or undefined for the demo and uploads. */
export function setOpenFolder(handle: FileSystemDirectoryHandle | undefined): void {
  folder = handle;
}

/**
 * Asks for read-write access to the open folder, prompting when it is not granted. Call it
 * synchronously from the click that starts the write (the prompt needs that user activation).
 * Never rejects: a refusal, or a browser that will not ask, resolves false.
 */
export function requestWriteAccess(): Promise<boolean> {
  return folder ? ensurePermission(folder, 'readwrite').catch(() => false) : Promise.resolve(true);
}
