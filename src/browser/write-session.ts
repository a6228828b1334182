/**
 * The worker side of editing, loaded on first use (the edit core and its YAML library stay out of
 * the worker's initial chunk): the EditSession plus the folder write and the zip export, which need
 * the catalog's source and directory handle.
 */
import { EditSession, type EditRouter, type EditTarget } from '../core/service/edit-session';
import type { FileEdit } from '../core/service/edit-types';
import type { CatalogSource } from '../core/source/types';
import type { SourceSpec } from './source-spec';
import {
  findConflicts,
  writeFiles,
  type DirHandleLike,
  type WriteConflict,
  type WriteReport,
} from './write-folder';
import { buildZip } from './write-zip';
import { serverDirHandle } from './server-handle';

export interface OpenedCatalog {
  spec: SourceSpec;
  source: CatalogSource;
  /**
   * When a repository was opened: the catalog's folder in it ('v4.18/catalog') and the whole
   * repository. Edits are named relative to the catalog's folder; a template beside it
   * ('../catalog-template.yaml') is written in the repository, so files are written from its root.
   */
  subdirectory?: string;
  repository?: CatalogSource;
}

/** `path` (relative to `dir`, perhaps with '..') as a path from the repository root. */
export function inRepository(dir: string, path: string): string {
  const out: string[] = dir === '' ? [] : dir.split('/');
  for (const seg of path.split('/')) {
    if (seg === '..') out.pop();
    else if (seg !== '.') out.push(seg);
  }
  return out.join('/');
}

export function createEditApi(
  catalog: EditTarget,
  opened: () => OpenedCatalog | undefined,
  router?: EditRouter,
) {
  const session = new EditSession(catalog, router);
  // Paths as the repository names them, and back (the session and the UI use the catalog's).
  const dir = () => opened()?.subdirectory ?? '';
  const toRoot = <T extends { path: string }>(f: T): T => ({ ...f, path: inRepository(dir(), f.path) });
  const back = new Map<string, string>();
  const fromRoot = <T extends { path: string }>(f: T): T => ({ ...f, path: back.get(f.path) ?? f.path });
  const edits = (): FileEdit[] => {
    back.clear();
    return session.edits().map((e) => {
      const r = toRoot(e);
      back.set(r.path, e.path);
      return r;
    });
  };
  let served: DirHandleLike | undefined;
  const root = (): DirHandleLike => {
    const o = opened();
    // A folder served by `fbc-studio open`: the same writes, through its API.
    if (o?.spec.kind === 'server' && !o.spec.readOnly) return (served ??= serverDirHandle(o.spec.baseUrl));
    if (o?.spec.kind !== 'handle') throw new Error('This catalog was not opened from a writable folder');
    return o.spec.handle as unknown as DirHandleLike;
  };
  return {
    session,
    /** A path of this catalog's edits as the folder written to names it (the repository's root). */
    atRoot: (path: string) => inRepository(dir(), path),
    /** Conflicts that writing the current edits would run into. */
    async checkWrite(): Promise<{ files: FileEdit[]; conflicts: WriteConflict[] }> {
      const files = edits();
      const conflicts = await findConflicts(root(), files);
      return { files: files.map(fromRoot), conflicts: conflicts.map(fromRoot) };
    },
    /** Writes every changed file (conflicts only when listed in `overwrite`); written files are saved. */
    async write(
      overwrite: string[] = [],
    ): Promise<WriteReport & { state: ReturnType<EditSession['state']> }> {
      const files = edits();
      const report = await writeFiles(root(), files, new Set(overwrite.map((p) => inRepository(dir(), p))));
      const mapped: WriteReport = {
        written: report.written.map(fromRoot),
        failed: report.failed.map(fromRoot),
        conflicts: report.conflicts.map(fromRoot),
      };
      const state = session.markSaved(mapped.written);
      return { ...mapped, state };
    },
    async zip(scope: 'all' | 'changed'): Promise<{ data: Uint8Array; files: number }> {
      const o = opened();
      if (!o) throw new Error('No catalog is open');
      if (!o.repository || !o.subdirectory) return buildZip(o.source, edits(), scope);
      return buildZip(...catalogInZip(o.repository, o.subdirectory, edits()), scope);
    },
  };
}

export type EditApi = ReturnType<typeof createEditApi>;

/**
 * A repository's catalog as its zip holds it: only that catalog's files, under its folder's name
 * ('v4.19/catalog' → 'catalog/…'), and beside that folder an edited file of its own outside it (the
 * template it is rendered from, '../catalog-template.yaml'), so the zip is the catalog and what its
 * edits changed, not the whole repository.
 */
export function catalogInZip(
  repository: CatalogSource,
  subdirectory: string,
  edits: FileEdit[],
): [CatalogSource, FileEdit[]] {
  const slash = subdirectory.lastIndexOf('/');
  const parent = slash < 0 ? '' : subdirectory.slice(0, slash + 1);
  const inside = `${subdirectory}/`;
  const view: CatalogSource = {
    name: subdirectory.slice(slash + 1),
    list: async () =>
      (await repository.list())
        .filter((f) => f.path.startsWith(inside))
        .map((f) => ({ ...f, path: f.path.slice(parent.length) })),
    read: (path) => repository.read(parent + path),
  };
  return [
    view,
    edits.map((e) => (e.path.startsWith(parent) ? { ...e, path: e.path.slice(parent.length) } : e)),
  ];
}
