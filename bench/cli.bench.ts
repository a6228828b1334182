/**
 * The built CLI against baselines measured in the same run (goals from issue #16):
 *   start-up on a one-package catalog ≤ 100 ms (wall, `node bin/fbc-studio.mjs validate`), beside a bare `node -e 0`;
 *   validate of a JSON catalog ≤ 1.5× reading its files and JSON.parse-ing them on one thread;
 *   validate of a YAML catalog ≤ 1.2× js-yaml `loadAll` of its files;
 *   validate of the same JSON catalog as one file (all packages in one index.json) ≤ 1.5× its read + JSON.parse;
 *   peak RSS ≤ 1.5 × catalog bytes + 100 MB;
 * with the package's code cache (build/cli/cache, as after `npm ci`), and once without any (src/cli/boot.ts);
 * each on one thread and on loader threads (FBC_STUDIO_THREADS=<cores>: each thread validates the
 * packages of the files it parsed), to show which is faster here. Every measure runs in a fresh process; the median of RUNS is printed. Not asserted.
 *
 *   npm run bench:cli            (the issue's sizes; PACKAGES=25 for a quick run on ~24 MB catalogs)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCatalog, sizedFlags } from './synthetic-catalogs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 3);
// The issue's measures: 200 packages × 40 bundles in JSON (~200 MB), 60 × 40 in YAML (~60 MB).
const PACKAGES = Number(process.env.PACKAGES ?? 200);
const YAML_PACKAGES = Number(process.env.YAML_PACKAGES ?? process.env.PACKAGES ?? 60);
const mainJs = join(root, 'build/cli/main.mjs');
/** A run as on a Node other than the one that built the package (its code cache rejected), first time. */
const NO_CACHE = { FBC_STUDIO_CACHE: 'off' };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/** A child's `{ms, rss}` line (it times itself after start-up, so only the work is compared). */
function child(script: string, args: string[], env: NodeJS.ProcessEnv = {}): { ms: number; rssMb: number } {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 28,
  });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  if (!line.startsWith('{')) throw new Error(`bench child failed: ${r.stderr}`);
  return JSON.parse(line) as { ms: number; rssMb: number };
}

const REPORT = `console.log(JSON.stringify({ ms: performance.now() - t0, rssMb: process.resourceUsage().maxRSS / 1024 }));`;
const FILES = `
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
const dir = process.argv[1];
const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => /\\.(json|ya?ml)$/.test(f)).sort();`;

const JSON_BASELINE = `${FILES}
const t0 = performance.now();
for (const f of files) {
  // A catalog file is a stream of JSON values: parse each (split at top-level object boundaries).
  JSON.parse('[' + readFileSync(join(dir, f), 'utf8').replace(/\\n}\\n{/g, '\\n},\\n{') + ']');
}
${REPORT}`;

const YAML_BASELINE = `${FILES}
const yaml = await import('js-yaml');
const t0 = performance.now();
for (const f of files) yaml.loadAll(readFileSync(join(dir, f), 'utf8'));
${REPORT}`;

const OURS = `
const t0 = performance.now();
const { main } = await import(${JSON.stringify(mainJs)});
await main(['validate', process.argv[1], '-o', 'json'], { out() {}, err() {} });
${REPORT}`;

function wall(cmd: string[], env: NodeJS.ProcessEnv = {}, runs = 11): number {
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    spawnSync(cmd[0] as string, cmd.slice(1), { stdio: 'ignore', env: { ...process.env, ...env } });
    xs.push(performance.now() - t);
  }
  return median(xs);
}

function bytesOf(dir: string): number {
  const out = execFileSync('du', ['-sb', dir], { encoding: 'utf8' });
  return Number(out.split(/\s/)[0]);
}

