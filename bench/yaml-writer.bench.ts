/**
 * `node --import tsx bench/yaml-writer.bench.ts`: opm's YAML writer (`writeFbcYaml`, the go-yaml v2
 * emitter port) on the three largest FBC YAML catalogs of ../shared/corpus/fbc, printed against a
 * baseline measured in the same run on the same blobs: opm's JSON writer (`writeFbcJson`, built on
 * JSON.stringify). Goal: YAML ≤ 2× JSON, so writing `-o yaml` is never the hot spot of a render.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { writeFbcJson, writeFbcYaml } from '../src/core/template/fbc-writer';

const RUNS = 9;
const corpus = resolve(import.meta.dirname, '../../shared/corpus/fbc');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function timed(fn: () => string): number {
  const times: number[] = [];
  fn(); // warm-up: the first run also pays for compilation
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

function largestFbcYaml(n: number): string[] {
  const files = execFileSync('find', [corpus, '-type', 'f', '-name', '*.yaml'])
    .toString()
    .trim()
    .split('\n')
    .sort((a, b) => statSync(b).size - statSync(a).size);
  const out: string[] = [];
  for (const f of files) {
    if (out.length === n) break;
    const text = readFileSync(f, 'utf8');
    if (text.startsWith('---\n') && /^schema: olm\.(package|bundle|channel)/m.test(text)) out.push(f);
  }
  return out;
}

let statSafe = true;
try {
  statSync(corpus);
} catch {
  statSafe = false;
}
if (!statSafe) {
  console.log(`yaml-writer bench: skipped, ${corpus} not found (the corpus comes with ../shared)`);
} else {
  for (const file of largestFbcYaml(3)) {
    const blobs = parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS() as object);
    const yamlMs = timed(() => writeFbcYaml(blobs));
    const jsonMs = timed(() => writeFbcJson(blobs));
    const kb = writeFbcYaml(blobs).length / 1024;
    console.log(
      `${relative(corpus, file)}: ${blobs.length} blobs, ${kb.toFixed(0)} KB of YAML: ` +
        `writeFbcYaml ${yamlMs.toFixed(1)} ms | baseline writeFbcJson ${jsonMs.toFixed(1)} ms | ` +
        `ratio ${(yamlMs / jsonMs).toFixed(2)}× (goal ≤ 2)`,
    );
  }
}
