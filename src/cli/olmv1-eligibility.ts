/**
 * `fbc-studio olmv1 eligibility DIR [--package P] [-o text|json]`, or `--bundle-dir DIR` for a bundle
 * folder (registry+v1, rendered with its objects): exit 1 when some bundle is not installable.
 */
import { loadCatalog } from '../core/load';
import { readBundleDir, renderBundle } from '../core/bundle';
import { bundleEligibility, type Eligibility } from '../core/olmv1';
import { checkDirectory, type Io } from './command-args';
import { NodeFsSource } from './node-source';

/** `olmv1 eligibility` options as declared in commands.ts. */
export interface EligibilityOptions {
  output: string;
  package?: string;
  bundleDir?: string;
}

export async function eligibilityCommand(
  catalogDir: string | undefined,
  values: EligibilityOptions,
  io: Io,
): Promise<number> {
  const output = values.output;
  const dir = values.bundleDir ?? catalogDir;
  if ((catalogDir !== undefined) === (values.bundleDir !== undefined) || dir === undefined) {
    io.err('give one catalog directory, or --bundle-dir <bundle-directory>\n');
    return 2;
  }
  const bad = checkDirectory(dir);
  if (bad) {
    io.err(`${bad}\n`);
    return 1;
  }
  let rows: Eligibility[];
  if (values.bundleDir) {
    rows = [bundleEligibility(renderBundle(await readBundleDir(new NodeFsSource(dir)), '', 'none'))];
  } else {
    const { dc } = await loadCatalog(new NodeFsSource(dir), { bundleObjects: 'lazy' });
    const bundles = dc.bundles.filter((b) => values.package === undefined || b.package === values.package);
    if (values.package !== undefined && bundles.length === 0) {
      io.err(`${dir} has no bundles of package ${JSON.stringify(values.package)}\n`);
      return 1;
    }
    rows = bundles.map(bundleEligibility);
  }
  if (output === 'json') io.out(JSON.stringify(rows, null, 2) + '\n');
  else
    for (const r of rows) {
      const badge = r.eligible === true ? 'eligible' : r.eligible === false ? 'not eligible' : 'unknown';
      io.out(`${r.package} ${r.bundle}: ${badge}\n${r.reasons.map((x) => `  - ${x}\n`).join('')}`);
    }
  return rows.some((r) => r.eligible === false) ? 1 : 0;
}
