/**
 * `fbc-studio render REF... [-o json|yaml] [--migrate-level …]`: what `opm render` prints for each
 * reference — a catalog image (its FBC, from the folder its configs label names), a bundle image
 * (the olm.bundle blob opm makes of it), a bundle directory or a catalog directory — all written
 * once with opm's writer (blobs grouped by package). Images are pulled with the registry client
 * (src/node/registry): credentials as opm finds them, mirrors, the content-addressed cache.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readBundleDir, renderBundle, type MigrateLevel } from '../core/bundle';
import { foldPlainScalars } from '../core/bundle/render';
import type { DeclarativeConfig } from '../core/declcfg/types';
import { goQuote } from '../core/gojson';
import { loadCatalog } from '../core/load';
import { goBundle, goChannel, goDeprecation, goOther, goPackage } from '../core/template/go-blobs';
import { renderRun } from '../core/template/render-run';
import { migrateLevelNamed } from '../core/template/migrate-level';
import { writeFbcJson, writeFbcYaml } from '../core/template/fbc-writer';
import type { Io } from './command-args';
import { NodeFsSource } from './node-source';
import { registryFlags } from './image-args';

/** `render` options as declared in commands.ts. */
export interface RenderOptions {
  output: string;
  migrateLevel?: string;
  mirrors?: string[];
  useHttp?: boolean;
  skipTlsVerify?: boolean;
  caFile?: string;
}

/** Blobs of a loaded catalog as opm writes them: YAML-born values re-marshalled with sorted keys. */
export function catalogBlobs(dc: DeclarativeConfig): object[] {
  const order = (f: 'json' | 'yaml'): 'sorted' | 'as-is' => (f === 'yaml' ? 'sorted' : 'as-is');
  return [
    ...dc.packages.map((p) => goPackage(p, order(p.origin.format))),
    ...dc.channels.map((c) => goChannel(c, order(c.origin.format))),
    ...dc.bundles.map((b) => goBundle(b, order(b.origin.format))),
    ...dc.deprecations.map(goDeprecation),
    ...dc.others.map((o) => goOther(o, order(o.origin.format))),
  ];
}

/** A directory's blobs: a bundle directory (metadata/annotations.yaml) or a catalog. */
async function renderDirectory(dir: string, migrate: MigrateLevel, image: string): Promise<object[]> {
  if (
    existsSync(join(dir, 'metadata', 'annotations.yaml')) ||
    existsSync(join(dir, 'metadata', 'annotations.yml'))
  ) {
    return [renderBundle(await readBundleDir(new NodeFsSource(dir)), image, migrate)];
  }
  const loaded = await loadCatalog(new NodeFsSource(dir));
  if (loaded.errors.length > 0) throw new Error(loaded.errors[0]?.message ?? `cannot load ${dir}`);
  // As Render.Run: bundle objects last, related images by image, then the migrations.
  return catalogBlobs(renderRun(loaded.dc, migrate));
}

/** Render.Run's wrapping of what goes wrong with one reference: `render reference "REF": …`. */
async function renderReference(ref: string, dir: string, migrate: MigrateLevel, image: string) {
  try {
    return await renderDirectory(dir, migrate, image);
  } catch (e) {
    throw new Error(`render reference ${goQuote(ref)}: ${(e as Error).message}`, { cause: e });
  }
}

export async function renderCommand(refs: string[], values: RenderOptions, io: Io): Promise<number> {
  const output = values.output;
  const migrate = migrateLevelNamed(values.migrateLevel ?? 'none') as MigrateLevel;
  const blobs: object[] = [];
  let pull: Awaited<typeof import('../node/registry')> | undefined;
  let options: import('../node/registry').PullOptions | undefined;
  for (const ref of refs) {
    if (existsSync(ref) && statSync(ref).isDirectory()) {
      blobs.push(...(await renderReference(ref, ref, migrate, '')));
      continue;
    }
    pull ??= await import('../node/registry');
    options ??= pull.pullOptions(registryFlags(values), io.err);
    const image = await pull.pullImage(ref, options);
    if (image.mirror) io.err(`pulled ${ref} from the mirror ${image.mirror}\n`);
    blobs.push(...(await renderReference(ref, image.dir, migrate, ref)));
  }
  // YAML as opm's go-yaml emitter writes it, long plain strings folded at 80 columns (as render-bundle).
  io.out(output === 'json' ? writeFbcJson(blobs) : foldPlainScalars(writeFbcYaml(blobs)));
  return 0;
}
