/**
 * Validating a whole repository vs validating its catalogs one by one (goal ≤ 1.2×): discovery reads
 * and parses every file once and validates each catalog on those parses, so opening a repository
 * should cost about what `opm validate` of each catalog folder in turn costs. Printed, not asserted.
 *
 *   node --import tsx bench/workspace.bench.ts [REPO…]   (default: the largest corpus repositories)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { NodeFsSource } from '../src/cli/node-source';
import { checkCatalog } from '../src/core/api';
import { checkWorkspace, discoverWorkspace, fileSubSource, subSource } from '../src/core/workspace';
import { shared } from './synthetic-catalogs';

const DEFAULT = [
  'community-operators-prod',
  'stolostron-volsync-operator-product-fbc',
  'kubev2v-mtv-fbc',
  'stolostron-submariner-operator-fbc',
  'stolostron-gatekeeper-operator-fbc',
  'project-koku-costmanagement-fbc',
];
const RUNS = 5;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

async function wholeRepository(dir: string): Promise<number> {
  const t = performance.now();
  checkWorkspace(await discoverWorkspace(new NodeFsSource(dir)));
  return performance.now() - t;
}

async function eachAlone(dir: string, catalogs: { path: string; isFile: boolean }[]): Promise<number> {
  const t = performance.now();
  for (const c of catalogs) {
    const parent = new NodeFsSource(dir);
    await checkCatalog(c.isFile ? fileSubSource(parent, c.path) : subSource(parent, c.path));
  }
  return performance.now() - t;
}

async function main(): Promise<void> {
  const corpus = join(shared, 'corpus/fbc');
  if (!existsSync(corpus)) {
    console.log(`workspace bench: skipped, ${corpus} not found`);
    return;
  }
  const repos = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT;
  console.log(
    `repository | catalogs | whole repository (median of ${RUNS}) | sum of each catalog alone | ratio (goal ≤ 1.2)`,
  );
  for (const repo of repos) {
    const dir = join(corpus, repo);
    const d = await discoverWorkspace(new NodeFsSource(dir));
    const catalogs = d.catalogs.map((c) => ({ path: c.path, isFile: c.isFile }));
    // Warm up both paths once, then interleave so machine load hits both alike.
    await wholeRepository(dir);
    await eachAlone(dir, catalogs);
    const whole: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      whole.push(await wholeRepository(dir));
      alone.push(await eachAlone(dir, catalogs));
    }
    const w = median(whole);
    const a = median(alone);
    console.log(
      `${repo} | ${catalogs.length} | ${w.toFixed(0)} ms | ${a.toFixed(0)} ms | ${(w / a).toFixed(2)}×`,
    );
  }
}

await main();
