/**
 * What a failed file-system call means to the user, in words. The File System Access API reports
 * failures as DOMException names; their own messages ("An attempt was made to modify an object
 * where modifications are not allowed.") do not say what happened or what to do about it.
 */
const REASONS: Record<string, string> = {
  NotAllowedError: 'permission denied (the browser does not allow writing to this folder now)',
  // Chromium's createWritable() fails this way while the browser holds a lock on the file for
  // someone else: a sync access handle or an exclusive writable opened by another tab or worker.
  NoModificationAllowedError:
    'the file is locked (open for writing in another tab or window); close it there and write again',
  QuotaExceededError: 'no space left (quota exceeded)',
  // A folder where a file is to be written, or a file where a folder is expected.
  TypeMismatchError: 'a file or folder of that name is in the way',
};

export function describeWriteError(e: unknown): string {
  const name = e && typeof e === 'object' && 'name' in e ? String((e as { name: unknown }).name) : '';
  return REASONS[name] ?? (e instanceof Error ? e.message : String(e));
}
