/**
 * `fbc-studio olmv1 …`: OLM v1 (operator-controller) answers from catalogs on disk.
 *   preview FILE.yaml [--catalog DIR]... [--cluster-catalogs FILE] [--installed VERSION|BUNDLE] [-o text|json]
 *     what the ClusterExtension in FILE installs or upgrades to, the candidates and why each was
 *     dropped, the deprecation conditions it would get. Exit 0 when it resolves, 1 otherwise.
 *   eligibility DIR [--package P] | --bundle-dir DIR [-o text|json]
 *     per bundle, whether OLM v1 can install it (null: the catalog lacks the data to say).
 *   generate DIR --package P [--bundle B] [--channel C] [--name N]
 *     a ClusterExtension for a chosen bundle and channel.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve as resolvePath } from 'node:path';
import type { DeclarativeConfig } from '../core/declcfg/types';
import { loadCatalog } from '../core/load';
import {
  bundleVersionRelease,
  catalogForDir,
  generateClusterExtension,
  parseLegacyVersionRelease,
  readClusterCatalogs,
  readClusterExtension,
  resolveClusterExtension,
  type CatalogInput,
  type ClusterCatalogSpec,
  type InstalledBundle,
  type Preview,
} from '../core/olmv1';
import { checkDirectory, type Io } from './command-args';
import { isImageArgument, registryFlags, type RegistryCommandFlags } from './image-args';
import { NodeFsSource } from './node-source';

/** `olmv1 preview` options as declared in commands.ts. */
export interface PreviewOptions extends RegistryCommandFlags {
  output: string;
  catalog?: string[];
  clusterCatalogs?: string;
  installed?: string;
  /** Never pull: a ClusterCatalog's image with no folder is "no content offline". */
  offline?: boolean;
}

/** `olmv1 generate` options as declared in commands.ts. */
export interface GenerateOptions {
  package: string;
  bundle?: string;
  channel?: string;
  name?: string;
}

async function loadDc(dir: string): Promise<DeclarativeConfig> {
  return (await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'lazy' })).dc;
}

/**
 * The catalogs named on the command line and in the ClusterCatalogs file, each read from its folder.
 * A `--catalog` that is an image reference, and a ClusterCatalog whose `spec.source.image.ref` has no
 * folder annotation, are pulled through the registry client (src/node/registry) unless `--offline`.
 */
async function catalogInputs(
  dirs: string[],
  catalogsFile: string | undefined,
  o: PreviewOptions,
  io: Io,
): Promise<CatalogInput[] | string> {
  let pulls: Awaited<ReturnType<typeof imagePuller>> | undefined;
  const pull = async (ref: string): Promise<string> => {
    pulls ??= await imagePuller(o, io);
    return pulls(ref);
  };
  const specs: { spec: ClusterCatalogSpec; dir?: string; error?: string }[] = [];
  for (const d of dirs) {
    if (!isImageArgument(d)) {
      specs.push({ spec: catalogForDir(basename(resolvePath(d))), dir: d });
      continue;
    }
    if (o.offline) return `--catalog ${d} is an image and --offline forbids pulling it`;
    try {
      specs.push({ spec: { ...catalogForDir(d), imageRef: d }, dir: await pull(d) });
    } catch (e) {
      return (e as Error).message;
    }
  }
  if (catalogsFile) {
    const read = readClusterCatalogs(readFileSync(catalogsFile, 'utf8'), catalogsFile);
    if ('error' in read) return read.error;
    for (const c of read) {
      // The folder is relative to the manifest, and must stay inside the manifest's folder.
      const base = resolvePath(dirname(catalogsFile));
      const dir = c.dir === undefined ? undefined : resolvePath(base, c.dir);
      if (dir !== undefined && dir !== base && !dir.startsWith(base + '/'))
        return `ClusterCatalog ${JSON.stringify(c.name)}: fbc-studio/catalog-dir ${JSON.stringify(c.dir)} leaves ${base}`;
      specs.push({ spec: c, ...(dir !== undefined ? { dir } : {}) });
    }
  }
  const out: CatalogInput[] = [];
  for (const { spec, dir: named } of specs) {
    let dir = named;
    if (dir === undefined && spec.imageRef && !o.offline) {
      try {
        dir = await pull(spec.imageRef);
      } catch (e) {
        out.push({ catalog: spec, error: (e as Error).message });
        continue;
      }
    }
    if (dir === undefined) {
      out.push({
        catalog: spec,
        error: `no content offline: image ${JSON.stringify(spec.imageRef ?? '')} (add the annotation fbc-studio/catalog-dir naming its folder)`,
      });
      continue;
    }
    const bad = checkDirectory(dir);
    out.push(bad ? { catalog: spec, error: bad } : { catalog: spec, dc: await loadDc(dir) });
  }
  return out;
}

