/**
 * `npm run bench:browser` — whole-index scale in the browser: the built app in headless Chromium
 * (Playwright), over catalogs written by ../shared/tools/make-catalog.mjs (200 packages × 40 bundles ×
 * 24 KB objects is about 200 MB), in JSON and in YAML. For each catalog it prints:
 *   open       click on "Open folder" (picker stubbed to an OPFS copy) → package list, problems and
 *              verdict on screen; `checked` → the deferred bundle-object check is done too
 *   baseline   the same page, in a worker: list the same OPFS files, File.text() each, and JSON.parse
 *              (each file as one array) or js-yaml loadAll; the ratio is open / baseline
 *   longest    longest main-thread task (PerformanceObserver 'longtask') from the click until checked,
 *              and the longest gap between animation frames
 *   memory     in a fresh page after one more open and a forced GC: the JS heap of the page and of
 *              the catalog worker, and the growth of the renderer process's private memory (which
 *              also counts the files' texts: Blink keeps large strings outside the JS heap), over
 *              the catalog's bytes
 *   edit       one package file changed as the editor does (typing that replaces its text) →
 *              the problems header, the package's row, the channel graph and its table show it;
 *              5 timed edits with an untimed undo between them, printed as median and max
 *   cancel     Cancel clicked at 30 % of the bytes → the progress card is gone
 * The same for a catalog of 1,000 packages (over 10,000 problems) and for the two largest real
 * catalogs of ../shared/corpus (YAML, 12 and 20 MB). Then scrolling of the package list and the
 * problems list, the graph view for 1,000 and 5,000 entries (the graph harness of
 * bench/graph.bench.ts, plus pan and zoom), and how each cost grows with the catalog's size.
 *
 *   npm run bench:browser                                   json and yaml at 10, 50 and 200 MB
 *   npm run bench:browser -- --sizes 10 --formats json      a quick run
 *   npm run bench:browser -- --runs 3 --no-graph --no-wide --no-corpus
 *   npm run bench:browser -- --only json-200,json-wide-1000x30 --no-graph
 *   npm run bench:browser -- --no-build                     reuse the last build of the app
 *   npm run bench:browser -- --only yaml-200 --edits 15     more timed edits (median and max)
 *   BENCH_DIR=/tmp/x npm run bench:browser                  where catalogs are generated (cached)
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { measureCatalog, type CaseResult } from './browser-run';
import { measureGraphs, type GraphFigures } from './browser-graph';
import { appOutDir, buildApp, buildProbe, serveBench } from './browser-serve';
import { chromiumLaunchOptions } from './graph-serve';
import { ensureCatalog, shared, sizedFlags } from './synthetic-catalogs';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const sizes = opt('sizes', '10,50,200').split(',').map(Number);
const formats = opt('formats', 'json,yaml').split(',') as ('json' | 'yaml')[];
const runsArg = args.includes('--runs') ? Number(opt('runs', '2')) : undefined;
const withGraph = !args.includes('--no-graph');
const withWide = !args.includes('--no-wide');
const withCorpus = !args.includes('--no-corpus');
const corpusCatalogs: [string, string][] = [
  ['corpus-community-v4.16', 'fbc/community-operators-prod/catalogs/v4.16'],
  ['corpus-volsync-4.16', 'fbc/stolostron-volsync-operator-product-fbc/catalog-4-16'],
];
const only = args.includes('--only') ? opt('only', '').split(',') : undefined;

const load1 = () => loadavg()[0]!.toFixed(1);
const mb = (n: number) => n / 1e6;
const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

function row(r: CaseResult): string {
  const e = r.edit;
  return [
    `${r.format.padEnd(4)} ${f0(mb(r.bytes)).padStart(4)} MB`,
    `${String(r.packages).padStart(4)} pkgs ${String(r.bundles).padStart(5)} bundles ${String(r.errors).padStart(6)} errors`,
    `open ${f0(r.openMs).padStart(6)} ms (checked ${f0(r.checkedMs)})`,
    `baseline ${f0(r.baselineMs).padStart(6)} ms`,
    // Best over best, then each run against the baseline measured just before it.
    `ratio ${f2(r.openMs / r.baselineMs)} (goal ≤ 1.5; runs ${r.opens.map((o, i) => f2(o.openMs / r.baselines[i]!.ms)).join(', ')})`,
    `longest task ${f0(r.longestTaskMs)} ms (goal ≤ 50; to interactive ${f0(r.longestTaskToInteractiveMs)}), frame gap ${f0(r.maxFrameGapMs)} ms`,
    `progress ${r.progressValues} values`,
    `JS heap ${f0(mb(r.heap.pageBytes + r.heap.workerBytes))} MB = ${f2((r.heap.pageBytes + r.heap.workerBytes) / r.bytes)}× ` +
      `(worker ${f0(mb(r.heap.workerBytes))}, page ${f0(mb(r.heap.pageBytes))}), renderer +${f0(mb(r.heap.rendererBytes))} MB = ` +
      `${f2(r.heap.rendererBytes / r.bytes)}×`,
    e
      ? `edit ${f0(e.ms)} ms median, max ${f0(Math.max(...(r.edits ?? [e]).map((x) => x.ms)))} of ${(r.edits ?? [e]).length} ` +
        `(worker ${f0(e.workerMs)}, round trip ${f0(e.serviceMs)})` +
        `${(r.edits ?? [e]).every((x) => x.graphUpdated && x.tableUpdated && x.problemsUpdated) ? '' : ' NOT ALL UPDATED'}`
      : 'edit –',
    r.cancel
      ? r.cancel.cancelled
        ? `cancel ${f0(r.cancel.ms)} ms`
        : `cancel: ${r.cancel.note ?? 'failed'}`
      : 'cancel –',
  ].join(' | ');
}

/** Least-squares line y = a + b·x and its R². */
function fit(xs: number[], ys: number[]) {
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  const b = sxy / sxx;
  return { a: my - b * mx, b, r2: syy ? (sxy * sxy) / (sxx * syy) : 1 };
}

