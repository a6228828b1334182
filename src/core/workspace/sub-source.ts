import type { CatalogSource, SourceFile } from '../source/types';
import { baseName } from '../source/paths';

/**
 * The part of `source` under `dir`, as its own catalog source: what `opm validate <root>/<dir>`
 * sees. Read errors keep the parent's text, which already names `<root>/<dir>/<file>` as opm would.
 * `dir` is '/'-separated, '.' or '' for the source itself.
 */
export function subSource(source: CatalogSource, dir: string): CatalogSource {
  if (dir === '' || dir === '.') return source;
  const prefix = dir + '/';
  const sub: CatalogSource = {
    name: baseName(dir),
    async list(): Promise<SourceFile[]> {
      const out: SourceFile[] = [];
      for (const f of await source.list()) {
        if (!f.path.startsWith(prefix)) continue;
        const path = f.path.slice(prefix.length);
        out.push(f.size === undefined ? { path } : { path, size: f.size });
      }
      return out;
    },
    read: (path) => source.read(prefix + path),
  };
  if (source.readText) sub.readText = (path) => source.readText!(prefix + path);
  // A writable folder's catalogs are writable (the app writes a repository's catalog in place).
  if (source.write) sub.write = (path, data) => source.write!(prefix + path, data);
  return sub;
}

/** A catalog of one file of `source` (a folder whose files each hold the same package). */
export function fileSubSource(source: CatalogSource, file: string): CatalogSource {
  const name = baseName(file);
  return {
    name,
    async list(): Promise<SourceFile[]> {
      const f = (await source.list()).find((x) => x.path === file);
      return [f?.size === undefined ? { path: name } : { path: name, size: f.size }];
    },
    read: (path) =>
      path === name
        ? source.read(file)
        : Promise.reject(new Error(`open ${path}: no such file or directory`)),
  };
}
