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
import { loadCatalog } from '../core/load';
import { goBlobs } from '../core/template/go-blobs';
import { renderRun } from '../core/template/render-run';
import { migrateLevelNamed } from '../core/template/migrate-level';
import { writeFbcJson, writeFbcYaml } from '../core/template/fbc-writer';
import type { Io } from './command-args';
import { NodeFsSource } from './node-source';
import { goLogTime, renderReferenceError } from './go-log';
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

/**
 * Blobs of a loaded catalog as `opm render` writes them: through Run's steps (bundle objects last,
 * related images sorted, the migrations), then as declcfg's structs marshal. LoadFS decodes every
 * blob through Meta.UnmarshalJSON, which re-encodes it from a Go map: unknown-schema blobs and
 * property values come out with sorted keys whether the file was YAML or JSON (operator-registry ≥ v1.28).
 */
export function catalogBlobs(dc: DeclarativeConfig, migrate: MigrateLevel = 'none'): object[] {
  return goBlobs(renderRun(dc, migrate), 'sorted');
}

/** action.Render's `isBundle`: a directory given on the command line with manifests/ and metadata/ folders. */
function isBundleDir(dir: string): boolean {
  const sub = (name: string) => existsSync(join(dir, name)) && statSync(join(dir, name)).isDirectory();
  return sub('manifests') && sub('metadata');
}

/**
 * A directory's blobs: a bundle directory or a catalog. `given` is a directory named on the command
 * line (told apart as opm does); otherwise a pulled image's root, a bundle when it has its annotations.
 */
async function renderDirectory(
  dir: string,
  migrate: MigrateLevel,
  image: string,
  given = false,
): Promise<object[]> {
  const bundle = given
    ? isBundleDir(dir)
    : existsSync(join(dir, 'metadata', 'annotations.yaml')) ||
      existsSync(join(dir, 'metadata', 'annotations.yml'));
  if (bundle) return [renderBundle(await readBundleDir(new NodeFsSource(dir)), image, migrate)];
  const loaded = await loadCatalog(new NodeFsSource(dir));
  if (loaded.errors.length > 0) throw new Error(loaded.errors[0]?.message ?? `cannot load ${dir}`);
  return catalogBlobs(loaded.dc, migrate);
}

export async function renderCommand(refs: string[], values: RenderOptions, io: Io): Promise<number> {
  try {
    io.out(await render(refs, values, io));
    return 0;
  } catch (e) {
    // opm render ends with log.Fatal.
    io.err(`${goLogTime()} ${(e as Error).message}\n`);
    return 1;
  }
}

async function render(refs: string[], values: RenderOptions, io: Io): Promise<string> {
  const output = values.output;
  const migrate = migrateLevelNamed(values.migrateLevel ?? 'none') as MigrateLevel;
  const blobs: object[] = [];
  let pull: Awaited<typeof import('../node/registry')> | undefined;
  let options: import('../node/registry').PullOptions | undefined;
  for (const ref of refs) {
    try {
      if (existsSync(ref) && statSync(ref).isDirectory()) {
        blobs.push(...(await renderDirectory(ref, migrate, '', true)));
        continue;
      }
      pull ??= await import('../node/registry');
      options ??= pull.pullOptions(registryFlags(values), io.err);
      const image = await pull.pullImage(ref, options);
      if (image.mirror) io.err(`pulled ${ref} from the mirror ${image.mirror}\n`);
      blobs.push(...(await renderDirectory(image.dir, migrate, ref)));
    } catch (e) {
      throw renderReferenceError(ref, e);
    }
  }
  // YAML as opm's go-yaml emitter writes it, long plain strings folded at 80 columns (as render-bundle).
  return output === 'json' ? writeFbcJson(blobs) : foldPlainScalars(writeFbcYaml(blobs));
}
