/**
 * `fbc-studio render-template FILE [--bundles DIR]... [-o json|yaml]`: what `opm alpha
 * render-template FILE` prints, rendered offline. Bundle images resolve from catalogs on disk: the
 * `--bundles` directories, else the catalogs found around the template (see defaultCatalogDirs).
 */
import { promises as fs } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalog } from '../core/load';
import {
  CatalogBundleResolver,
  renderTemplate,
  unresolvedSummary,
  writeRendered,
  type ResolverCatalog,
} from '../core/template';
import { NodeFsSource } from './node-source';

export interface Io {
  out(s: string): void;
  err(s: string): void;
}

export const RENDER_TEMPLATE_USAGE =
  '  fbc-studio render-template <file> [--bundles <catalog-dir>]... [-o json|yaml]\n';

async function subdirs(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
      .map((e) => join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The repository's catalogs as far as we can tell without knowing the repository's layout: the
 * `catalog*` directories beside the template, then those one level up (and inside its siblings:
 * `v4.18/catalog` next to `v4.21/catalog-template.yaml`). The template's own folder comes first, so
 * its catalog wins when several hold the same bundle. Kept in one function so a repository-aware
 * discovery can replace it.
 */
export async function defaultCatalogDirs(templateFile: string): Promise<string[]> {
  const here = dirname(resolve(templateFile));
  const up = dirname(here);
  const isCatalog = (d: string) => /^catalog/i.test(basename(d)) && !/template/i.test(basename(d));
  const out: string[] = [];
  const add = (d: string) => {
    if (!out.includes(d)) out.push(d);
  };
  for (const d of await subdirs(here)) if (isCatalog(d)) add(d);
  for (const d of await subdirs(up)) {
    if (isCatalog(d)) add(d);
    else if (d !== here) for (const inner of await subdirs(d)) if (isCatalog(inner)) add(inner);
  }
  return out;
}

export async function loadResolverCatalogs(dirs: readonly string[]): Promise<ResolverCatalog[]> {
  const out: ResolverCatalog[] = [];
  for (const dir of dirs) {
    const load = await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'lazy' });
    out.push({ name: dir, dc: load.dc });
  }
  return out;
}

export async function renderTemplateCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o', default: 'json' },
      bundles: { type: 'string', multiple: true },
    },
  });
  const output = values.output ?? 'json';
  if (output !== 'json' && output !== 'yaml') {
    io.err(`Error: invalid --output value ${JSON.stringify(output)}, expected (json|yaml)\n`);
    return 1;
  }
  if (positionals.length !== 1) {
    io.err(`accepts 1 arg(s), received ${positionals.length}\nUsage:\n${RENDER_TEMPLATE_USAGE}`);
    return 1;
  }
  const file = positionals[0] as string;
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
  const dirs = values.bundles?.length ? values.bundles : await defaultCatalogDirs(file);
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
  io.out(writeRendered(result.blobs, output));
  return 0;
}
