/**
 * Diffing two large catalogs vs loading them (goal ≤ 1.5×): the diff and its impact (every changed
 * channel resolved under OLM v0 and v1, before and after) should cost no more than reading both
 * sides. Printed, not asserted.
 *
 *   node --import tsx bench/diff.bench.ts [OLD NEW]   (default: community-operators' largest pairs)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { NodeFsSource } from '../src/cli/node-source';
import { diffCatalogs } from '../src/core/diff';
import { loadDiffSide } from '../src/core/diff/load-side';
import { shared } from './synthetic-catalogs';

const RUNS = 3;
const co = (v: string) => join(shared, 'corpus/fbc/community-operators-prod/catalogs', v);
const DEFAULT: [string, string][] = [
  [co('v4.14'), co('v4.16')],
  [co('v4.16'), co('v4.20')],
  [co('v4.14'), co('v4.22')],
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const pairs: [string, string][] = args.length === 2 ? [[args[0] as string, args[1] as string]] : DEFAULT;
  if (!pairs.every(([a, b]) => existsSync(a) && existsSync(b))) {
    console.log(`diff bench: skipped, the catalogs were not found (${pairs.flat().join(', ')})`);
    return;
  }
  console.log(
    `old → new | packages differ | impact items | load both (median of ${RUNS}) | diff | ratio (goal ≤ 1.5)`,
  );
  for (const [a, b] of pairs) {
    const loads: number[] = [];
    const diffs: number[] = [];
    let shape = '';
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      const [x, y] = await Promise.all([
        loadDiffSide(new NodeFsSource(a)),
        loadDiffSide(new NodeFsSource(b)),
      ]);
      loads.push(performance.now() - t);
      t = performance.now();
      const d = diffCatalogs(x.model, y.model);
      diffs.push(performance.now() - t);
      shape = `${d.packages.length} | ${d.impact.length}`;
    }
    const load = median(loads);
    const diff = median(diffs);
    const name = (p: string) => p.split('/').slice(-2).join('/');
    console.log(
      `${name(a)} → ${name(b)} | ${shape} | ${load.toFixed(0)} ms | ${diff.toFixed(0)} ms | ${(diff / load).toFixed(2)}×`,
    );
  }
}

void main();
