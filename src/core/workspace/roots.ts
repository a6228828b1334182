/**
 * Where the catalogs are: the directories a maintainer passes to `opm validate`. Found by content,
 * then shaped by the layouts real repositories use:
 *
 * 1. Start at the folder of each catalog file and climb while the parent still holds nothing but
 *    catalog content (after its `.indexignore`s), declares no package twice (a package rendered
 *    once per OpenShift version lives in sibling catalogs), and the folder is not itself named for
 *    an OpenShift version (`catalogs/v4.16`, `catalog-4-16`: the version folder is the catalog).
 * 2. Then go down wrapper folders that hold a single folder (`v4.16/catalog`, `v1/configs`,
 *    `catalogs/test-catalog`), stopping above a package folder or a folder that holds files.
 * 3. Files in one folder that each declare the same package are each their own catalog.
 */
import { selectFiles } from '../load';
import type { FileInfo } from './classify';
import { segmentOcpVersion } from './ocp-version';
import { baseName, dirName } from '../source/paths';

const INDEX_IGNORE = '.indexignore';
/** Folder names that hold one catalog's content (Konflux `catalog/`, opm images' `/configs`). */
const CATALOG_DIR = new Set(['catalog', 'configs']);
/** A folder holding catalogs, never one itself while it wraps a single folder. */
const CATALOGS_DIR = 'catalogs';

export interface CatalogRoot {
  /** '' for the opened folder itself; a file path for a one-file catalog. */
  path: string;
  isFile: boolean;
  /** Repository-relative paths opm would load from this root, in walk order. */
  files: string[];
}

interface Dir {
  path: string;
  name: string;
  parent: Dir | undefined;
  dirs: Map<string, Dir>;
  /** Direct files, .indexignore included. */
  files: string[];
}

export class RootFinder {
  private readonly top: Dir = { path: '', name: '', parent: undefined, dirs: new Map(), files: [] };
  private readonly loadMemo = new Map<Dir, string[]>();
  private readonly loadSetMemo = new Map<Dir, Set<string>>();
  private readonly shapedMemo = new Map<Dir, boolean>();

  constructor(
    paths: readonly string[],
    private readonly infos: ReadonlyMap<string, FileInfo>,
    private readonly ignoreTexts: ReadonlyMap<string, string>,
  ) {
    for (const p of paths) this.dir(dirName(p)).files.push(p);
  }

  private dir(path: string): Dir {
    if (path === '') return this.top;
    const parent = this.dir(dirName(path));
    const name = baseName(path);
    let d = parent.dirs.get(name);
    if (!d) {
      d = { path, name, parent, dirs: new Map(), files: [] };
      parent.dirs.set(name, d);
    }
    return d;
  }

  private allFiles(d: Dir, out: string[] = []): string[] {
    out.push(...d.files);
    for (const c of d.dirs.values()) this.allFiles(c, out);
    return out;
  }

  /** What `opm validate d` would load (its own .indexignore files apply, none above it). */
  loadable(d: Dir): string[] {
    let r = this.loadMemo.get(d);
    if (r) return r;
    const prefix = d.path === '' ? '' : d.path + '/';
    const rel = this.allFiles(d).map((p) => p.slice(prefix.length));
    const { load } = selectFiles(rel, (p) => this.ignoreTexts.get(prefix + p));
    r = load.map((p) => prefix + p);
    this.loadMemo.set(d, r);
    return r;
  }

  private loadableSet(d: Dir): Set<string> {
    let r = this.loadSetMemo.get(d);
    if (!r) {
      r = new Set(this.loadable(d));
      this.loadSetMemo.set(d, r);
    }
    return r;
  }

  private kind(path: string): FileInfo['kind'] {
    return this.infos.get(path)?.kind ?? 'neutral';
  }

  /** Nothing but catalog content, and no package declared by two files. */
  private isCatalogShaped(d: Dir): boolean {
    let r = this.shapedMemo.get(d);
    if (r === undefined) {
      r = this.computeCatalogShaped(d);
      this.shapedMemo.set(d, r);
    }
    return r;
  }

