/**
 * `fbc-studio deps CATALOG_DIR --package P [--bundle B] [--bundle-dir DIR] [-o text|json]`: what a
 * package's bundles (or one bundle, or a bundle folder not yet in the catalog) require and which
 * bundles of the catalog provide it. Exit 1 when a requirement nothing provides (OLM could not
 * install that bundle), 0 otherwise.
 */
import {
  bundleDependencies,
  formatDependencies,
  packageDependencies,
  readBundleDir,
  renderBundle,
  type BundleDependencies,
} from '../core/bundle';
import { loadCatalog } from '../core/load';
import { checkDirectory, type Io } from './command-args';
import { NodeFsSource } from './node-source';
import { EXIT_USAGE } from './report/fail-on';

export interface DepsOptions {
  output: string;
  package?: string;
  bundle?: string;
  bundleDir?: string;
}

export async function depsCommand(dir: string, o: DepsOptions, io: Io): Promise<number> {
  if (!o.package && !o.bundleDir) {
    io.err('deps needs --package or --bundle-dir\n');
    return EXIT_USAGE;
  }
  const bad = o.bundleDir === undefined ? undefined : checkDirectory(o.bundleDir);
  if (bad) {
    io.err(`${bad}\n`);
    return EXIT_USAGE;
  }
  const load = await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'lazy' });
  let deps: BundleDependencies[];
  if (o.bundleDir) {
    const bundle = await readBundleDir(new NodeFsSource(o.bundleDir));
    deps = [bundleDependencies(load.dc, renderBundle(bundle, ''))];
  } else {
    const pkg = o.package as string;
    deps = packageDependencies(load.dc, pkg, o.bundle);
    if (deps.length === 0) {
      io.err(
        o.bundle
          ? `package ${JSON.stringify(pkg)} has no bundle ${JSON.stringify(o.bundle)} in ${dir}\n`
          : `${dir} has no bundles of package ${JSON.stringify(pkg)}\n`,
      );
      return 1;
    }
  }
  if (o.output === 'json') io.out(JSON.stringify(deps, null, 2) + '\n');
  else io.out(formatDependencies(deps));
  return deps.some((d) => d.requirements.some((r) => r.unsatisfiable)) ? 1 : 0;
}
