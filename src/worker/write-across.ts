/**
 * Writing every catalog's pending edits at once (a repository's "Also apply to" edits, edits left in
 * a catalog before switching): VS Code's "Save All" for a repository. Each catalog is written by
 * its own edit API (src/browser/write-session.ts: only changed files, checked against the disk,
 * templates from the repository root), one after the other; this module only chooses which
 * catalogs, names their files from the repository root, and says what happened in each. Loaded by
 * the catalog worker with Review's first look at pending edits.
 */
import type { EditApi } from '../browser/write-session';
import type { RepositoryView } from '../core/repository/open-repository';
import { DEFAULT_CATALOG_ID, type CatalogService } from '../core/service/catalog-service';
import type { FileText } from '../core/service/edit-types';
import type {
  CatalogWriteCheck,
  CatalogWriteReport,
  ConflictChoice,
  WriteAllReply,
} from '../protocol/catalog-protocol';

export interface WriteAcrossHost {
  service: CatalogService;
  edits(id?: string): Promise<EditApi>;
  /** The catalogs that have an edit session (only those can have pending edits). */
  editing(): string[];
  repository(): RepositoryView | undefined;
}

/** A catalog with pending edits: its service id, the name the UI knows it by, its edit API. */
export interface PendingId {
  id: string;
  /** Its id in a repository; '' for a folder that is one catalog (as PendingCatalog names it). */
  catalog: string;
  ocpVersion: string | null;
  current: boolean;
  api: EditApi;
}

/** The catalogs with pending edits: the current one first, then in the repository's order. */
export async function pendingIds(host: WriteAcrossHost): Promise<PendingId[]> {
  const current = host.service.currentCatalogId ?? DEFAULT_CATALOG_ID;
  const repository = host.repository();
  const order = repository ? repository.catalogs.map((c) => c.id) : [current];
  const out: PendingId[] = [];
  for (const id of order) {
    if (!host.editing().includes(id)) continue;
    const api = await host.edits(id);
    if (api.session.state().dirty.length === 0) continue;
    out.push({
      id,
      catalog: repository ? id : '',
      ocpVersion: repository?.catalogs.find((x) => x.id === id)?.ocpVersion ?? null,
      current: id === current,
      api,
    });
  }
  return out.sort((a, b) => Number(b.current) - Number(a.current));
}

/** What Review says first of a catalog with pending edits: which it is, and its verdict now. */
export function pendingHeader(p: PendingId) {
  const { summary } = p.api.session.state();
  return {
    catalog: p.catalog,
    ocpVersion: p.ocpVersion,
    current: p.current,
    passed: summary.passed,
    errors: summary.errors,
  };
}

/**
 * What writing every catalog's edits would run into: per catalog, its changed files and the files
 * changed on disk since they were read, named from the repository root; and its verdict now.
 */
export async function checkWriteAll(host: WriteAcrossHost): Promise<CatalogWriteCheck[]> {
  const out: CatalogWriteCheck[] = [];
  for (const p of await pendingIds(host)) {
    const { files, conflicts } = await p.api.checkWrite();
    out.push({
      ...pendingHeader(p),
      files: files.map((f) => p.api.atRoot(f.path)),
      conflicts: conflicts.map((c) => ({ ...c, path: p.api.atRoot(c.path) })),
    });
  }
  return out;
}

/**
 * Writes every catalog's changed files, catalog after catalog, each through its own write (a file
 * changed on disk since it was read is written only when `choices` says to keep the edited one; a
 * conflict left without a choice stays pending). A conflict whose disk version is kept becomes that
 * catalog's loaded text. A file two catalogs edit (a template both carried typing into) is written by
 * the first; for the second it has changed on disk since it was read: a conflict, never overwritten.
 * The current catalog's steps (a disk version taken) come back for the editor to mirror.
 */
export async function writeAll(
  host: WriteAcrossHost,
  choices: readonly ConflictChoice[],
): Promise<WriteAllReply> {
  const reports: CatalogWriteReport[] = [];
  let changes: FileText[] = [];
  const pending = await pendingIds(host);
  for (const p of pending) {
    const { api } = p;
    const mine = choices.filter((c) => c.catalog === p.catalog);
    const byRoot = new Map(api.session.edits().map((e) => [api.atRoot(e.path), e]));
    for (const c of mine) {
      const e = byRoot.get(c.path);
      if (!e || c.keep !== 'disk') continue;
      const step = api.session.takeDiskVersion(e.path, c.disk ?? null);
      if (p.current) changes = [...changes, ...step.changes];
    }
    const overwrite = mine
      .filter((c) => c.keep === 'mine' && byRoot.has(c.path))
      .map((c) => byRoot.get(c.path)!.path);
    let report: CatalogWriteReport;
    try {
      const r = await api.write(overwrite);
      report = {
        catalog: p.catalog,
        ocpVersion: p.ocpVersion,
        written: r.written.map((w) => api.atRoot(w.path)),
        failed: r.failed.map((f) => ({ ...f, path: api.atRoot(f.path) })),
        conflicts: r.conflicts.map((c) => api.atRoot(c.path)),
      };
    } catch (e) {
      // The catalog could not be written at all (no writable folder): every file stays pending.
      const error = e instanceof Error ? e.message : String(e);
      report = {
        catalog: p.catalog,
        ocpVersion: p.ocpVersion,
        written: [],
        failed: api.session.edits().map((f) => ({ path: api.atRoot(f.path), error })),
        conflicts: [],
      };
    }
    // Everything written: the catalog on disk is now what the impact of its pending edits compares with.
    if (api.session.state().dirty.length === 0) host.service.session(p.id)?.resetBaseline();
    reports.push(report);
  }
  const current = pending.find((p) => p.current)?.api ?? (await host.edits());
  return { catalogs: reports, state: current.session.state(), changes };
}
