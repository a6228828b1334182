/**
 * The worker side of editing, loaded on first use (the edit core and its YAML library stay out of
 * the worker's initial chunk): the EditSession plus the folder write and the zip export, which need
 * the catalog's source and directory handle.
 */
import type { CatalogApi } from '../core/service/catalog-api';
import { EditSession } from '../core/service/edit-session';
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

export interface OpenedCatalog {
  spec: SourceSpec;
  source: CatalogSource;
  /** The catalog's folder inside the opened one ('v4.18/catalog'), when a repository was opened. */
  subdirectory?: string;
}

export function createEditApi(catalog: CatalogApi, opened: () => OpenedCatalog | undefined) {
  const session = new EditSession(catalog);
  const root = async (): Promise<DirHandleLike> => {
    const o = opened();
    if (o?.spec.kind !== 'handle') throw new Error('This catalog was not opened from a writable folder');
    let dir = o.spec.handle;
    for (const name of o.subdirectory?.split('/') ?? []) dir = await dir.getDirectoryHandle(name);
    return dir as unknown as DirHandleLike;
  };
  return {
    session,
    /** Conflicts that writing the current edits would run into. */
    async checkWrite(): Promise<{ files: FileEdit[]; conflicts: WriteConflict[] }> {
      const files = session.edits();
      return { files, conflicts: await findConflicts(await root(), files) };
    },
    /** Writes every changed file (conflicts only when listed in `overwrite`); written files are saved. */
    async write(
      overwrite: string[] = [],
    ): Promise<WriteReport & { state: ReturnType<EditSession['state']> }> {
      const report = await writeFiles(await root(), session.edits(), new Set(overwrite));
      const state = session.markSaved(report.written);
      return { ...report, state };
    },
    async zip(scope: 'all' | 'changed'): Promise<{ data: Uint8Array; files: number }> {
      const o = opened();
      if (!o) throw new Error('No catalog is open');
      return buildZip(o.source, session.edits(), scope);
    },
  };
}

export type EditApi = ReturnType<typeof createEditApi>;
