import type { CatalogSource, SourceFile } from '../core/source/types';

/** A file and its path relative to the catalog root. */
export interface RootedFile {
  path: string;
  file: File;
}

/**
 * A read-only catalog made of File objects: from <input webkitdirectory> or a folder dropped on
 * a browser without getAsFileSystemHandle. Saving from such a catalog downloads files instead.
 */
export class FilesSource implements CatalogSource {
  private readonly byPath: Map<string, File>;

  constructor(
    files: readonly RootedFile[],
    readonly name: string,
  ) {
    this.byPath = new Map(files.map((f) => [f.path, f.file]));
  }

  list(): Promise<SourceFile[]> {
    return Promise.resolve([...this.byPath].map(([path, file]) => ({ path, size: file.size })));
  }

  async read(path: string): Promise<Uint8Array> {
    const file = this.byPath.get(path);
    if (!file) throw new Error(`open ${path}: no such file or directory`);
    try {
      return new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      throw new Error(`open ${path}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  }
}

/**
 * Paths from <input webkitdirectory>: `webkitRelativePath` starts with the chosen folder's own
 * name ("catalog/pkg/catalog.yaml"); the catalog root is that folder, so the first segment goes.
 */
export function filesFromDirectoryInput(list: FileList | readonly File[]): {
  name: string;
  files: RootedFile[];
} {
  const files: RootedFile[] = [];
  let name = '';
  for (const file of Array.from(list)) {
    const rel = file.webkitRelativePath || file.name;
    const slash = rel.indexOf('/');
    if (!name) name = slash > 0 ? rel.slice(0, slash) : 'files';
    files.push({ path: slash >= 0 ? rel.slice(slash + 1) : rel, file });
  }
  return { name: name || 'files', files };
}
