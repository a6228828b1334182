/**
 * The built CLI as a CI job runs it (issue #32), against baselines measured in the same run:
 *   - every measure is a fresh process of the installed bin (`node bin/fbc-studio.cjs validate DIR
 *     -o github`, as the action runs it, with the package's code cache and an empty user cache, as
 *     after `npm ci`), timed by this parent from spawn to exit, its stdout piped here and read;
 *   - JSON: `make-catalog.mjs --packages 200 --bundles 40 --format json --seed 7`, baseline another
 *     fresh process reading every file and `JSON.parse`-ing each blob on one thread (goal ≤ 1.3×);
 *   - YAML: `--packages 60 --bundles 40 --format yaml --seed 8`, baseline js-yaml `loadAll` of each
 *     file in a fresh process (goal ≤ 1.0×);
 *   - start-up: the bin on a one-package catalog against `node -e 0` (goal ≤ 1.3×);
 *   - peak RSS (of the same runs, by GNU time) (goal ≤ 1.5 × the catalog's bytes + 100 MB);
 *   - the main thread's CPU time (Linux: its schedstat, read by a one-line `--require` at exit): on
 *     this 2-core machine the main thread is off the CPU for part of a run while V8's helper
 *     threads (collector, compiler) take both cores; with cores to spare the wall time tends to it;
 *   - loader threads forced (FBC_STUDIO_THREADS=N), to model what they pay, and the thread count a
 *     4-core machine uses by default (`defaultThreads`) forced here, with its CPU and peak memory.
 * Runs are interleaved (baseline, ours, baseline, ours, …) so that a busy machine weighs on both; the
 * median of RUNS (3) is printed, with the load average: ratios, never absolute times, are the figure.
 * Then the previous bench's method on the same catalogs (timed inside the process after Node started,
 * output discarded, the baseline one `JSON.parse` per file) to show where the two disagree.
 *
 *   npm run bench:cli            (PACKAGES=20 YAML_PACKAGES=6 for a quick run)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCatalog, sizedFlags } from './synthetic-catalogs';
import { defaultThreads, SHARE_MIN_BYTES } from '../src/cli/discover-folder';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 3);
const PACKAGES = Number(process.env.PACKAGES ?? 200);
const YAML_PACKAGES = Number(process.env.YAML_PACKAGES ?? 60);
const bin = join(root, 'bin/fbc-studio.cjs');
const mainJs = join(root, 'build/cli/main.cjs');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

interface Run {
  /** Wall time, spawn to exit. */
  ms: number;
  /** CPU time (user + system, every thread) from /usr/bin/time, NaN without it. */
  cpuMs: number;
  /** Peak RSS from /usr/bin/time, NaN without it. */
  rssMb: number;
  /** CPU time of the main thread alone (Linux), NaN elsewhere. */
  mainMs: number;
  outBytes: number;
  stderr: string;
  status: number | null;
}

/**
 * GNU time reports the child's CPU time and peak RSS: on a machine other jobs keep busy, the wall time
 * grows with their load and CPU time much less, so both are printed.
 */
const TIME = '/usr/bin/time';
const hasTime = existsSync(TIME);

/** Prints the main thread's CPU time (ns, from Linux's schedstat) as the process exits. */
const MAIN_CPU = existsSync('/proc/self/task')
  ? `process.on('exit', () => { try { process.stderr.write('\\nfbc-main-cpu ' + require('node:fs').readFileSync('/proc/self/task/' + process.pid + '/schedstat', 'utf8').split(' ')[0] + '\\n'); } catch {} });`
  : undefined;
let mainCpuPreload: string[] = [];

/** A fresh process, timed from spawn to exit; its stdout piped to this process and read. */
function spawnTimed(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const node = [...mainCpuPreload, ...args];
  const [cmd, argv] = hasTime
    ? [TIME, ['-f', '\nfbc-time %U %S %M', process.execPath, ...node]]
    : [process.execPath, node];
  const t = performance.now();
  const r = spawnSync(cmd, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 30,
  });
  const ms = performance.now() - t;
  const stderr = r.stderr.toString();
  const m = /fbc-time ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  const main = /fbc-main-cpu (\d+)/.exec(stderr);
  return {
    ms,
    cpuMs: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN,
    rssMb: m ? Number(m[3]) / 1024 : NaN,
    mainMs: main ? Number(main[1]) / 1e6 : NaN,
    outBytes: r.stdout.length,
    stderr: stderr
      .replace(/\n?fbc-main-cpu \d+\n/, '')
      .replace(/\n?(Command exited with non-zero status \d+\n)?\n?fbc-time .*\n?$/, ''),
    status: r.status,
  };
}