function growth(rows: CaseResult[]): string[] {
  const out: string[] = [];
  for (const format of formats) {
    const rs = rows
      .filter((r) => r.format === format && /^(json|yaml)-\d+$/.test(r.name))
      .sort((a, b) => a.bytes - b.bytes);
    if (rs.length < 3) continue;
    const xs = rs.map((r) => mb(r.bytes));
    const line = (label: string, ys: number[], unit: string) => {
      const l = fit(xs, ys);
      const perMb = rs.map((r, i) => `${f0(xs[i]!)} MB: ${(ys[i]! / xs[i]!).toFixed(2)}`).join(', ');
      // Marginal cost per MB between successive sizes: equal for a linear cost.
      const marg = rs.slice(1).map((_, i) => (ys[i + 1]! - ys[i]!) / (xs[i + 1]! - xs[i]!));
      out.push(
        `  ${format} ${label.padEnd(10)} ${unit}/MB at ${perMb} · marginal ${marg.map((m) => m.toFixed(2)).join(' → ')} · ` +
          `fit ${l.b.toFixed(2)} ${unit}/MB + ${f0(l.a)} ${unit}, R² ${l.r2.toFixed(3)}`,
      );
    };
    const series: [string, (r: CaseResult) => number, string][] = [
      ['open', (r) => r.openMs, 'ms'],
      ['checked', (r) => r.checkedMs, 'ms'],
      ['baseline', (r) => r.baselineMs, 'ms'],
      ['JS heap', (r) => mb(r.heap.pageBytes + r.heap.workerBytes), 'MB'],
      ['renderer', (r) => mb(r.heap.rendererBytes), 'MB'],
      ['edit', (r) => r.edit?.ms ?? NaN, 'ms'],
      ['edit max', (r) => Math.max(...(r.edits ?? []).map((x) => x.ms)), 'ms'],
      ['edit wrk', (r) => r.edit?.workerMs ?? NaN, 'ms'],
    ];
    for (const [label, pick, unit] of series) line(label, rs.map(pick), unit);
  }
  return out;
}