  private computeCatalogShaped(d: Dir): boolean {
    const seen = new Map<string, string>();
    for (const f of this.loadable(d)) {
      const k = this.kind(f);
      if (k === 'other' || k === 'template') return false;
      for (const pkg of this.infos.get(f)?.packages ?? []) {
        const first = seen.get(pkg);
        if (first !== undefined && first !== f) return false;
        seen.set(pkg, f);
      }
    }
    return true;
  }

  private directLoadable(d: Dir): string[] {
    return this.loadable(d).filter((f) => dirName(f) === d.path);
  }

  private childrenWithContent(d: Dir): Dir[] {
    const loaded = this.loadableSet(d);
    return [...d.dirs.values()].filter((c) => this.allFiles(c).some((f) => loaded.has(f)));
  }

  private isPackageDir(d: Dir): boolean {
    return this.loadable(d).some((f) => this.infos.get(f)?.packages.includes(d.name));
  }

  private climb(start: Dir): Dir {
    let cur = start;
    while (cur.parent && segmentOcpVersion(cur.name) === null && this.isCatalogShaped(cur.parent)) {
      cur = cur.parent;
    }
    // Wrapper folders: descend to the folder a maintainer names.
    for (;;) {
      if (this.directLoadable(cur).length > 0 || cur.files.some((f) => baseName(f) === INDEX_IGNORE)) break;
      const kids = this.childrenWithContent(cur);
      if (kids.length !== 1) break;
      const only = kids[0] as Dir;
      const named = cur.name === CATALOGS_DIR || CATALOG_DIR.has(only.name);
      if (!named && (this.directLoadable(only).length > 0 || this.isPackageDir(only))) break;
      cur = only;
    }
    return cur;
  }

  /** Files in `d` that each declare a package another file in `d` also declares. */
  private conflictingFiles(d: Dir): string[] | undefined {
    const direct = this.directLoadable(d).filter((f) => this.kind(f) === 'fbc');
    const byPkg = new Map<string, number>();
    for (const f of direct)
      for (const p of new Set(this.infos.get(f)?.packages)) byPkg.set(p, (byPkg.get(p) ?? 0) + 1);
    return [...byPkg.values()].some((n) => n > 1) ? direct : undefined;
  }

  /** Catalog roots, in walk order of their paths. */
  find(): CatalogRoot[] {
    const roots = new Map<string, CatalogRoot>();
    const fromDir = new Map<Dir, Dir>();
    const conflictMemo = new Map<Dir, string[] | undefined>();
    for (const [path, info] of this.infos) {
      if (info.kind !== 'fbc') continue;
      const d0 = this.dir(dirName(path));
      if (!this.loadableSet(d0).has(path)) continue;
      if (!conflictMemo.has(d0)) conflictMemo.set(d0, this.conflictingFiles(d0));
      const conflicts = conflictMemo.get(d0);
      if (conflicts) {
        if (conflicts.includes(path)) roots.set(path, { path, isFile: true, files: [path] });
        continue;
      }
      let root = fromDir.get(d0);
      if (!root) {
        root = this.climb(d0);
        fromDir.set(d0, root);
      }
      if (!roots.has(root.path))
        roots.set(root.path, { path: root.path, isFile: false, files: this.loadable(root) });
    }
    return dropNested([...roots.values()]);
  }

  /** The opened folder as one catalog (what opm validates when pointed at it). */
  whole(): CatalogRoot {
    return { path: '', isFile: false, files: this.loadable(this.top) };
  }
}

/** A root inside another root's folder belongs to the outer one (it already loads those files). */
function dropNested(roots: CatalogRoot[]): CatalogRoot[] {
  const dirs = roots.filter((r) => !r.isFile).map((r) => r.path);
  const inside = (p: string) => dirs.some((d) => d !== p && (d === '' || p.startsWith(d + '/')));
  return roots
    .filter((r) => !inside(r.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
