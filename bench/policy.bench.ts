/**
 * What a policy pack adds to `fbc-studio workspace` (goal ≤ 1.10×): the same command on the same
 * repository with `--policy none` (the baseline, measured in the same run) and with each pack,
 * interleaved so machine load hits all alike. Printed, not asserted.
 *
 *   node --import tsx bench/policy.bench.ts [REPO…]   (default: the largest corpus repositories)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { main as cli } from '../src/cli/main';
import { shared } from './synthetic-catalogs';

const DEFAULT = ['community-operators-prod', 'kubev2v-mtv-fbc', 'openshift-file-integrity-operator-fbc'];
const RUNS = 5;
const silent = { out: () => {}, err: () => {} };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

async function time(dir: string, policy: string): Promise<number> {
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
  console.log(`repository | none (median of ${RUNS}) | konflux | community | ratios (goal ≤ 1.10)`);
  for (const repo of repos) {
    const dir = join(corpus, repo);
    const runs: Record<string, number[]> = { none: [], konflux: [], community: [] };
    for (const p of Object.keys(runs)) await time(dir, p); // warm-up
    for (let i = 0; i < RUNS; i++) for (const p of Object.keys(runs)) runs[p]?.push(await time(dir, p));
    const [none, konflux, community] = ['none', 'konflux', 'community'].map((p) => median(runs[p] ?? []));
    const base = none as number;
    console.log(
      `${repo} | ${base.toFixed(0)} ms | ${(konflux as number).toFixed(0)} ms | ${(community as number).toFixed(0)} ms | ` +
        `${((konflux as number) / base).toFixed(3)} / ${((community as number) / base).toFixed(3)}`,
    );
  }
}

void main();