/** RUNS of `a` and `b`, interleaved; the median wall and CPU time of each (the largest RSS). */
function ab(a: () => Run, b: () => Run): [Run, Run] {
  const as: Run[] = [];
  const bs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    as.push(a());
    bs.push(b());
  }
  const pick = (rs: Run[]): Run => ({
    ...(rs[0] as Run),
    ms: median(rs.map((x) => x.ms)),
    cpuMs: median(rs.map((x) => x.cpuMs)),
    mainMs: median(rs.map((x) => x.mainMs)),
    rssMb: Math.max(...rs.map((x) => x.rssMb)),
  });
  return [pick(as), pick(bs)];
}

const FILES = `
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
const dir = process.argv[1];
const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => /\\.(json|ya?ml)$/.test(f)).sort();`;

/**
 * The issue's JSON baseline: each file read, each blob parsed. make-catalog writes each blob
 * indented, so a blob starts at each line that opens with `{`.
 */
const JSON_BODY = `for (const f of files) for (const blob of readFileSync(join(dir, f), 'utf8').split(/\\n(?=\\{)/)) JSON.parse(blob);`;
const JSON_BASELINE = `${FILES}\n${JSON_BODY}`;

const YAML_BASELINE = `${FILES}
const yaml = await import('js-yaml');
for (const f of files) yaml.loadAll(readFileSync(join(dir, f), 'utf8'));`;

const script = (body: string) => ['--input-type=module', '-e', body];
const ours =
  (dir: string, env: NodeJS.ProcessEnv = {}) =>
  () =>
    spawnTimed([bin, 'validate', dir, '-o', 'github'], env);

function bytesOf(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split(/\s/)[0]);
}

/**
 * Every file of `dir` read once, untimed, so that the runs start with it in the page cache: a CI job
 * validates a checkout it has just written, and this machine pages out a file left unread for a
 * minute (the kernel's DAMON pageout scheme), which made whichever run came first read it from disk.
 */
