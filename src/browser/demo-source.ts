import type { CatalogSource, SourceFile } from '../core/source/types';

export interface DemoManifest {
  name: string;
  files: SourceFile[];
}

/**
 * The demo catalog shipped in public/demo/. A static server cannot list a folder, so
 * public/demo/manifest.json names the files. `baseUrl` must be absolute (the worker's own URL
 * is not the page's).
 */
export class DemoSource implements CatalogSource {
  readonly name: string;
  private manifest: DemoManifest | undefined;

  constructor(
    readonly baseUrl: string,
    name = 'Demo catalog',
  ) {
    this.name = name;
  }

  async list(): Promise<SourceFile[]> {
    if (!this.manifest) {
      const res = await fetch(new URL('manifest.json', this.baseUrl));
      if (!res.ok) throw new Error(`demo catalog: ${res.status} ${res.statusText} for manifest.json`);
      this.manifest = (await res.json()) as DemoManifest;
    }
    return this.manifest.files.map((f) => ({ ...f }));
  }

  async read(path: string): Promise<Uint8Array> {
    const res = await fetch(new URL(path.split('/').map(encodeURIComponent).join('/'), this.baseUrl));
    if (!res.ok) throw new Error(`open ${path}: no such file or directory`);
    return new Uint8Array(await res.arrayBuffer());
  }
}
