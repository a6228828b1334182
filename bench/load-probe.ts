/**
 * Loader throughput and memory probe.
 *
 *   node --expose-gc --import tsx bench/load-probe.ts DIR [--mode eager|lazy] [--runs 3]
 *
 * Make a catalog first (outside the repo), e.g.
 *   node ../shared/tools/make-catalog.mjs --out /tmp/cat-json --packages 200 --bundles 40 --format json --object-kb 24
 *
 * Baselines over the same bytes, in the same process:
 * - JSON files: TextDecoder + JSON.parse. The files are concatenated objects, which JSON.parse
 *   cannot take whole, so the baseline parses each file turned into one array
 *   (`[` + objects joined by `,` + `]`, prepared outside the timed region).
 * - YAML files: TextDecoder + js-yaml `loadAll` (default schema).
 * Ours: `loadCatalog` over an in-memory source holding the same bytes (no disk I/O on either side).
 * Times are CPU time (best of N runs, baseline and ours alternating); wallRatio is the same on wall time.
 * Memory: peak (heapUsed + arrayBuffers) above the pre-load level, sampled after every file while
 * the load runs, divided by the catalog's byte size (the file buffers themselves are excluded).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadAll } from 'js-yaml';
import { loadCatalog } from '../src/core/load';
import { MemorySource } from '../src/core/source/memory';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
if (!dir) {
  console.error(
    'usage: node --expose-gc --import tsx bench/load-probe.ts DIR [--mode eager|lazy] [--runs N]',
  );
  process.exit(2);
}
const opt = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? def) : def;
};
const mode = opt('mode', 'eager') as 'eager' | 'lazy';
const runs = Number(opt('runs', '3'));
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function walk(d: string, out: string[] = []): string[] {
  for (const e of readdirSync(d)) {
    const p = join(d, e);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const files = walk(dir).map((p) => ({ path: relative(dir, p), bytes: new Uint8Array(readFileSync(p)) }));
const totalBytes = files.reduce((n, f) => n + f.bytes.byteLength, 0);
const mb = totalBytes / 1e6;
const decoder = new TextDecoder();
const isJson = (b: Uint8Array) => {
  for (const c of b) if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return c === 0x7b;
  return false;
};
const jsonFiles = files.filter((f) => isJson(f.bytes));
const yamlFiles = files.filter((f) => !isJson(f.bytes));

// JSON baseline input: each file as one JSON array (same bytes plus a few separators).
const jsonArrays = jsonFiles.map((f) => {
  const t = decoder.decode(f.bytes);
  return new TextEncoder().encode('[' + t.trim().replace(/\}\s*\n\{/g, '},\n{') + ']');
});

// CPU time (user + system) of this process: steadier than wall time on a busy machine. Wall time
// is reported too.
const wall = { baseline: [] as number[], ours: [] as number[] };

function cpuMs(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1000;
}

function time(fn: () => void, into: number[]): number {
  gc();
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  fn();
  const c = cpuMs(process.cpuUsage(c0));
  into.push(performance.now() - w0);
  return c;
}

async function timeAsync(fn: () => Promise<void>, into: number[]): Promise<number> {
  gc();
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  await fn();
  const c = cpuMs(process.cpuUsage(c0));
  into.push(performance.now() - w0);
  return c;
}

function best(xs: number[]): number {
  return Math.min(...xs);
}

const baseline: number[] = [];
const source = new MemorySource(new Map(files.map((f) => [f.path, f.bytes])));
const ours: number[] = [];
let peak = 0;
let errors = 0;
let blobs = 0;
// Baseline and ours alternate so both see the same machine conditions.
for (let r = 0; r < runs; r++) {
  baseline.push(
    time(() => {
      for (const b of jsonArrays) JSON.parse(decoder.decode(b));
      for (const f of yamlFiles) loadAll(decoder.decode(f.bytes));
    }, wall.baseline),
  );
  gc();
  const base = process.memoryUsage();
  const baseLevel = base.heapUsed;
  let runPeak = 0;
  ours.push(
    await timeAsync(async () => {
      const res = await loadCatalog(source, {
        bundleObjects: mode,
        onProgress: (p) => {
          // process.memoryUsage() costs ~0.5 ms: sample every 8th file (heap only grows during a load).
          if (p.filesDone % 8 !== 0) return;
          const m = process.memoryUsage();
          runPeak = Math.max(runPeak, m.heapUsed - baseLevel);
        },
      });
      const m = process.memoryUsage();
      runPeak = Math.max(runPeak, m.heapUsed - baseLevel);
      errors = res.errors.length;
      blobs = res.dc.packages.length + res.dc.channels.length + res.dc.bundles.length + res.dc.others.length;
    }, wall.ours),
  );
  peak = Math.max(peak, runPeak);
}

const b = best(baseline);
const o = best(ours);
const kind = jsonFiles.length && yamlFiles.length ? 'mixed' : jsonFiles.length ? 'json' : 'yaml';
console.log(
  JSON.stringify({
    dir,
    kind,
    mode,
    files: files.length,
    MB: +mb.toFixed(1),
    blobs,
    errors,
    baselineMBps: +(mb / (b / 1000)).toFixed(1),
    oursMBps: +(mb / (o / 1000)).toFixed(1),
    ratio: +(b / o).toFixed(2),
    baselineCpuMs: Math.round(b),
    oursCpuMs: Math.round(o),
    wallRatio: +(best(wall.baseline) / best(wall.ours)).toFixed(2),
    peakHeapMB: +(peak / 1e6).toFixed(1),
    peakOverCatalog: +(peak / totalBytes).toFixed(2),
  }),
);
