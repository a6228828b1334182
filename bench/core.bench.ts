/**
 * `npm run bench` — catalog core throughput, memory and re-validation time on synthetic catalogs
 * written by ../shared/tools/make-catalog.mjs (JSON and YAML, about 10, 50 and 200 MB), each
 * measured next to a baseline run in the same process on the same bytes:
 *   JSON: TextDecoder + JSON.parse of the same objects (as one array)
 *   YAML: TextDecoder + js-yaml loadAll (the fastest YAML parser we found on npm)
 * Every case runs in its own child process so peak RSS belongs to that case alone.
 * Validation is timed as the app runs it: the first run of an IncrementalValidator (opening the
 * catalog), then "edit->revalidated" (median of 10): re-load one package file, merge, re-validate
 * with the same validator. "validate" is a whole validation from scratch (the CLI's path), warm.
 *
 *   npm run bench                      all sizes (10, 50, 200 MB)
 *   npm run bench -- --sizes 10        a quick run
 *   BENCH_DIR=/tmp/x npm run bench     where catalogs are generated (cached between runs)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAll as jsYamlLoadAll } from 'js-yaml';
import { loadFile, mergeFileLoads, type FileLoad } from '../src/core/load';
import { IncrementalValidator } from '../src/core/validate/incremental';
import { validateCatalog } from '../src/core/validate/validate-catalog';
import { ensureCatalog, makeCatalog, shared, sizedFlags } from './synthetic-catalogs';

type Format = 'json' | 'yaml';
interface CaseResult {
  format: Format;
  packages: number;
  files: number;
  bytes: number;
  bundles: number;
  baselineMs: number;
  oursLoadMs: number;
  oursValidateMs: number;
  /** The first validation of an IncrementalValidator (opening the catalog). */
  firstValidateMs: number;
  /** Median of 10: re-load the edited file, merge, re-validate with the same IncrementalValidator. */
  editMs: number;
  /** The re-load of the edited file alone (part of editMs). */
  editLoadMs: number;
  retainedHeapMB: number;
  peakRssMB: number;
  diagnostics: number;
  errors: number;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

function syntheticCatalog(format: Format, packages: number): string {
  const dir = ensureCatalog(`${format}-${packages}`, sizedFlags(format, packages));
  if (!dir) throw new Error(`${makeCatalog} not found`);
  return dir;
}