async function main(): Promise<void> {
  const planned: { name: string; flags: string[]; format: 'json' | 'yaml'; scroll: boolean }[] = [];
  for (const format of formats) {
    for (const size of sizes) {
      planned.push({
        name: `${format}-${size}`,
        flags: sizedFlags(format, size),
        format,
        scroll: size === Math.max(...sizes),
      });
    }
  }
  // 1,000 packages and over 10,000 problems, for the lists (small bundle objects: about 63 MB).
  if (withWide) {
    const flags = ['--packages', '1000', '--bundles', '30', '--format', 'json', '--object-kb', '1'];
    planned.push({ name: 'json-wide-1000x30', flags, format: 'json', scroll: true });
  }
  const cases: { name: string; dir: string; format: 'json' | 'yaml'; scroll: boolean }[] = [];
  const missing: string[] = [];
  // The largest real catalogs of the corpus (both YAML).
  if (withCorpus) {
    for (const [name, rel] of corpusCatalogs) {
      const dir = path.join(shared, 'corpus', rel);
      if (only && !only.includes(name)) continue;
      if (existsSync(dir)) cases.push({ name, dir, format: 'yaml', scroll: false });
      else missing.push(name);
    }
  }
  for (const p of planned) {
    if (only && !only.includes(p.name)) continue;
    console.log(`catalog ${p.name} …`);
    const dir = ensureCatalog(p.name, p.flags);
    if (dir) cases.push({ name: p.name, dir, format: p.format, scroll: p.scroll });
    else missing.push(p.name);
  }
  if (missing.length) {
    console.log(
      `bench:browser: skipped ${missing.join(', ')}: ${shared} not found (its tools/make-catalog.mjs writes the ` +
        'synthetic catalogs; its corpus holds the real ones)',
    );
  }
  if (!cases.length) return;

  const t0 = performance.now();
  // --no-build: measure the app as last built (bench/out/browser-app), e.g. while the tree does not build.
  const reuse = args.includes('--no-build') && existsSync(path.join(appOutDir, 'index.html'));
  const [appDir, probeDir] = await Promise.all([reuse ? appOutDir : buildApp(), buildProbe()]);
  console.log(`built the app and the probe in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const server = await serveBench({ appDir, probeDir, catalogs: new Map(cases.map((c) => [c.name, c.dir])) });
  const browser: Browser = await chromium.launch(chromiumLaunchOptions);
  const rows: CaseResult[] = [];
  let graphs: GraphFigures[] = [];
  try {
    console.log(
      `Chromium ${browser.version()}, 1280×720, ${server.url}; 1-min load average ${load1()} ` +
        '(wall-clock figures: other load on the machine inflates them)\n',
    );
    for (const c of cases) {
      const runs = runsArg ?? (c.name.endsWith('-200') ? 2 : 3);
      console.log(`${c.name} (load average ${load1()}, ${runs} runs)`);
      const r = await measureCatalog(browser, server, c, {
        runs,
        cancel: true,
        edits: Number(opt('edits', '5')),
        scroll: c.scroll,
        timeoutMs: 600_000,
        log: (s) => console.log(s),
      });
      rows.push(r);
      if (r.scroll) {
        for (const [list, s] of Object.entries(r.scroll)) {
          console.log(
            `  scroll ${list} (${s.rows} rows): longest task ${f0(s.longestTaskMs)} ms, max frame gap ${f0(s.maxFrameGapMs)} ms ` +
              `over ${s.frames} frames, at most ${s.maxRowsInDom} rows in the DOM`,
          );
        }
      }
      console.log(`  → ${row(r)}\n`);
    }
    if (withGraph) graphs = await measureGraphs(browser, [1000, 5000], 3, (s) => console.log(s));
  } finally {
    await browser.close();
    await server.close();
  }

  console.log('\nSummary (best of the runs; load average now ' + load1() + ')');
  for (const r of rows) console.log(`  ${r.name.padEnd(15)} ${row(r)}`);
  for (const g of graphs) {
    console.log(
      `  graph ${String(g.entries).padStart(5)} entries: on screen ${f0(g.componentMs)} ms (component mount → ready, ` +
        `${g.componentNodes} nodes drawn), uncollapsed ${f0(g.pipelineMs)} ms, collapsed ${f0(g.collapsedMs)} ms · ` +
        `pan/zoom frames p95 ${f0(g.panZoom.p95Ms)} ms, max ${f0(g.panZoom.maxMs)} ms, longest task ${f0(g.panZoom.longestTaskMs)} ms`,
    );
  }
  const grow = growth(rows);
  if (grow.length) {
    console.log('\nGrowth with catalog size (a linear cost has equal marginal costs and R² near 1):');
    for (const l of grow) console.log(l);
  }
  console.log('\nJSON (machine-readable):');
  console.log(
    JSON.stringify({
      load: load1(),
      rows: rows.map(({ opens, baselines, ...r }) => ({
        ...r,
        opens: opens.map(({ summary, ...o }) => ({ ...o, durationMs: summary.durationMs })),
        baselines,
      })),
      graphs,
    }),
  );
}

await main();
