/**
 * `fbc-studio validate-bundle DIR [-o text|json] [--select-optional SELECTOR] [--optional-values K=V]
 * [--list-optional]` (operator-sdk bundle validate's optional validators, same selector syntax) and `fbc-studio render-bundle DIR --image REF
 * [-o json|yaml] [--migrate-level none|bundle-object-to-csv-metadata]`: a bundle directory checked
 * (exit 0 when no error, 1 otherwise) and rendered to the olm.bundle blob `opm render` makes of the
 * built image.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  checkBundle,
  formatBundleFinding,
  listOptional,
  SelectorError,
  SelectorErrorNoMatch,
  selectOptional,
  readBundleDir,
  renderBundle,
  renderBundleJson,
  renderBundleYaml,
  type CheckOptions,
  type CustomCategories,
  type IndexImageFile,
  type MigrateLevel,
} from '../core/bundle';
import { checkDirectory, type Io } from './command-args';
import { NodeFsSource } from './node-source';
import { bundleExitCode, runBundleCiOptions } from './report/from-bundle';

export const BUNDLE_USAGE = `  fbc-studio validate-bundle <bundle-directory> [-o text|json|github|sarif|junit] [--fail-on error|warning|never]
      [--select-optional name=operatorhub|suite=operatorframework|…] [--optional-values k8s-version=1.25] [--list-optional]
  fbc-studio render-bundle <bundle-directory> --image <ref> [-o json|yaml] [--migrate-level none|bundle-object-to-csv-metadata]
`;

/** The Dockerfile `--optional-values index-path=` names, as the community validator reads it (os.Stat, ReadFile). */
function readIndexImage(path: string): IndexImageFile {
  try {
    if (statSync(path).isDirectory()) return { isDirectory: true };
    return { text: readFileSync(path, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { error: code === 'ENOENT' ? `stat ${path}: no such file or directory` : (e as Error).message };
  }
}

/** OPERATOR_BUNDLE_CATEGORIES: operatorhub.go extractCategories, with its error wording. */
function readCustomCategories(path: string): CustomCategories {
  const abs = resolve(path);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      error: `reading category file: ${code === 'ENOENT' ? `open ${abs}: no such file or directory` : (e as Error).message}`,
    };
  }
  try {
    const parsed = JSON.parse(text) as { categories?: unknown };
    const list = Array.isArray(parsed.categories) ? parsed.categories : [];
    return { categories: list.filter((c): c is string => typeof c === 'string') };
  } catch (e) {
    return { error: `unmarshaling category file: ${(e as Error).message}` };
  }
}

/** Takes operator-sdk's optional-validator flags off `args` (`--flag value` or `--flag=value`). */
function takeOptionalFlags(args: string[]): {
  rest: string[];
  select: string;
  values: Record<string, string>;
  list: boolean;
} {
  const rest: string[] = [];
  let select = '';
  const values: Record<string, string> = {};
  let list = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const [flag, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    if (flag === '--list-optional') list = true;
    else if (flag === '--select-optional' || flag === '--optional-values') {
      const v = inline ?? args[++i] ?? '';
      if (flag === '--select-optional') select = select === '' ? v : `${select},${v}`;
      else
        for (const kv of v.split(',')) {
          const eq = kv.indexOf('=');
          if (eq > 0) values[kv.slice(0, eq).trim()] = kv.slice(eq + 1).trim();
        }
    } else rest.push(a);
  }
  return { rest, select, values, list };
}

export async function validateBundleCommand(args: string[], io: Io): Promise<number> {
  const optional = takeOptionalFlags(args);
  if (optional.list) {
    io.out(listOptional());
    return 0;
  }
  const options: CheckOptions = { selectOptional: optional.select, optionalValues: optional.values };
  const indexPath = optional.values['index-path'];
  if (indexPath) options.indexImage = readIndexImage(indexPath);
  const categoriesPath = process.env.OPERATOR_BUNDLE_CATEGORIES;
  if (categoriesPath) options.customCategories = readCustomCategories(categoriesPath);
  try {
    // Fail early on a selector that is malformed or picks no validator, as operator-sdk does.
    selectOptional(optional.select);
  } catch (e) {
    if (!(e instanceof SelectorError || e instanceof SelectorErrorNoMatch)) throw e;
    io.err(`${e.message}\n`);
    return 2;
  }
  // CI formats and --fail-on first (report/from-bundle.ts); what is left parses as before.
  const ci = await runBundleCiOptions(optional.rest, io, BUNDLE_USAGE, options);
  if (typeof ci === 'number') return ci;
  const { values, positionals } = parseArgs({
    args: ci.args,
    allowPositionals: true,
    options: { output: { type: 'string', short: 'o', default: 'text' } },
  });
  const output = values.output ?? 'text';
  if (output !== 'text' && output !== 'json') {
    io.err(`invalid --output value ${JSON.stringify(output)}, expected (text|json)\n`);
    return ci.usageCode;
  }
  if (positionals.length !== 1) {
    io.err(`accepts 1 arg(s), received ${positionals.length}\n${BUNDLE_USAGE}`);
    return ci.usageCode;
  }
  const dir = positionals[0] as string;
  const bad = checkDirectory(dir);
  if (bad) {
    io.err(`${bad}\n`);
    return ci.usageCode;
  }
  const bundle = await readBundleDir(new NodeFsSource(dir));
  const report = checkBundle(bundle, options);
  if (output === 'json') {
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
  return ci.ci ? bundleExitCode(dir, report, ci.failOn) : report.passed ? 0 : 1;
}

export async function renderBundleCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o', default: 'json' },
      image: { type: 'string' },
      'migrate-level': { type: 'string', default: 'none' },
    },
  });
  const output = values.output ?? 'json';
  if (output !== 'json' && output !== 'yaml') {
    io.err(`invalid output format ${JSON.stringify(output)}\n`);
    return 1;
  }
  const migrate = values['migrate-level'] ?? 'none';
  if (migrate !== 'none' && migrate !== 'bundle-object-to-csv-metadata') {
    io.err(`unknown migration level ${JSON.stringify(migrate)}\n`);
    return 1;
  }
  if (positionals.length !== 1 || values.image === undefined) {
    io.err(`render-bundle needs one bundle directory and --image\n${BUNDLE_USAGE}`);
    return 1;
  }
  const dir = positionals[0] as string;
  const bad = checkDirectory(dir);
  if (bad) {
    io.err(`${bad}\n`);
    return 1;
  }
  const bundle = await readBundleDir(new NodeFsSource(dir));
  const blob = renderBundle(bundle, values.image, migrate as MigrateLevel);
  io.out(output === 'json' ? renderBundleJson(blob) : renderBundleYaml(blob));
  return 0;
}
