import type { SourceSpec } from './source-spec';

type HandleItem = DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };

/**
 * Turns a drop into a catalog source. Must be called synchronously inside the `drop` handler:
 * DataTransferItems go dead once the event returns, so both APIs are started before any await.
 * Chromium gives a writable FileSystemDirectoryHandle (getAsFileSystemHandle); other engines give
 * a read-only entry tree (webkitGetAsEntry), read into File objects by drop-read.ts, which loads
 * only when a folder is dropped (it stays out of the initial JS).
 */
export function readDrop(dt: DataTransfer): Promise<SourceSpec | null> {
  const items = Array.from(dt.items).filter((i) => i.kind === 'file');
  const handlePromises = items.map((i) => (i as HandleItem).getAsFileSystemHandle?.());
  const entries = items.map((i) => i.webkitGetAsEntry?.() ?? null);
  const plainFiles = Array.from(dt.files);
  return import('./drop-read').then((m) => m.resolveDrop(handlePromises, entries, plainFiles));
}
