/**
 * `npm run bench:open` — `fbc-studio open` as a user meets it: the built CLI started on a folder,
 * headless Chromium sent to the URL it prints, timed until the package list is interactive (the
 * catalog named, its packages listed, the problems and opm's verdict shown). For each folder:
 *   total      from starting the process to the interactive package list (server start-up, the
 *              app's load, the folder's open through the server API)
 *   page       from navigating to the URL to the interactive package list (the app's load too)
 *   open       from the app's first frame opening the folder to the interactive package list
 *   baseline   the same page, in a worker: list the files through the API, fetch and parse each
 *              (bench/open-baseline-worker.ts; JSON as one array, as bench:browser's baseline)
 *   ratio      open / baseline (goal for the 200 MB catalog: ≤ 1.5, as for the app under Vite)
 * Folders: the largest repository of ../shared/corpus (community-operators-prod, 62 MB, one
 * catalog per OpenShift version) and the 200 MB synthetic catalogs of bench:browser (make-catalog),
 * JSON and YAML.
 *
 *   npm run bench:open                       both, 2 runs each (best of)
 *   npm run bench:open -- --runs 1 --only corpus
 *   npm run bench:open -- --no-build         reuse bench/out/open-app and build/cli
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from './browser-serve';
import { chromiumLaunchOptions } from './graph-serve';
import { ensureCatalog, shared, sizedFlags } from './synthetic-catalogs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const appDir = path.join(benchDir, 'out', 'open-app');
const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const runs = Number(opt('runs', '2'));
const only = args.includes('--only') ? opt('only', '').split(',') : undefined;
const f0 = (n: number) => n.toFixed(0);

interface Run {
  startMs: number;
  totalMs: number;
  pageMs: number;
  openMs: number;
  baselineMs: number;
  packages: number;
}

/** The app, and the baseline worker under /__bench/ of the same folder (so the server serves both). */
async function buildAll(): Promise<void> {
  await buildApp(appDir);
  await build({
    root: benchDir,
    configFile: false,
    logLevel: 'error',
    build: {
      outDir: path.join(appDir, '__bench'),
      emptyOutDir: true,
      target: 'es2022',
      lib: {
        entry: { baseline: path.join(benchDir, 'open-baseline-worker.ts') },
        formats: ['es'],
        fileName: (_f, name) => `${name}.js`,
      },
    },
  });
  const cli = spawnSync('npm', ['run', 'build:cli'], { cwd: repoRoot, stdio: 'ignore' });
  if (cli.status !== 0) throw new Error('npm run build:cli failed');
}

/**
 * In the page (given as text: tsx would wrap a function in helpers the page does not have):
 * resolves with Date.now() at the first frame where the package list is interactive, and the
 * time from the first frame where the app was opening the folder (its progress card) to then.
 */
const WAIT_INTERACTIVE = `new Promise((done, fail) => {
  const end = performance.now() + 600000;
  let opening;
  const tick = () => {
    const s = window.__fbcStudio?.state();
    if (s?.loading && opening === undefined) opening = performance.now();
    const sum = s?.summary;
    const nav = document.querySelector('nav[aria-label="Packages"]');
    const verdict = document.querySelector('section[aria-label="Problems"] .verdict');
    const card = document.querySelector('[role="status"][aria-label="Loading catalog"]');
    if (sum && !s.loading && !card && verdict && (sum.packages === 0 || nav?.querySelector('[role="option"]')))
      return done({ at: Date.now(), openMs: performance.now() - opening, packages: sum.packages });
    if (performance.now() > end) return fail(new Error('timed out waiting for the package list'));
    requestAnimationFrame(tick);
  };
  tick();
})`;

/** In the page: the baseline worker's answer. */
const baselineInPage = (format: string) => `new Promise((done, fail) => {
  const w = new Worker('/__bench/baseline.js', { type: 'module' });
  w.onmessage = (e) => { w.terminate(); e.data.error ? fail(new Error(e.data.error)) : done(e.data); };
  w.onerror = (e) => fail(new Error(e.message || 'baseline worker failed'));
  w.postMessage({ format: ${JSON.stringify(format)} });
})`;

async function measure(browser: Browser, dir: string, format: 'json' | 'yaml'): Promise<Run> {
  const t0 = Date.now();
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'bin/fbc-studio.cjs'), 'open', dir, '--no-browser'],
    {
      env: { ...process.env, FBC_STUDIO_APP_DIR: appDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    let out = '';
    const url = await new Promise<string>((done, fail) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out);
        if (m) done(m[0]);
      });
      child.on('exit', (code) => fail(new Error(`fbc-studio open exited with ${code}`)));
    });
    const started = Date.now();
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const tGoto = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const { at, openMs, packages } = (await page.evaluate(WAIT_INTERACTIVE)) as {
      at: number;
      openMs: number;
      packages: number;
    };
    const base = (await page.evaluate(baselineInPage(format))) as { ms: number };
    await context.close();
    return {
      startMs: started - t0,
      totalMs: at - t0,
      pageMs: at - tGoto,
      openMs,
      baselineMs: base.ms,
      packages,
    };
  } finally {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  type Case = { name: string; dir: string | undefined; format: 'json' | 'yaml' };
  const all: Case[] = [
    { name: 'corpus', dir: path.join(shared, 'corpus/fbc/community-operators-prod'), format: 'yaml' },
    { name: 'json-200', dir: undefined, format: 'json' },
    { name: 'yaml-200', dir: undefined, format: 'yaml' },
  ];
  const cases = all.filter((c) => !only || only.includes(c.name));
  for (const c of cases) {
    if (c.name.endsWith('-200')) c.dir = ensureCatalog(c.name, sizedFlags(c.format, 200));
    if (!c.dir || !existsSync(c.dir)) {
      console.log(`bench:open: skipped ${c.name}: ${shared} not found (corpus and make-catalog live there)`);
      c.dir = undefined;
    }
  }
  const todo = cases.filter((c) => c.dir);
  if (!todo.length) return;
  if (!args.includes('--no-build') || !existsSync(path.join(appDir, 'index.html'))) await buildAll();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    console.log(
      `Chromium ${browser.version()}; best of ${runs}; 1-min load average ${loadavg()[0]!.toFixed(1)}\n`,
    );
    for (const c of todo) {
      const rs: Run[] = [];
      for (let i = 0; i < runs; i++) rs.push(await measure(browser, c.dir!, c.format));
      const best = (pick: (r: Run) => number) => Math.min(...rs.map(pick));
      console.log(
        `${c.name.padEnd(9)} ${String(rs[0]!.packages).padStart(4)} pkgs | server up ${f0(best((r) => r.startMs))} ms | ` +
          `total ${f0(best((r) => r.totalMs))} ms | page ${f0(best((r) => r.pageMs))} ms | ` +
          `open ${f0(best((r) => r.openMs))} ms | baseline ${f0(best((r) => r.baselineMs))} ms | ` +
          `ratio ${(best((r) => r.openMs) / best((r) => r.baselineMs)).toFixed(2)} ` +
          `(runs ${rs.map((r) => (r.openMs / r.baselineMs).toFixed(2)).join(', ')})`,
      );
    }
  } finally {
    await browser.close();
  }
}

await main();
