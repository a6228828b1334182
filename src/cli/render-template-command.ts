/**
 * `fbc-studio render-template [TYPE] [FILE] [--bundles CATALOG]... [--migrate-level LEVEL]
 * [-o json|yaml|mermaid] [--offline]`: what `opm alpha render-template [TYPE] [FILE]` prints.
 * Bundle images resolve from catalogs on disk first (a folder or a one-file catalog): the
 * `--bundles` catalogs, else the repository's catalogs, found by discovery (defaultCatalogDirs);
 * the images none holds are pulled (template-pulls.ts), unless `--offline`, which lists them. The
 * migrate level is opm's flag; without it, the level the template's own committed catalog was
 * rendered at (said on stderr), else none, as opm.
 */
import { promises as fs } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { loadCatalog, loadFile } from '../core/load';
import { renderGraph } from '../core/mermaid/render-graph';
import {
  CatalogBundleResolver,
  invalidTemplateType,
  renderTemplate,
  schemaOfType,
  templateDetectionFailure,
  unresolvedSummary,
  writeRendered,
  type ResolvedImage,
  type ResolverCatalog,
  type TemplateRenderResult,
} from '../core/template';
import { migrateLevelNamed, unknownMigrateLevel, type MigrateLevel } from '../core/template/migrate-level';
import { discoverWorkspace } from '../core/workspace/discover';
import { migrateChoice } from '../core/workspace/migrate-choice';
import { ocpVersionOf, segmentOcpVersion } from '../core/workspace/ocp-version';
import { fileSubSource } from '../core/workspace/sub-source';
import type { Io } from './command-args';
import type { RegistryCommandFlags } from './image-args';
import { NodeFsSource } from './node-source';

export interface RenderTemplateOptions extends RegistryCommandFlags {
  /** No registry is asked: images no catalog holds are listed, unresolved. */
  offline?: boolean;
  output: string;
  bundles?: string[];
  /** opm's `--migrate-level`, checked here with opm's text ('' is opm's default: none). */
  migrateLevel?: string;
}