function warmPageCache(dir: string): void {
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (f.isFile()) readFileSync(join(f.parentPath, f.name));
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/** A temporary folder of this run, removed when it ends (the bench ran 3 a run into /tmp for good). */
const made: string[] = [];
process.on('exit', () => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

function startUp(): void {
  const tiny = tempDir('fbc-cli-bench-');
  mkdirSync(join(tiny, 'foo'));
  writeFileSync(
    join(tiny, 'foo/index.yaml'),
    'schema: olm.package\nname: foo\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: foo\nname: stable\nentries:\n  - name: foo.v1.0.0\n---\nschema: olm.bundle\npackage: foo\nname: foo.v1.0.0\nimage: quay.io/x/foo:v1.0.0\nproperties:\n  - type: olm.package\n    value: {packageName: foo, version: 1.0.0}\n',
  );
  const runs = Math.max(RUNS, 11); // short runs: more of them
  const xs: Run[] = [];
  const ys: Run[] = [];
  const zs: Run[] = [];
  for (let i = 0; i < runs; i++) {
    xs.push(spawnTimed(['-e', '0']));
    ys.push(ours(tiny)());
    zs.push(ours(tiny, { FBC_STUDIO_CACHE: 'off' })());
  }
  const wallOf = (rs: Run[]) => median(rs.map((r) => r.ms));
  const cpuOf = (rs: Run[]) => median(rs.map((r) => r.cpuMs));
  const [bare, start, cold] = [wallOf(xs), wallOf(ys), wallOf(zs)];
  // The fastest run of each: on a machine other jobs keep busy, what the process costs without them.
  const best = (rs: Run[]) => Math.min(...rs.map((r) => r.ms));
  console.log(
    `start-up: validate of a one-package catalog ${start.toFixed(0)} ms vs node -e 0 ${bare.toFixed(0)} ms = ${ratio(start, bare)} (goal ≤ 1.3×), CPU ${ratio(cpuOf(ys), cpuOf(xs))}, best run ${best(ys).toFixed(0)} vs ${best(xs).toFixed(0)} ms = ${ratio(best(ys), best(xs))}; without a code cache ${cold.toFixed(0)} ms = ${ratio(cold, bare)}, CPU ${ratio(cpuOf(zs), cpuOf(xs))} (median of ${runs}, load ${load()})`,
  );
  // NODE_EXTRA_CA_CERTS makes Node parse a CA bundle at every start, before any script (here about
  // 35 ms, most of `node -e 0`): a CI runner that does not set it starts Node much faster, and the
  // same CLI is a larger multiple of it. Said apart, so the figure above is read for what it is.
  if (process.env.NODE_EXTRA_CA_CERTS) {
    const plain = { NODE_EXTRA_CA_CERTS: undefined };
    const bs: Run[] = [];
    const os: Run[] = [];
    for (let i = 0; i < runs; i++) {
      bs.push(spawnTimed(['-e', '0'], plain));
      os.push(ours(tiny, plain)());
    }
    console.log(
      `  without NODE_EXTRA_CA_CERTS (set here): ${wallOf(os).toFixed(0)} ms vs node -e 0 ${wallOf(bs).toFixed(0)} ms = ${ratio(wallOf(os), wallOf(bs))}, best run ${best(os).toFixed(0)} vs ${best(bs).toFixed(0)} ms = ${ratio(best(os), best(bs))}`,
    );
  }
}

/** The previous bench's method: timed inside the process after Node started, output discarded. */
const OLD_REPORT = `console.log(JSON.stringify({ ms: performance.now() - t0 }));`;
const OLD_JSON_BASELINE = `${FILES}
const t0 = performance.now();
for (const f of files) JSON.parse('[' + readFileSync(join(dir, f), 'utf8').replace(/\\n}\\n{/g, '\\n},\\n{') + ']');
${OLD_REPORT}`;
const OLD_YAML_BASELINE = `${FILES}
const yaml = await import('js-yaml');
const t0 = performance.now();
for (const f of files) yaml.loadAll(readFileSync(join(dir, f), 'utf8'));
${OLD_REPORT}`;
const OLD_OURS = `
const t0 = performance.now();
const { main } = await import(${JSON.stringify(mainJs)});
await main(['validate', process.argv[1], '-o', 'json'], { out() {}, err() {} });
${OLD_REPORT}`;

function inProcess(body: string, dir: string): { ms: number } {
  const r = spawnSync(process.execPath, [...script(body), dir], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  if (!line.startsWith('{')) throw new Error(`bench child failed: ${r.stderr}`);
  return { ms: (JSON.parse(line) as { ms: number }).ms };
}

function catalog(format: 'json' | 'yaml', packages: number, seed: number): void {
  const name = seed === 7 ? `${format}-${packages}` : `${format}-${packages}-seed${seed}`;
  const dir = ensureCatalog(name, sizedFlags(format, packages), seed);
  if (!dir) {
    console.log(`${format}: skipped, ../shared/tools/make-catalog.mjs not found`);
    return;
  }
  const mb = bytesOf(dir) / 1e6;
  const base = script(format === 'json' ? JSON_BASELINE : YAML_BASELINE);
  const label = format === 'json' ? 'read + JSON.parse of each blob' : 'js-yaml loadAll';
  const goal = format === 'json' ? 1.3 : 1.0;
  warmPageCache(dir);
  const [b, o] = ab(() => spawnTimed([...base, dir]), ours(dir, { FBC_STUDIO_THREADS: '0' }));
  // Exit 1 is the catalog's findings (make-catalog's channels strand bundles: opm's R55); 2 would be a failure.
  if (o.status !== 0 && o.status !== 1)
    throw new Error(`the bin exited ${o.status}: ${o.stderr.slice(0, 300)}`);
  const rss = o.rssMb;
  console.log(
    `${format} (${packages} packages, seed ${seed}, ${mb.toFixed(1)} MB): ${label} ${b.ms.toFixed(0)} ms; validate -o github ${o.ms.toFixed(0)} ms = ${ratio(o.ms, b.ms)} (goal ≤ ${goal}×); CPU ${o.cpuMs.toFixed(0)} ms vs ${b.cpuMs.toFixed(0)} ms = ${ratio(o.cpuMs, b.cpuMs)}${Number.isNaN(o.mainMs) ? '' : `, the main thread's ${o.mainMs.toFixed(0)} ms vs ${b.mainMs.toFixed(0)} ms = ${ratio(o.mainMs, b.mainMs)}`}; ${o.outBytes} bytes of findings piped (exit ${o.status}); peak RSS ${rss.toFixed(0)} MB (goal ≤ ${(1.5 * mb + 100).toFixed(0)} MB); load ${load()}`,
  );
  const threads = availableParallelism();
  const ts = Array.from({ length: RUNS }, () => ours(dir, { FBC_STUDIO_THREADS: String(threads) })());
  const t = median(ts.map((r) => r.ms));
  const tCpu = median(ts.map((r) => r.cpuMs));
  // The model: with `threads` free cores and perfect balance, the wall is at best the threaded run's
  // CPU spread over them; it pays only when that beats one thread's CPU (its wall on a quiet core).
  const best = tCpu / threads;
  console.log(
    `  forced to ${threads} loader threads: ${t.toFixed(0)} ms wall = ${ratio(t, o.ms)} of one thread's; CPU ${tCpu.toFixed(0)} ms = ${ratio(tCpu, o.cpuMs)} of one thread's (what threads add); modelled on ${threads} free cores: at best ${best.toFixed(0)} ms = ${ratio(best, o.cpuMs)} of one thread`,
  );
  // The default where there are more cores than here (defaultThreads): its thread count forced on
  // this machine, so its CPU and peak memory are measured, and its wall modelled on free cores.
  const bigger = 4;
  const byDefault = defaultThreads(bytesOf(dir), bigger);
  if (byDefault === 0) {
    console.log(
      `  the default on a ${bigger}-core machine: one thread (${mb.toFixed(1)} MB is under two shares of ${SHARE_MIN_BYTES / (1 << 20)} MiB)`,
    );
  } else {
    const ds = Array.from({ length: RUNS }, () => ours(dir, { FBC_STUDIO_THREADS: String(byDefault) })());
    const dCpu = median(ds.map((r) => r.cpuMs));
    const dBest = dCpu / byDefault;
    console.log(
      `  the default on a ${bigger}-core machine: ${byDefault} threads, forced here: CPU ${dCpu.toFixed(0)} ms = ${ratio(dCpu, o.cpuMs)} of one thread's, peak RSS ${Math.max(...ds.map((r) => r.rssMb)).toFixed(0)} MB (goal ≤ ${(1.5 * mb + 100).toFixed(0)} MB); modelled on ${bigger} free cores: at best ${dBest.toFixed(0)} ms = ${ratio(dBest, o.cpuMs)} of one thread`,
    );
  }
  // The previous method, on the same catalog and in the same run.
  const oldBase = median(
    Array.from(
      { length: RUNS },
      () => inProcess(format === 'json' ? OLD_JSON_BASELINE : OLD_YAML_BASELINE, dir).ms,
    ),
  );
  const oldOurs = median(Array.from({ length: RUNS }, () => inProcess(OLD_OURS, dir).ms));
  // The issue's per-blob baseline timed the previous way: separates the baseline's change from the rest.
  const perBlob =
    format === 'json'
      ? median(
          Array.from(
            { length: RUNS },
            () => inProcess(`${FILES}\nconst t0 = performance.now();\n${JSON_BODY}\n${OLD_REPORT}`, dir).ms,
          ),
        )
      : NaN;
  console.log(
    `  previous method (timed in the process after Node's start, -o json discarded${format === 'json' ? ', one JSON.parse per file' : ''}): ${oldOurs.toFixed(0)} ms vs ${oldBase.toFixed(0)} ms = ${ratio(oldOurs, oldBase)}${format === 'json' ? `; the per-blob baseline timed so: ${perBlob.toFixed(0)} ms` : ''}`,
  );
}

function main(): void {
  if (!existsSync(mainJs))
    execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { stdio: 'inherit' });
  // No user code cache: runs read the package's own (build/cli/cache), as a CI job does after `npm ci`.
  process.env.FBC_STUDIO_CACHE_DIR = tempDir('fbc-cli-bench-cache-');
  console.log(
    `cli bench: ${availableParallelism()} cores, load ${load()}, median of ${RUNS} fresh processes each, interleaved with the baseline`,
  );
  startUp();
  // After start-up, which times Node and the bin alone: the large catalogs' runs also report their
  // main thread's CPU time (a file required at start, about a millisecond on both sides).
  if (MAIN_CPU) {
    const preload = join(tempDir('fbc-cli-bench-main-cpu-'), 'main-cpu.cjs');
    writeFileSync(preload, MAIN_CPU + '\n');
    mainCpuPreload = ['--require', preload];
  }
  catalog('json', PACKAGES, 7);
  catalog('yaml', YAML_PACKAGES, 8);
}

main();