/** `--installed` as a bundle name or a version of the package, found in the catalogs. */
function installedOf(value: string, pkg: string, inputs: CatalogInput[]): InstalledBundle | string {
  const bundles = inputs.flatMap((i) => i.dc?.bundles.filter((b) => b.package === pkg) ?? []);
  const byName = bundles.find((b) => b.name === value);
  if (byName) {
    const vr = bundleVersionRelease(byName);
    if (!vr) return `bundle ${JSON.stringify(value)} has no semver version`;
    return { name: byName.name, version: value === byName.name ? versionText(byName) : value };
  }
  const want = parseLegacyVersionRelease(value);
  if (!want)
    return `--installed ${JSON.stringify(value)} is neither a bundle of package ${JSON.stringify(pkg)} nor a semver version`;
  const match = bundles.find((b) => {
    const vr = bundleVersionRelease(b);
    return (
      vr !== undefined &&
      vr.release === want.release &&
      vr.version.raw.replace(/\+.*$/, '') === want.version.raw.replace(/\+.*$/, '')
    );
  });
  if (!match)
    return `no bundle of package ${JSON.stringify(pkg)} has version ${JSON.stringify(value)} in the given catalogs`;
  return { name: match.name, version: value };
}

function versionText(b: { properties: { type: string; value: unknown }[] }): string {
  const p = b.properties.find((x) => x.type === 'olm.package');
  return String((p?.value as { version?: string } | undefined)?.version ?? '');
}

export function formatPreview(p: Preview): string {
  const lines: string[] = [];
  lines.push(
    p.resolved
      ? `resolved: ${p.resolved.bundle} (version ${p.resolved.version}, channel ${p.resolved.channel})`
      : `not resolved: ${p.error}`,
  );
  if (p.resolved && p.error) lines.push(`error: ${p.error}`);
  if (p.candidates.length > 0) lines.push('candidates:');
  for (const c of p.candidates)
    lines.push(`  ${c.kept ? 'kept   ' : 'dropped'} ${c.bundle} ${c.version}: ${c.why}`);
  if (p.conditions.length > 0) lines.push('conditions:');
  for (const c of p.conditions)
    lines.push(`  ${c.type}=${c.status} (${c.reason}): ${c.message.replace(/\n/g, '; ')}`);
  return lines.join('\n') + '\n';
}

export async function olmv1Preview(file: string, values: PreviewOptions, io: Io): Promise<number> {
  const output = values.output;
  const ext = readClusterExtension(readFileSync(file, 'utf8'), file);
  if ('error' in ext) {
    io.err(`${ext.error}\n`);
    return 1;
  }
  const dirs = values.catalog ?? [];
  if (dirs.length === 0 && !values.clusterCatalogs) {
    io.err(`give --catalog <directory> or --cluster-catalogs <file>\n`);
    return 1;
  }
  const inputs = await catalogInputs(dirs, values.clusterCatalogs, values, io);
  if (typeof inputs === 'string') {
    io.err(`${inputs}\n`);
    return 1;
  }
  let installed: InstalledBundle | undefined;
  if (values.installed !== undefined) {
    const i = installedOf(values.installed, ext.packageName, inputs);
    if (typeof i === 'string') {
      io.err(`${i}\n`);
      return 1;
    }
    installed = i;
  }
  const p = resolveClusterExtension(ext, inputs, installed);
  io.out(output === 'json' ? JSON.stringify(p, null, 2) + '\n' : formatPreview(p));
  return p.resolved ? 0 : 1;
}

export async function olmv1Generate(dir: string, values: GenerateOptions, io: Io): Promise<number> {
  const dc = await loadDc(dir);
  const pkg = values.package;
  const b = values.bundle ? dc.bundles.find((x) => x.package === pkg && x.name === values.bundle) : undefined;
  if (values.bundle && !b) {
    io.err(`package ${JSON.stringify(pkg)} has no bundle ${JSON.stringify(values.bundle)} in ${dir}\n`);
    return 1;
  }
  const channels = dc.channels.filter((c) => c.package === pkg);
  if (channels.length === 0 && dc.bundles.every((x) => x.package !== pkg)) {
    io.err(`${dir} has no package ${JSON.stringify(pkg)}\n`);
    return 1;
  }
  if (
    values.channel &&
    !channels.some((c) => c.name === values.channel && (!b || c.entries.some((e) => e.name === b.name)))
  ) {
    io.err(
      `channel ${JSON.stringify(values.channel)} of package ${JSON.stringify(pkg)} does not hold ${b ? b.name : 'any bundle'}\n`,
    );
    return 1;
  }
  io.out(
    generateClusterExtension({
      packageName: pkg,
      ...(values.channel ? { channel: values.channel } : {}),
      ...(b ? { version: versionText(b) } : {}),
      ...(values.name ? { name: values.name } : {}),
    }),
  );
  return 0;
}

/** Pulls a catalog image into the image cache and returns its FBC folder (a bundle image is refused). */
async function imagePuller(o: PreviewOptions, io: Io): Promise<(ref: string) => Promise<string>> {
  const registry = await import('../node/registry');
  const options = registry.pullOptions(registryFlags(o), io.err);
  return async (ref) => {
    const image = await registry.pullImage(ref, options);
    if (image.kind !== 'catalog') throw new Error(`${ref} is a bundle image, not a catalog image`);
    io.err(
      `pulled ${ref}${image.mirror ? ` from the mirror ${image.mirror}` : ''}${image.cached ? ' (cached)' : ''}\n`,
    );
    return image.dir;
  };
}
