/**
 * Discovery: one pass over a folder that reads and parses every file once, then says which parts
 * are catalogs (with their OpenShift version), which are templates and what links them, and what
 * is neither. The parses are kept so validating every catalog costs what validating each alone does.
 */
import { compareWalkOrder, loadFile, loadIndexIgnore, type FileLoad, type LoadOptions } from '../load';
import { unreadableFile } from '../load/load-file';
import { decodeText } from '../load/text';
import { withHostileChecks } from '../load/hostile-registry';
import type { CatalogSource } from '../source/types';
import { classifyFile, type FileInfo } from './classify';
import { linkTemplates } from './links';
import { ocpVersionOf } from './ocp-version';
import { RootFinder, type CatalogRoot } from './roots';
import type { Workspace, WorkspaceCatalog, WorkspaceTemplate } from './types';
import { baseName } from '../source/paths';
import { REPO_CONFIG_FILE, type RepoConfig } from '../repo-config/types';

const INDEX_IGNORE = '.indexignore';
const CONFIG_FILE = /(^|\/)(ci|release-config)\.yaml$/;
/** Files read at once: enough to keep a disk or a worker's handles busy, few enough to bound memory. */
const READ_AHEAD = 16;

export interface DiscoveredCatalog extends WorkspaceCatalog {
  /** '' for the opened folder, else `path`. */
  dir: string;
  isFile: boolean;
  /** Paths under the catalog skipped by its `.indexignore` files, relative to the catalog. */
  ignored: string[];
}

export interface Discovery {
  workspace: Workspace;
  catalogs: DiscoveredCatalog[];
  /**
   * Every parsed file by repository-relative path. Files of a catalog carry paths relative to that
   * catalog (what `opm validate <catalog>` would see), ready to merge.
   */
  loads: Map<string, FileLoad>;
  infos: Map<string, FileInfo>;
}

/** Rewrite a parsed file's paths to be relative to its catalog. In place: each file is in one catalog. */
export function rebaseFileLoad(fl: FileLoad, path: string): void {
  if (fl.file.path === path) return;
  fl.file.path = path;
  const d = fl.dc;
  for (const list of [d.packages, d.channels, d.bundles, d.deprecations, d.others]) {
    for (const b of list) b.origin.file = path;
  }
  for (const e of fl.errors) {
    e.file = path;
    e.location = { ...e.location, file: path };
    if (e.ref) e.ref.origin.file = path;
  }
}

/** A file's content as read: its text when the source decoded it (CatalogSource.readText), else its bytes. */
type Content = Uint8Array | string;

async function readContent(source: CatalogSource, path: string): Promise<Content> {
  return (await source.readText?.(path)) ?? (await source.read(path));
}

async function readAll(
  source: CatalogSource,
  paths: readonly string[],
  each: (path: string, r: { bytes?: Content; load?: FileLoad; error?: string }) => void | Promise<void>,
  signal?: AbortSignal,
  elsewhere?: ElsewhereLoader,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      signal?.throwIfAborted();
      const path = paths[next++] as string;
      const load = await elsewhere?.(path);
      if (load) {
        await each(path, { load });
        continue;
      }
      let bytes: Content;
      try {
        bytes = await readContent(source, path);
      } catch (e) {
        await each(path, { error: e instanceof Error ? e.message : String(e) });
        continue;
      }
      await withHostileChecks(() => each(path, { bytes }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_AHEAD, paths.length) }, worker));
}

/**
 * Parses one file as `loadFile` does. The CLI passes one that runs `loadFile` on a pool of worker
 * threads; anything else must give exactly `loadFile`'s result (the order of files is restored here).
 */
export type FileLoader = (
  path: string,
  bytes: Uint8Array | string,
  opts: Pick<LoadOptions, 'bundleObjects'> & { byteLength?: number },
) => Promise<FileLoad>;

/**
 * Reads and parses a file somewhere else (the CLI's loader threads read their own files), resolving
 * what `loadFile` gives, or undefined to have it read and parsed here (a read error is then reported
 * from here, in the source's words).
 */
export type ElsewhereLoader = (path: string) => Promise<FileLoad | undefined>;

