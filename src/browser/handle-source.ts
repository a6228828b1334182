import type { CatalogSource, SourceFile } from '../core/source/types';

/**
 * A catalog folder opened with showDirectoryPicker (or an OPFS directory, which is the same
 * interface). Works on the main thread and in a worker: handles are structured-cloneable.
 */
export class HandleSource implements CatalogSource {
  readonly name: string;
  /**
   * File handles found by list(): read() uses them instead of walking the path again (each step of
   * that walk is a round trip to the browser process; it is a third of the I/O time of 200 files).
   */
  private readonly listed = new Map<string, FileSystemFileHandle>();

  constructor(readonly root: FileSystemDirectoryHandle) {
    this.name = root.name;
  }

  async list(): Promise<SourceFile[]> {
    const out: SourceFile[] = [];
    // Sizes (for the progress bar) need getFile() per file: done concurrently per folder.
    const walk = async (dir: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      const pending: Promise<void>[] = [];
      for await (const [name, entry] of dirEntries(dir)) {
        const path = prefix + name;
        if (entry.kind === 'directory') pending.push(walk(entry as FileSystemDirectoryHandle, `${path}/`));
        else {
          this.listed.set(path, entry as FileSystemFileHandle);
          pending.push(
            (entry as FileSystemFileHandle).getFile().then((f) => {
              out.push({ path, size: f.size });
            }),
          );
        }
      }
      await Promise.all(pending);
    };
    await walk(this.root, '');
    return out;
  }

  async read(path: string): Promise<Uint8Array> {
    try {
      const file = await (this.listed.get(path) ?? (await this.fileHandle(path, false))).getFile();
      return new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      throw new Error(`open ${path}: ${describeError(e)}`, { cause: e });
    }
  }

  async write(path: string, data: Uint8Array): Promise<void> {
    const handle = await this.fileHandle(path, true);
    const writable = await handle.createWritable();
    await writable.write(data as Uint8Array<ArrayBuffer>);
    await writable.close();
  }

  private async fileHandle(path: string, create: boolean): Promise<FileSystemFileHandle> {
    const parts = path.split('/');
    const fileName = parts.pop() ?? '';
    let dir = this.root;
    for (const part of parts) dir = await dir.getDirectoryHandle(part, { create });
    return dir.getFileHandle(fileName, { create });
  }
}

/** `FileSystemDirectoryHandle.entries()` is not in TypeScript's DOM lib yet. */
function dirEntries(dir: FileSystemDirectoryHandle): AsyncIterable<[string, FileSystemHandle]> {
  return (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries();
}

function describeError(e: unknown): string {
  if (e instanceof DOMException && e.name === 'NotFoundError') return 'no such file or directory';
  if (e instanceof DOMException && e.name === 'NotAllowedError') return 'permission denied';
  return e instanceof Error ? e.message : String(e);
}
