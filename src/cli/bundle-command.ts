/**
 * `fbc-studio validate-bundle DIR [-o text|json] [--select-optional SELECTOR] [--optional-values K=V]
 * [--list-optional]` (operator-sdk bundle validate's optional validators, same selector syntax) and `fbc-studio render-bundle DIR --image REF
 * [-o json|yaml] [--migrate-level none|bundle-object-to-csv-metadata]`: a bundle directory checked
 * (exit 0 when no error, 1 otherwise) and rendered to the olm.bundle blob `opm render` makes of the
 * built image.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
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
import type { Io } from './command-args';
import { migrateLevelNamed } from '../core/template/migrate-level';
import { NodeFsSource } from './node-source';
import { bundleExitCode, runBundleReport } from './report/from-bundle';
import { ciFormat, type CiOptions } from './report/run';

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

/** `validate-bundle` options as declared in commands.ts (operator-sdk's optional-validator flags too). */
export interface ValidateBundleOptions extends CiOptions {
  output: string;
  /** `--select-optional`, repeatable: `name=operatorhub`, `suite=operatorframework`. */
  selectOptional?: string[];
  /** `--optional-values k8s-version=1.25,index-path=…`, repeatable. */
  optionalValues?: string[];
  listOptional?: boolean;
}

function optionalValues(list: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const v of list)
    for (const kv of v.split(',')) {
      const eq = kv.indexOf('=');
      if (eq > 0) values[kv.slice(0, eq).trim()] = kv.slice(eq + 1).trim();
    }
  return values;
}

export async function validateBundleCommand(
  dir: string | undefined,
  o: ValidateBundleOptions,
  io: Io,
): Promise<number> {
  if (o.listOptional) {
    io.out(listOptional());
    return 0;
  }
  if (dir === undefined) {
    io.err('validate-bundle needs a bundle directory (or --list-optional)\n');
    return 2;
  }
  const select = (o.selectOptional ?? []).join(',');
  const values = optionalValues(o.optionalValues);
  const options: CheckOptions = { selectOptional: select, optionalValues: values };
  const indexPath = values['index-path'];
  if (indexPath) options.indexImage = readIndexImage(indexPath);
  const categoriesPath = process.env.OPERATOR_BUNDLE_CATEGORIES;
  if (categoriesPath) options.customCategories = readCustomCategories(categoriesPath);
  try {
    // Fail early on a selector that is malformed or picks no validator, as operator-sdk does.
    selectOptional(select);
  } catch (e) {
    if (!(e instanceof SelectorError || e instanceof SelectorErrorNoMatch)) throw e;
    io.err(`${e.message}\n`);
    return 2;
  }
  const format = ciFormat(o.output);
  if (format) return runBundleReport(dir, format, o.failOn ?? 'error', o.fullMessages === true, io, options);
  const bundle = await readBundleDir(new NodeFsSource(dir));
  const report = checkBundle(bundle, options);
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
  /** A name opm's NewMigrations takes (the option's values): a level or `all`. */
  migrateLevel: string;
}

export async function renderBundleCommand(dir: string, o: RenderBundleOptions, io: Io): Promise<number> {
  const bundle = await readBundleDir(new NodeFsSource(dir));
  const blob = renderBundle(bundle, o.image, migrateLevelNamed(o.migrateLevel) as MigrateLevel);
  io.out(o.output === 'json' ? renderBundleJson(blob) : renderBundleYaml(blob));
  return 0;
}