export async function discoverWorkspace(
  source: CatalogSource,
  opts: Pick<LoadOptions, 'bundleObjects' | 'signal' | 'onProgress'> & {
    loadFile?: FileLoader;
    elsewhere?: ElsewhereLoader;
  } = {},
): Promise<Discovery> {
  const entries = await source.list();
  const listed = entries.map((f) => f.path).sort(compareWalkOrder);
  const bytesTotal = entries.reduce((n, f) => n + (f.size ?? 0), 0);
  const sizeOf = new Map(entries.map((f) => [f.path, f.size]));
  let bytesDone = 0;
  let filesDone = 0;
  const filesTotal = listed.filter((p) => baseName(p) !== INDEX_IGNORE).length;
  const ignoreTexts = new Map<string, string>();
  const loads = new Map<string, FileLoad>();
  const infos = new Map<string, FileInfo>();
  const configTexts = new Map<string, string>();
  const bundleObjects = opts.bundleObjects ?? 'eager';

  await readAll(
    source,
    listed,
    async (path, r) => {
      if (baseName(path) === INDEX_IGNORE) {
        if (r.bytes !== undefined) ignoreTexts.set(path, decodeText(r.bytes));
        return;
      }
      const fl =
        r.load ??
        (r.bytes !== undefined
          ? opts.loadFile
            ? await opts.loadFile(path, r.bytes, { bundleObjects, byteLength: sizeOf.get(path) })
            : loadFile(path, r.bytes, { bundleObjects, byteLength: sizeOf.get(path) })
          : unreadableFile(path, r.error ?? 'read error'));
      loads.set(path, fl);
      bytesDone += fl.file.bytes;
      opts.onProgress?.({
        filesDone: ++filesDone,
        filesTotal,
        bytesDone,
        bytesTotal,
        currentFile: path,
      });
      const info = classifyFile(fl, r.error);
      infos.set(path, info);
      if (info.kind === 'other' && CONFIG_FILE.test(path)) configTexts.set(path, fl.file.text);
    },
    opts.signal,
    opts.elsewhere,
  );

  const files = listed.filter((p) => baseName(p) !== INDEX_IGNORE);
  // Walk order, so that classification order (and so root order) never depends on read timing.
  const orderedInfos = new Map(files.map((p) => [p, infos.get(p) as FileInfo]));
  await loadIndexIgnore(listed);
  const finder = new RootFinder(listed, orderedInfos, ignoreTexts);
  let roots: CatalogRoot[] = finder.find();
  // No narrower root, yet the folder holds an olm.* blob (a bundle with no package, which reads as
  // a veneer template; a catalog whose every file is broken; one its .indexignore hides, which our
  // warning names): the folder is one catalog, judged as `opm validate DIR` judges it. Without one
  // it holds no FBC at all, and no catalog.
  if (roots.length === 0 && files.some((f) => infos.get(f)?.olm)) roots = [finder.whole()];
  const single = roots.length === 1 && (roots[0] as CatalogRoot).path === '';

  // The repository configuration: read once, its pins applied before templates are linked by version.
  const configLoad = loads.get(REPO_CONFIG_FILE);
  const repoConfig = configLoad ? await readRepoConfig(configLoad.file.text) : undefined;

  const catalogs: DiscoveredCatalog[] = roots.map((r) => {
    const prefix = r.path === '' ? '' : r.path + '/';
    const loaded = new Set(r.files);
    const ignored = r.isFile
      ? []
      : files.filter((p) => p.startsWith(prefix) && !loaded.has(p)).map((p) => p.slice(prefix.length));
    return {
      path: r.path === '' ? '.' : r.path,
      dir: r.path,
      isFile: r.isFile,
      ocpVersion: ocpVersionOf(r.path),
      files: r.files,
      ignored,
    };
  });
  if (repoConfig) repoConfig.apply(catalogs);

  const inCatalog = new Set(catalogs.flatMap((c) => c.files));
  const templateInfos = files
    .map((p) => infos.get(p) as FileInfo)
    .filter((i) => i.kind === 'template' && i.template);
  const { links, configs } = linkTemplates(
    templateInfos.map((i) => ({ path: i.path, images: i.template?.images ?? [] })),
    catalogs.map((c) => ({
      path: c.dir,
      ocpVersion: c.ocpVersion,
      bundleImages: new Set(c.files.flatMap((f) => infos.get(f)?.bundleImages ?? [])),
    })),
    configTexts,
  );
  const templates: WorkspaceTemplate[] = templateInfos.map((i) => {
    const t = i.template as NonNullable<FileInfo['template']>;
    const l = links.get(i.path) ?? { catalogs: [], link: 'none' as const };
    return {
      path: i.path,
      schema: t.schema,
      veneer: t.veneer,
      images: t.images,
      catalogs: l.catalogs.map((c) => (c === '' ? '.' : c)),
      link: l.link,
    };
  });

  const other: string[] = [];
  const strays: Workspace['strays'] = [];
  for (const p of files) {
    if (inCatalog.has(p)) continue;
    const info = infos.get(p) as FileInfo;
    if (info.kind === 'template') continue;
    if (info.parseError !== undefined && p !== REPO_CONFIG_FILE)
      strays.push({ path: p, message: info.parseError });
    else other.push(p);
  }

  for (const c of catalogs) {
    const prefix = c.dir === '' ? '' : c.dir + '/';
    for (const f of c.files) {
      const fl = loads.get(f);
      if (fl) rebaseFileLoad(fl, c.isFile ? baseName(f) : f.slice(prefix.length));
    }
  }

  const workspace: Workspace = {
    single,
    catalogs: catalogs.map(({ path, ocpVersion, files: fs, migrateLevel }) => ({
      path,
      ocpVersion,
      files: fs,
      ...(migrateLevel && { migrateLevel }),
    })),
    templates,
    configs,
    other,
    strays,
    ...(repoConfig && { config: repoConfig.config }),
  };
  return { workspace, catalogs, loads, infos };
}

/** The configuration's parser loads only for a repository that has the file (it carries the rule catalogue). */
async function readRepoConfig(
  text: string,
): Promise<{ config: RepoConfig; apply: (c: DiscoveredCatalog[]) => void }> {
  const { parseRepoConfig, applyPins } = await import('../repo-config');
  const config = parseRepoConfig(REPO_CONFIG_FILE, text);
  return { config, apply: (c) => applyPins(config, c) };
}
