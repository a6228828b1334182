import type { RootedFile } from './files-source';
import type { SourceSpec } from './source-spec';

type HandleItem = DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };

/**
 * Turns a drop into a catalog source. Must be called synchronously inside the `drop` handler:
 * DataTransferItems go dead once the event returns, so both APIs are started before any await.
 * Chromium gives a writable FileSystemDirectoryHandle (getAsFileSystemHandle); other engines give
 * a read-only entry tree (webkitGetAsEntry), read here into File objects.
 */
export function readDrop(dt: DataTransfer): Promise<SourceSpec | null> {
  const items = Array.from(dt.items).filter((i) => i.kind === 'file');
  const handlePromises = items.map((i) => (i as HandleItem).getAsFileSystemHandle?.());
  const entries = items.map((i) => i.webkitGetAsEntry?.() ?? null);
  const plainFiles = Array.from(dt.files);

  return (async () => {
    if (handlePromises.length && handlePromises.every((p) => p !== undefined)) {
      const handles = await Promise.all(handlePromises);
      const dir = handles.find((h): h is FileSystemDirectoryHandle => h?.kind === 'directory');
      if (dir) return { kind: 'handle', handle: dir };
    }
    const dirEntry = entries.find((e): e is FileSystemDirectoryEntry => !!e?.isDirectory);
    if (dirEntry) return { kind: 'files', name: dirEntry.name, files: await readEntryTree(dirEntry) };
    if (plainFiles.length) {
      return {
        kind: 'files',
        name: 'dropped files',
        files: plainFiles.map((file) => ({ path: file.name, file })),
      };
    }
    return null;
  })();
}

async function readEntryTree(root: FileSystemDirectoryEntry): Promise<RootedFile[]> {
  const out: RootedFile[] = [];
  const walk = async (dir: FileSystemDirectoryEntry, prefix: string): Promise<void> => {
    for (const entry of await readAllEntries(dir)) {
      const path = prefix + entry.name;
      if (entry.isDirectory) await walk(entry as FileSystemDirectoryEntry, `${path}/`);
      else out.push({ path, file: await entryFile(entry as FileSystemFileEntry) });
    }
  };
  await walk(root, '');
  return out;
}

/** readEntries returns at most 100 entries per call (Chromium); call until it returns none. */
async function readAllEntries(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (!batch.length) return all;
    all.push(...batch);
  }
}

function entryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}
