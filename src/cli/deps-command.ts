/**
 * `fbc-studio deps CATALOG_DIR --package P [--bundle B] [--bundle-dir DIR] [-o text|json]`: what a
 * package's bundles (or one bundle, or a bundle folder not yet in the catalog) require and which
 * bundles of the catalog provide it. Exit 1 when a requirement nothing provides (OLM could not
 * install that bundle), 0 otherwise.
 */
import { parseArgs } from 'node:util';
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

export const DEPS_USAGE = `  fbc-studio deps <catalog-directory> (--package <name> [--bundle <name>] | --bundle-dir <bundle-directory>) [-o text|json]
`;

export async function depsCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o', default: 'text' },
      package: { type: 'string', short: 'p' },
      bundle: { type: 'string' },
      'bundle-dir': { type: 'string' },
    },
  });
  const output = values.output ?? 'text';
  if (output !== 'text' && output !== 'json') {
    io.err(`invalid --output value ${JSON.stringify(output)}, expected (text|json)\n`);
    return 1;
  }
  const dir = positionals[0];
  if (positionals.length !== 1 || dir === undefined || (!values.package && !values['bundle-dir'])) {
    io.err(`give one catalog directory and --package or --bundle-dir\n${DEPS_USAGE}`);
    return 1;
  }
  for (const d of [dir, values['bundle-dir']]) {
    const bad = d === undefined ? undefined : checkDirectory(d);
    if (bad) {
      io.err(`${bad}\n`);
      return 1;
    }
  }
  const load = await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'lazy' });
  let deps: BundleDependencies[];
  if (values['bundle-dir']) {
    const bundle = await readBundleDir(new NodeFsSource(values['bundle-dir']));
    deps = [bundleDependencies(load.dc, renderBundle(bundle, ''))];
  } else {
    const pkg = values.package as string;
    deps = packageDependencies(load.dc, pkg, values.bundle);
    if (deps.length === 0) {
      io.err(
        values.bundle
          ? `package ${JSON.stringify(pkg)} has no bundle ${JSON.stringify(values.bundle)} in ${dir}\n`
          : `${dir} has no bundles of package ${JSON.stringify(pkg)}\n`,
      );
      return 1;
    }
  }
  if (output === 'json') io.out(JSON.stringify(deps, null, 2) + '\n');
  else io.out(formatDependencies(deps));
  return deps.some((d) => d.requirements.some((r) => r.unsatisfiable)) ? 1 : 0;
}
