/**
 * The synthetic catalogs both benchmarks measure (bench:core, bench:browser), written once by
 * ../shared/tools/make-catalog.mjs into BENCH_DIR and re-used (a `.done` marker says a folder is whole).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const shared = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared');
export const makeCatalog = path.join(shared, 'tools/make-catalog.mjs');
export const benchDir = process.env.BENCH_DIR ?? '/tmp/fbc-studio-bench';

/** `<BENCH_DIR>/<name>` written with `flags` (seed 7 unless told) unless already there; undefined without make-catalog. */
export function ensureCatalog(name: string, flags: string[], seed = 7): string | undefined {
  const dir = path.join(benchDir, name);
  if (existsSync(path.join(dir, '.done'))) return dir;
  if (!existsSync(makeCatalog)) return undefined;
  mkdirSync(dir, { recursive: true });
  execFileSync('node', [makeCatalog, '--out', dir, ...flags, '--seed', String(seed)], { stdio: 'ignore' });
  writeFileSync(path.join(dir, '.done'), '');
  return dir;
}

/** The index-shaped catalogs: `packages` × 40 bundles × 24 KB objects (200 packages ≈ 200 MB). */
export const sizedFlags = (format: string, packages: number): string[] => [
  '--packages',
  String(packages),
  '--bundles',
  '40',
  '--format',
  format,
  '--object-kb',
  '24',
];
