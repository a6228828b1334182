import type { CatalogSource, SourceFile } from './types';

/**
 * Several sources seen as one, each under a folder of its own (`a/…`, `b/…`): for commands that take
 * more than one directory and look across them (a Crossplane dependency graph over several packages).
 */
export class MergedSource implements CatalogSource {
  readonly name: string;
  private readonly parts: { prefix: string; source: CatalogSource }[];

  constructor(sources: readonly CatalogSource[]) {
    const used = new Set<string>();
    this.parts = sources.map((source, i) => {
      let prefix = source.name || `source${i + 1}`;
      while (used.has(prefix)) prefix = `${prefix}-${i + 1}`;
      used.add(prefix);
      return { prefix, source };
    });
    this.name = this.parts.map((p) => p.prefix).join(', ');
  }

  async list(): Promise<SourceFile[]> {
    const lists = await Promise.all(
      this.parts.map(async ({ prefix, source }) =>
        (await source.list()).map((f) => ({ ...f, path: `${prefix}/${f.path}` })),
      ),
    );
    return lists.flat();
  }

  read(path: string): Promise<Uint8Array> {
    const part = this.parts.find((p) => path.startsWith(p.prefix + '/'));
    if (!part) return Promise.reject(new Error(`open ${path}: no such file or directory`));
    return part.source.read(path.slice(part.prefix.length + 1));
  }
}