function best(n: number, fn: () => void): number {
  let min = Infinity;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** Child process: measure one catalog. */
function runCase(format: Format, packages: number, mode: 'baseline' | 'ours'): Partial<CaseResult> {
  const dir = syntheticCatalog(format, packages);
  const paths = walk(dir).filter((p) => !p.endsWith('.done'));
  const files = paths.map((p) => ({ path: relative(dir, p), bytes: readFileSync(p) }));
  const bytes = files.reduce((n, f) => n + f.bytes.byteLength, 0);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const reps = bytes > 100e6 ? 2 : 3;

  if (mode === 'baseline') {
    if (format === 'json') {
      // The same objects as one JSON array (the commas are added outside the timed region).
      const arrays = files.map((f) =>
        Buffer.from('[' + decoder.decode(f.bytes).replace(/\n}\n{/g, '\n},\n{') + ']'),
      );
      const baselineMs = best(reps, () => {
        for (const a of arrays) JSON.parse(decoder.decode(a));
      });
      return { baselineMs };
    }
    const baselineMs = best(reps, () => {
      for (const f of files) jsYamlLoadAll(decoder.decode(f.bytes));
    });
    return { baselineMs };
  }

  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let loads: FileLoad[] = [];
  const oursLoadMs = best(reps, () => {
    loads = [];
    loads = files.map((f) => loadFile(f.path, f.bytes, { bundleObjects: 'lazy' }));
  });
  // As the app does: one IncrementalValidator per open catalog; its first run is cold (nothing
  // cached, validator code not yet optimised by the JIT), later runs follow edits.
  const validator = new IncrementalValidator();
  let merged = mergeFileLoads(loads);
  let t = performance.now();
  const result = validator.validate(merged);
  const firstValidateMs = performance.now() - t;
  gc();
  const retainedHeapMB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  // Re-validation after an edit to one package file: re-load that file only, merge, validate.
  const editIndex = Math.floor(files.length / 2);
  const edited = files[editIndex] as { path: string; bytes: Buffer };
  const text = decoder.decode(edited.bytes);
  const times: number[] = [];
  const loadTimes: number[] = [];
  const current = loads.slice();
  for (let i = 0; i < 10; i++) {
    const changed = text.replace(/catalog entry\./, `catalog entry (edit ${i}).`);
    t = performance.now();
    current[editIndex] = loadFile(edited.path, changed, { bundleObjects: 'lazy' });
    loadTimes.push(performance.now() - t);
    validator.validate(mergeFileLoads(current));
    times.push(performance.now() - t);
  }
  const median = (xs: number[]): number => {
    const s = xs.slice().sort((a, b) => a - b);
    return ((s[4] as number) + (s[5] as number)) / 2;
  };

  // A whole validation from scratch (the CLI's validateCatalog), once the code is warm.
  const oursValidateMs = best(reps, () => {
    merged = mergeFileLoads(loads);
    validateCatalog(merged);
  });
  return {
    format,
    packages,
    files: files.length,
    bytes,
    bundles: merged.dc.bundles.length,
    oursLoadMs,
    oursValidateMs,
    firstValidateMs,
    editMs: median(times),
    editLoadMs: median(loadTimes),
    retainedHeapMB,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    diagnostics: result.diagnostics.length,
    errors: result.diagnostics.filter((d) => d.severity === 'error').length,
  };
}

function child(format: Format, packages: number, mode: 'baseline' | 'ours'): Partial<CaseResult> {
  const r = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--child', format, String(packages), mode],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (r.status !== 0) throw new Error(`bench child ${format} ${packages} ${mode} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as Partial<CaseResult>;
}

function main(): void {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child') {
    const [, format, packages, mode] = argv as [string, Format, string, 'baseline' | 'ours'];
    console.log(JSON.stringify(runCase(format, Number(packages), mode)));
    return;
  }
  if (!existsSync(makeCatalog)) {
    console.log(
      `bench: skipped, ${shared}/tools/make-catalog.mjs not found (it writes the synthetic catalogs)`,
    );
    return;
  }
  const sizesArg = argv.indexOf('--sizes');
  const sizes = sizesArg >= 0 ? (argv[sizesArg + 1] as string).split(',').map(Number) : [10, 50, 200];
  const rows: CaseResult[] = [];
  for (const format of ['json', 'yaml'] as const) {
    for (const packages of sizes) {
      const base = child(format, packages, 'baseline');
      const ours = child(format, packages, 'ours');
      rows.push({ ...(ours as CaseResult), baselineMs: base.baselineMs as number });
      const r = rows[rows.length - 1] as CaseResult;
      const mb = r.bytes / 1e6;
      const goal = format === 'json' ? 0.5 : 0.7;
      console.log(
        `${format.padEnd(4)} ${mb.toFixed(0).padStart(4)} MB ${String(r.files).padStart(4)} files ${String(r.bundles).padStart(5)} bundles | ` +
          `baseline ${(mb / (r.baselineMs / 1000)).toFixed(0).padStart(4)} MB/s | ` +
          `load ${(mb / (r.oursLoadMs / 1000)).toFixed(0).padStart(4)} MB/s (${(r.baselineMs / r.oursLoadMs).toFixed(2)}x, goal >= ${goal}) | ` +
          `load+validate ${(r.oursLoadMs + r.oursValidateMs).toFixed(0)} ms (${(r.baselineMs / (r.oursLoadMs + r.oursValidateMs)).toFixed(2)}x) | ` +
          `validate ${r.oursValidateMs.toFixed(0)} ms (first ${r.firstValidateMs.toFixed(0)} ms) | edit->revalidated ${r.editMs.toFixed(1)} ms (re-load ${r.editLoadMs.toFixed(1)}) | ` +
          `heap ${(r.retainedHeapMB / (r.bytes / 2 ** 20)).toFixed(2)}x, peak RSS ${(r.peakRssMB / (r.bytes / 2 ** 20)).toFixed(2)}x bytes | ` +
          `${r.errors} errors`,
      );
    }
  }
  console.log('\nJSON (machine-readable):');
  console.log(JSON.stringify(rows));
}

main();