/** The nearest folder (up to six levels) holding `.git`, if any. */
async function gitRoot(templateFile: string): Promise<string | undefined> {
  for (let dir = dirname(resolve(templateFile)), i = 0; i < 6; i++) {
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
  return undefined;
}

/**
 * The repository holding a template: the nearest folder with `.git`; else the template's folder, or
 * its parent when that folder is an OpenShift version's (`v4.18/catalog-template.yaml`).
 */
async function repositoryRoot(templateFile: string): Promise<string> {
  const git = await gitRoot(templateFile);
  if (git !== undefined) return git;
  const here = dirname(resolve(templateFile));
  return segmentOcpVersion(basename(here)) ? dirname(here) : here;
}

/**
 * Whether a folder may be read whole as a guess at a template's repository: not the file system's
 * top, the user's home or a folder above it, nor the system's temporary folder.
 */
export function searchable(dir: string, home = homedir(), tmp = tmpdir()): boolean {
  const d = resolve(dir);
  if (d === dirname(d) || d === resolve(tmp)) return false;
  const rel = relative(d, resolve(home));
  return rel.startsWith('..') || isAbsolute(rel);
}

/**
 * How far above the template's folder a checkout without `.git` (a release tarball, a zip) is
 * searched for catalogs when that folder holds none: `templates/x.yaml` beside `catalog/`.
 */
const UNVERSIONED_LEVELS_UP = 2;

/** A catalog of the repository for resolving: its path on disk and, for the level, its OpenShift version. */
export interface CatalogOnDisk {
  path: string;
  ocpVersion: string | null;
  /** Linked to the template by the repository's layout or configuration. */
  linked: boolean;
  /** The level the repository configuration sets for it, which wins over what its files show. */
  migrateLevel?: MigrateLevel;
}

/**
 * The repository's catalogs, found as the app finds them (src/core/workspace discovery), folders and
 * one-file catalogs alike: the catalogs the repository links to this template first, so its own
 * catalog wins when several hold the same bundle, then every other catalog of the repository.
 */
export async function defaultCatalogs(templateFile: string): Promise<CatalogOnDisk[]> {
  const git = await gitRoot(templateFile);
  let root = await repositoryRoot(templateFile);
  // A template that is in no repository but sits in a home, temporary or top folder (`~/t.yaml`,
  // `/tmp/x/t.yaml`) has no catalogs to search: reading every file below such a folder could take
  // minutes and all memory. Its images are pulled.
  if (git === undefined && !searchable(root)) return [];
  let d = await discoverWorkspace(new NodeFsSource(root), { bundleObjects: 'lazy' });
  // Without .git the template's own folder is only a guess at the repository: a folder of templates
  // (`templates/`, `catalog-template/`) holds no catalog, its parent does.
  for (let i = 0; git === undefined && d.catalogs.length === 0 && i < UNVERSIONED_LEVELS_UP; i++) {
    const up = dirname(root);
    if (up === root || !searchable(up)) break;
    root = up;
    d = await discoverWorkspace(new NodeFsSource(root), { bundleObjects: 'lazy' });
  }
  const rel = relative(root, resolve(templateFile)).split(sep).join('/');
  const linked = d.workspace.templates.find((t) => t.path === rel)?.catalogs ?? [];
  const all = d.catalogs.map((c) => c.path);
  const onDisk = (p: string): CatalogOnDisk => {
    const c = d.catalogs.find((x) => x.path === p);
    return {
      path: p === '.' ? root : join(root, p),
      ocpVersion: c?.ocpVersion ?? null,
      linked: linked.includes(p),
      ...(c?.migrateLevel ? { migrateLevel: c.migrateLevel } : {}),
    };
  };
  return [...linked.filter((p) => all.includes(p)), ...all.filter((p) => !linked.includes(p))].map(onDisk);
}

/** The default catalogs' paths (kept for callers that only resolve). */
export async function defaultCatalogDirs(templateFile: string): Promise<string[]> {
  return (await defaultCatalogs(templateFile)).map((c) => c.path);
}

/** Each catalog (a folder, or one file) loaded as `opm validate` would read it. */
export async function loadResolverCatalogs(paths: readonly string[]): Promise<ResolverCatalog[]> {
  const out: ResolverCatalog[] = [];
  for (const path of paths) {
    const isFile = await fs.stat(path).then(
      (st) => st.isFile(),
      () => false,
    );
    const source = isFile
      ? fileSubSource(new NodeFsSource(dirname(path)), basename(path))
      : new NodeFsSource(path);
    const load = await loadCatalog(source, { bundleObjects: 'lazy' });
    out.push({ name: path, dc: load.dc });
  }
  return out;
}

/** Where the template comes from: a file, or standard input (`-`, as opm). */
export interface TemplateInput {
  file: string;
  /** opm's template type (basic, semver, substitutes); detected from `schema` when absent. */
  type?: string;
}

/** The FILE that means standard input, as opm reads it (messages name it `<stdin>`). */
const STDIN = '-';

/**
 * opm's reading of `render-template`'s arguments (cmd/opm/alpha/template/render.go): none, the
 * template on standard input; one, a type (then standard input) or else a file; two, a type and a
 * file, the type checked first. So `render-template semver FILE`, as scripts written for opm's
 * older `basic` and `semver` sub-commands call it, still works, and `render-template FILE` detects.
 */
export function templateInput(args: readonly string[]): TemplateInput | { error: string } {
  const [a, b] = args;
  if (a === undefined) return { file: STDIN };
  if (b === undefined) return schemaOfType(a) ? { type: a, file: STDIN } : { file: a };
  return schemaOfType(a) ? { type: a, file: b } : { error: invalidTemplateType(a) };
}

export async function renderTemplateArgs(
  args: readonly string[],
  o: RenderTemplateOptions,
  io: Io,
): Promise<number> {
  const input = templateInput(args);
  if ('error' in input) {
    io.err(`Error: ${input.error}\n`);
    return 1;
  }
  return renderTemplateCommand(input, o, io);
}

/** The template's text: the file, or all of standard input. */
async function readInput(file: string, io: Io): Promise<string> {
  if (file !== STDIN) return fs.readFile(file, 'utf8');
  if (!io.stdin) throw new Error('standard input is not available');
  return io.stdin();
}

export async function renderTemplateCommand(
  input: TemplateInput,
  o: RenderTemplateOptions,
  io: Io,
): Promise<number> {
  const { file, type } = input;
  let text: string;
  try {
    text = await readInput(file, io);
  } catch (e) {
    if (file === STDIN) {
      io.err(`Error: unable to open "${STDIN}": ${(e as Error).message}\n`);
      return 1;
    }
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file or directory' : code === 'EISDIR' ? 'is a directory' : String(e);
    io.err(`Error: unable to open ${JSON.stringify(file)}: open ${file}: ${why}\n`);
    return 1;
  }
  // opm reads the level after opening the file and checking the output format, as here.
  const flagLevel = o.migrateLevel;
  if (flagLevel !== undefined && flagLevel !== '' && !migrateLevelNamed(flagLevel)) {
    io.err(`Error: ${unknownMigrateLevel(flagLevel)}\n`);
    return 1;
  }
  // A template on standard input is placed in the folder the command runs in, and named so in
  // what is said of it (an error's place, an unresolved image's line).
  const place = file === STDIN ? join(io.cwd ?? process.cwd(), STDIN) : file;
  const name = file === STDIN ? '<stdin>' : file;
  // A file that is no template fails as opm fails, before the repository's catalogs are read.
  const notTemplate = type === undefined ? templateDetectionFailure(name, text) : undefined;
  if (notTemplate !== undefined) return printOpmFailure(notTemplate, io);
  const catalogs: CatalogOnDisk[] = o.bundles?.length
    ? o.bundles.map((path) => ({ path, ocpVersion: ocpVersionOf(path), linked: false }))
    : await defaultCatalogs(place);
  const dirs = catalogs.map((c) => c.path);
  const loaded = await loadResolverCatalogs(dirs);
  const resolver = new CatalogBundleResolver(loaded);
  const level = migrateLevelFor(flagLevel, catalogs, loaded, io);
  const opts = { migrateLevel: level, ...(type !== undefined && { type }) };
  let result = renderTemplate(name, text, resolver, opts);
  if (!o.offline && result.opmMessage === undefined && result.unresolved.length > 0) {
    // The network is the fallback: only what no catalog holds is pulled.
    const { pullTemplateBundles } = await import('./template-pulls');
    const images = result.unresolved.map((u) => u.image);
    const pulled = await pullTemplateBundles(images, await repositoryRoot(place), o, io);
    for (const f of pulled.failed) io.err(`cannot pull ${f.image}: ${f.message}\n`);
    result = renderTemplate(name, text, resolver.withCatalog(pulled.catalog), opts);
  }
  for (const m of result.mappings) io.err(`registry mapping: ${m.from} → ${m.to}\n`);
  if (result.opmMessage !== undefined) return printOpmFailure(result, io);
  if (!result.ok) {
    io.err(
      `${unresolvedSummary(result.unresolved)} (searched ${plural(dirs.length)}${dirs.length ? ': ' + dirs.join(', ') : ''})\n`,
    );
    for (const u of result.unresolved) io.err(`  ${u.message}\n`);
    return 1;
  }
  for (const note of result.incomplete ?? []) io.err(`warning: ${note}\n`);
  io.out(
    o.output === 'mermaid'
      ? mermaidOf(result.blobs, io)
      : writeRendered(result.blobs, o.output as 'json' | 'yaml'),
  );
  return 0;
}

/**
 * `-o mermaid`: opm writes the rendered catalog's channels with NewMermaidWriter at its defaults:
 * every package, no minimum edge, OLM v0 semantics drawn (skipped bundles and the edges OLM v0
 * ignores marked; `render-graph` leaves them out unless `--draw-v0-semantics`). The writer's warnings
 * (a skipRange it cannot parse) go to stderr, as opm's.
 */
function mermaidOf(blobs: Record<string, unknown>[], io: Io): string {
  const dc = loadFile('rendered.json', writeRendered(blobs, 'json'), { bundleObjects: 'eager' }).dc;
  const { text, warnings } = renderGraph(dc, { drawV0Semantics: true });
  for (const w of warnings) io.err(`${w}\n`);
  return text;
}

/** opm's error for a render that failed: cobra prints a command's error as `Error: <message>`. */
function printOpmFailure(result: TemplateRenderResult, io: Io): number {
  io.err(`Error: ${result.opmMessage ?? ''}\n`);
  const loc = result.error?.location;
  if (loc) io.err(`  at ${loc.file}:${loc.start.line}:${loc.start.column}\n`);
  return 1;
}

function plural(n: number): string {
  return `${n} catalog${n === 1 ? '' : 's'}`;
}

/**
 * opm's flag when given ('' is opm's default: no migration). Else the level the template's own
 * committed catalog was rendered at, so a render agrees with the repository's pipeline; else none.
 */
function migrateLevelFor(
  flag: string | undefined,
  catalogs: readonly CatalogOnDisk[],
  loaded: readonly ResolverCatalog[],
  io: Io,
): MigrateLevel | ((r: ResolvedImage) => MigrateLevel) {
  if (flag !== undefined) return flag === '' ? 'none' : (migrateLevelNamed(flag) as MigrateLevel);
  const i = catalogs.findIndex((c) => c.linked);
  const own = catalogs[i];
  const dc = loaded[i]?.dc;
  if (!own || !dc) return 'none';
  const choice = migrateChoice({
    dc,
    ocpVersion: own.ocpVersion,
    ...(own.migrateLevel ? { migrateLevel: own.migrateLevel } : {}),
  });
  io.err(
    `migrate level ${choice.level}, as ${own.path} was rendered (${choice.why}); --migrate-level chooses another\n`,
  );
  return choice.forImage;
}
