/**
 * `fbc-studio render-template FILE [--bundles DIR]... [-o json|yaml]`: what `opm alpha
 * render-template FILE` prints, rendered offline. Bundle images resolve from catalogs on disk: the
 * `--bundles` directories, else the repository's catalogs, found by discovery (defaultCatalogDirs).
 */
import { promises as fs } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { loadCatalog } from '../core/load';
import {
  CatalogBundleResolver,
  renderTemplate,
  unresolvedSummary,
  writeRendered,
  type ResolverCatalog,
} from '../core/template';
import { discoverWorkspace } from '../core/workspace/discover';
import { segmentOcpVersion } from '../core/workspace/ocp-version';
import type { Io } from './command-args';
import { NodeFsSource } from './node-source';

export interface RenderTemplateOptions {
  output: string;
  bundles?: string[];
}

/**
 * The repository holding a template: the nearest folder with `.git`; else the template's folder, or
 * its parent when that folder is an OpenShift version's (`v4.18/catalog-template.yaml`).
 */
async function repositoryRoot(templateFile: string): Promise<string> {
  const here = dirname(resolve(templateFile));
  for (let dir = here, i = 0; i < 6; i++) {
    if (
      await fs.stat(join(dir, '.git')).then(
        () => true,
        () => false,
      )
    )
      return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return segmentOcpVersion(basename(here)) ? dirname(here) : here;
}

/**
 * The repository's catalogs, found as the app finds them (src/core/workspace discovery): the
 * catalogs the repository links to this template first, so its own catalog wins when several hold
 * the same bundle, then every other catalog of the repository.
 */
export async function defaultCatalogDirs(templateFile: string): Promise<string[]> {
  const root = await repositoryRoot(templateFile);
  const d = await discoverWorkspace(new NodeFsSource(root), { bundleObjects: 'lazy' });
  const rel = relative(root, resolve(templateFile)).split(sep).join('/');
  const linked = d.workspace.templates.find((t) => t.path === rel)?.catalogs ?? [];
  const dirs = d.catalogs.filter((c) => !c.isFile).map((c) => c.path);
  return [...linked.filter((p) => dirs.includes(p)), ...dirs.filter((p) => !linked.includes(p))].map((p) =>
    p === '.' ? root : join(root, p),
  );
}

export async function loadResolverCatalogs(dirs: readonly string[]): Promise<ResolverCatalog[]> {
  const out: ResolverCatalog[] = [];
  for (const dir of dirs) {
    const load = await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'lazy' });
    out.push({ name: dir, dc: load.dc });
  }
  return out;
}

export async function renderTemplateCommand(file: string, o: RenderTemplateOptions, io: Io): Promise<number> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file or directory' : code === 'EISDIR' ? 'is a directory' : String(e);
    io.err(`Error: unable to open ${JSON.stringify(file)}: open ${file}: ${why}\n`);
    return 1;
  }
  const dirs = o.bundles?.length ? o.bundles : await defaultCatalogDirs(file);
  const resolver = new CatalogBundleResolver(await loadResolverCatalogs(dirs));
  const result = renderTemplate(file, text, resolver);
  for (const m of result.mappings) io.err(`registry mapping: ${m.from} → ${m.to}\n`);
  if (result.opmMessage !== undefined) {
    // cobra prints a command's error as `Error: <message>`.
    io.err(`Error: ${result.opmMessage}\n`);
    const loc = result.error?.location;
    if (loc) io.err(`  at ${loc.file}:${loc.start.line}:${loc.start.column}\n`);
    return 1;
  }
  if (!result.ok) {
    io.err(
      `${unresolvedSummary(result.unresolved)} (searched ${dirs.length} catalog director${dirs.length === 1 ? 'y' : 'ies'}${dirs.length ? ': ' + dirs.join(', ') : ''})\n`,
    );
    for (const u of result.unresolved) io.err(`  ${u.message}\n`);
    return 1;
  }
  for (const note of result.incomplete ?? []) io.err(`warning: ${note}\n`);
  io.out(writeRendered(result.blobs, o.output as 'json' | 'yaml'));
  return 0;
}