function main(): void {
  if (!existsSync(mainJs))
    execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { stdio: 'inherit' });
  // No user code cache: runs read the package's own (build/cli/cache), as a CI job does after `npm ci`.
  process.env.FBC_STUDIO_CACHE_DIR = mkdtempSync(join(tmpdir(), 'fbc-cli-bench-cache-'));
  console.log(`cli bench: ${availableParallelism()} cores, median of ${RUNS} runs`);

  // Start-up: a one-package catalog.
  const tiny = mkdtempSync(join(tmpdir(), 'fbc-cli-bench-'));
  mkdirSync(join(tiny, 'foo'));
  writeFileSync(
    join(tiny, 'foo/index.yaml'),
    'schema: olm.package\nname: foo\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: foo\nname: stable\nentries:\n  - name: foo.v1.0.0\n---\nschema: olm.bundle\npackage: foo\nname: foo.v1.0.0\nimage: quay.io/x/foo:v1.0.0\nproperties:\n  - type: olm.package\n    value: {packageName: foo, version: 1.0.0}\n',
  );
  const bare = wall([process.execPath, '-e', '0']);
  const start = wall([process.execPath, join(root, 'bin/fbc-studio.mjs'), 'validate', tiny]);
  const cold = wall([process.execPath, join(root, 'bin/fbc-studio.mjs'), 'validate', tiny], NO_CACHE);
  console.log(
    `start-up: validate of a one-package catalog ${start.toFixed(0)} ms wall (goal ≤ 100), bare node ${bare.toFixed(0)} ms, CLI's own ${(start - bare).toFixed(0)} ms; without a code cache ${cold.toFixed(0)} ms`,
  );

  for (const format of ['json', 'yaml'] as const) {
    const packages = format === 'json' ? PACKAGES : YAML_PACKAGES;
    const dir = ensureCatalog(`cli-${format}-${packages}`, sizedFlags(format, packages));
    if (!dir) {
      console.log(`${format}: skipped, ../shared/tools/make-catalog.mjs not found`);
      continue;
    }
    const mb = bytesOf(dir) / 1e6;
    const baseline = median(
      Array.from({ length: RUNS }, () => child(format === 'json' ? JSON_BASELINE : YAML_BASELINE, [dir]).ms),
    );
    const label = format === 'json' ? 'read + JSON.parse' : 'js-yaml loadAll';
    const goal = format === 'json' ? 1.5 : 1.2;
    console.log(`${format} (${mb.toFixed(1)} MB): ${label} ${baseline.toFixed(0)} ms`);
    for (const threads of [0, availableParallelism()]) {
      const runs = Array.from({ length: RUNS }, () =>
        child(OURS, [dir], { FBC_STUDIO_THREADS: String(threads) }),
      );
      const ms = median(runs.map((r) => r.ms));
      const rss = Math.max(...runs.map((r) => r.rssMb));
      const rssGoal = 1.5 * mb + 100;
      console.log(
        `  validate, ${threads === 0 ? 'one thread' : `${threads} loader threads`}: ${ms.toFixed(0)} ms = ${(ms / baseline).toFixed(2)}× (goal ≤ ${goal}×); peak RSS ${rss.toFixed(0)} MB (goal ≤ ${rssGoal.toFixed(0)} MB)`,
      );
    }
    const cold = median(Array.from({ length: RUNS }, () => child(OURS, [dir], NO_CACHE).ms));
    console.log(
      `  validate, one thread, without a code cache: ${cold.toFixed(0)} ms = ${(cold / baseline).toFixed(2)}×`,
    );
    if (format === 'json') oneFile(dir, mb);
  }
}

/** The JSON catalog as one file (a stream of every package's blobs), validated on one thread. */
function oneFile(dir: string, mb: number): void {
  const one = `${dir}-onefile`;
  if (!existsSync(join(one, 'index.json'))) {
    mkdirSync(one, { recursive: true });
    for (const pkg of readdirSync(dir)
      .filter((d) => !d.startsWith('.'))
      .sort())
      appendFileSync(join(one, 'index.json'), readFileSync(join(dir, pkg, 'index.json')));
  }
  const baseline = median(Array.from({ length: RUNS }, () => child(JSON_BASELINE, [one]).ms));
  const runs = Array.from({ length: RUNS }, () => child(OURS, [one], { FBC_STUDIO_THREADS: '0' }));
  const ms = median(runs.map((r) => r.ms));
  const rss = Math.max(...runs.map((r) => r.rssMb));
  console.log(
    `json as one ${mb.toFixed(1)} MB file: read + JSON.parse ${baseline.toFixed(0)} ms; validate ${ms.toFixed(0)} ms = ${(ms / baseline).toFixed(2)}× (goal ≤ 1.5×; read in 16 MB chunks, loaded in segments cut between blobs); peak RSS ${rss.toFixed(0)} MB (goal ≤ ${(1.5 * mb + 100).toFixed(0)} MB)`,
  );
}

main();
