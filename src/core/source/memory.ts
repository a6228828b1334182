import type { CatalogSource, SourceFile } from './types';

/** An in-memory catalog: the source for unit tests, the demo catalog and edited drafts. */
export class MemorySource implements CatalogSource {
  readonly files: Map<string, Uint8Array>;

  constructor(
    files: Record<string, string | Uint8Array> | Map<string, string | Uint8Array>,
    readonly name = 'memory',
  ) {
    const entries = files instanceof Map ? [...files.entries()] : Object.entries(files);
    this.files = new Map(
      entries.map(([path, data]) => [path, typeof data === 'string' ? new TextEncoder().encode(data) : data]),
    );
  }

  list(): Promise<SourceFile[]> {
    return Promise.resolve(
      [...this.files.entries()].map(([path, data]) => ({ path, size: data.byteLength })),
    );
  }

  read(path: string): Promise<Uint8Array> {
    const data = this.files.get(path);
    if (!data) return Promise.reject(new Error(`open ${path}: no such file or directory`));
    return Promise.resolve(data);
  }

  write(path: string, data: Uint8Array): Promise<void> {
    this.files.set(path, data);
    return Promise.resolve();
  }
}
