/**
 * `fbc-studio validate-bundle DIR [-o text|json]` and `fbc-studio render-bundle DIR --image REF
 * [-o json|yaml] [--migrate-level none|bundle-object-to-csv-metadata]`: a bundle directory checked
 * (exit 0 when no error, 1 otherwise) and rendered to the olm.bundle blob `opm render` makes of the
 * built image.
 */
import {
  checkBundle,
  formatBundleFinding,
  readBundleDir,
  renderBundle,
  renderBundleJson,
  renderBundleYaml,
  type MigrateLevel,
} from '../core/bundle';
import type { Io } from './command-args';
import { NodeFsSource } from './node-source';
import { bundleExitCode, runBundleReport } from './report/from-bundle';
import { ciFormat, type CiOptions } from './report/run';

export async function validateBundleCommand(
  dir: string,
  o: CiOptions & { output: string },
  io: Io,
): Promise<number> {
  const format = ciFormat(o.output);
  if (format) return runBundleReport(dir, format, o.failOn ?? 'error', o.fullMessages === true, io);
  const bundle = await readBundleDir(new NodeFsSource(dir));
  const report = checkBundle(bundle);
  if (o.output === 'json') {
    io.out(
      JSON.stringify(
        {
          passed: report.passed,
          format: report.detection.format,
          reason: report.detection.reason,
          compressedSize: report.compressedSize,
          findings: report.findings,
        },
        null,
        2,
      ) + '\n',
    );
  } else {
    io.out(`${dir}: ${report.detection.format} (${report.detection.reason})\n`);
    for (const f of report.findings) io.out(`  ${formatBundleFinding(f)}\n`);
    io.out(report.passed ? 'bundle valid\n' : 'bundle invalid\n');
  }
  return o.failOn ? bundleExitCode(dir, report, o.failOn) : report.passed ? 0 : 1;
}

export interface RenderBundleOptions {
  image: string;
  output: string;
  migrateLevel: MigrateLevel;
}

export async function renderBundleCommand(dir: string, o: RenderBundleOptions, io: Io): Promise<number> {
  const bundle = await readBundleDir(new NodeFsSource(dir));
  const blob = renderBundle(bundle, o.image, o.migrateLevel);
  io.out(o.output === 'json' ? renderBundleJson(blob) : renderBundleYaml(blob));
  return 0;
}
