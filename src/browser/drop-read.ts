import type { RootedFile } from './files-source';
import type { SourceSpec } from './source-spec';

/** The catalog source for what drop.ts captured during the drop event. */
export async function resolveDrop(
  handlePromises: (Promise<FileSystemHandle | null> | undefined)[],
  entries: (FileSystemEntry | null)[],
  plainFiles: File[],
): Promise<SourceSpec | null> {
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
