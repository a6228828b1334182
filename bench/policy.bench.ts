/**
 * What a policy pack adds to `fbc-studio workspace` (goal ≤ 1.10× for the repository's own pack):
 * the same command on the same repository with `--policy none` (the baseline, measured in the same
 * run) and with a pack, in pairs after a collection so one run's garbage does not land on the next;
 * the median of the pairs' ratios. Printed, not asserted.
 *
 *   node --expose-gc --import tsx bench/policy.bench.ts [REPO…]   (default: the largest corpus repositories)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { main as cli } from '../src/cli/main';
import { shared } from './synthetic-catalogs';

const DEFAULT = ['community-operators-prod', 'kubev2v-mtv-fbc', 'openshift-file-integrity-operator-fbc'];
const RUNS = 7;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const silent = { out: () => {}, err: () => {} };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

async function time(dir: string, policy: string): Promise<number> {
  gc();
  const t = performance.now();
  await cli(['workspace', dir, '-o', 'json', '--policy', policy], silent);
  return performance.now() - t;
}

async function main(): Promise<void> {
  const corpus = join(shared, 'corpus/fbc');
  if (!existsSync(corpus)) {
    console.log(`policy bench: skipped, ${corpus} not found`);
    return;
  }
  const repos = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT;
  console.log(`repository | pack | none (median of ${RUNS}) | with the pack | median ratio (goal ≤ 1.10)`);
  for (const repo of repos) {
    const dir = join(corpus, repo);
    for (const pack of ['community', 'konflux']) {
      await time(dir, 'none');
      await time(dir, pack);
      const base: number[] = [];
      const withPack: number[] = [];
      const ratios: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        base.push(await time(dir, 'none'));
        withPack.push(await time(dir, pack));
        ratios.push((withPack.at(-1) as number) / (base.at(-1) as number));
      }
      console.log(
        `${repo} | ${pack} | ${median(base).toFixed(0)} ms | ${median(withPack).toFixed(0)} ms | ${median(ratios).toFixed(3)}`,
      );
    }
  }
}

void main();
