/**
 * Where the time goes, in the browser: a CPU profile (DevTools protocol) of the catalog worker or of
 * the page while the app opens a catalog, applies an edit or scrolls the package list, printed as
 * the functions with the most self time. The app is built unminified so the names are readable.
 *
 *   node --import tsx bench/browser-profile.ts DIR [--step open|edit|scroll] [--thread worker|page|trace] [--top 30] [--cold]
 *
 * `--thread trace` records a DevTools timeline trace instead and prints the page's main thread by
 * event kind (script, style, layout, paint, GC…): what a CPU profile lumps together as "(program)".
 *
 * DIR is a catalog folder (e.g. /tmp/fbc-studio-bench/json-200). The same harness as
 * `npm run bench:browser` (bench/browser-run.ts); one warm-up open comes before the profiled step,
 * except with `--cold` (the page's first open, whose code is not yet compiled: where a first open's
 * long tasks come from).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession } from 'playwright-core';
import { makeEdit, newBenchContext, openBenchPage } from './browser-run';
import { buildProbe, listCatalog, serveBench } from './browser-serve';
import { chromiumLaunchOptions } from './graph-serve';

interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: less than `dur` when the thread was descheduled (a busy machine). */
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number } };
}

/** The renderer main thread's complete events, by name: self time (minus nested events) and count. */
function printTimeline(events: readonly TraceEvent[], top: number): void {
  const threadName = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const main = events.filter(
    (e) => e.ph === 'X' && e.dur !== undefined && threadName.get(`${e.pid}:${e.tid}`) === 'CrRendererMain',
  );
  main.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, { ms: number; n: number }>();
  const stack: { e: TraceEvent; end: number; child: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= upTo) {
      const f = stack.pop()!;
      const s = self.get(f.e.name) ?? { ms: 0, n: 0 };
      s.ms += ((f.e.dur ?? 0) - f.child) / 1000;
      s.n++;
      self.set(f.e.name, s);
    }
  };
  for (const e of main) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.child += e.dur ?? 0;
    stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
  }
  close(Infinity);
  const tasks = main.filter((e) => e.name === 'RunTask');
  const busy = tasks.reduce((n, e) => n + (e.dur ?? 0), 0) / 1000;
  const longest = Math.max(0, ...tasks.map((e) => (e.dur ?? 0) / 1000));
  console.log(
    `\npage main thread: ${busy.toFixed(0)} ms in ${tasks.length} tasks (longest ${longest.toFixed(0)} ms); self time by event:`,
  );
  for (const [name, s] of [...self].sort((a, b) => b[1].ms - a[1].ms).slice(0, top))
    console.log(`${s.ms.toFixed(1).padStart(9)} ms  ${String(s.n).padStart(5)}×  ${name}`);
  // The tasks over 4 ms in time order, with what ran in them.
  const t0 = tasks[0]?.ts ?? 0;
  console.log('\ntasks over 4 ms (start ms, duration ms, CPU ms: largest parts):');
  for (const t of tasks) {
    if ((t.dur ?? 0) < 4000) continue;
    const inner = main.filter(
      (e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) && (e.dur ?? 0) > 1000,
    );
    const parts = inner
      .filter((e) => e.name !== 'v8.callFunction' && !e.name.startsWith('V8.GC_'))
      .map((e) => {
        const d = e.args?.data;
        const fn = d?.functionName
          ? ` ${d.functionName}@${(d.url ?? '').split('/').pop()}:${d.lineNumber ?? ''}`
          : '';
        return `${e.name}${fn} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
      })
      .slice(0, 6);
    console.log(
      `${((t.ts - t0) / 1000).toFixed(0).padStart(7)} ${((t.dur ?? 0) / 1000).toFixed(0).padStart(5)} ${((t.tdur ?? NaN) / 1000).toFixed(0).padStart(5)}  ${parts.join(' · ')}`,
    );
  }
}

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const dir = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!dir) {
  console.error(
    'usage: node --import tsx bench/browser-profile.ts DIR [--step open|edit|scroll] [--thread worker|page]',
  );
  process.exit(2);
}
const step = opt('step', 'open');
const thread = opt('thread', 'worker');
const top = Number(opt('top', '30'));
const name = path.basename(path.resolve(dir));
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'out');

/** Profiler commands for the catalog worker, through a non-flattened attachment of the page's session. */
async function workerProfiler(cdp: CDPSession, wait: () => Promise<void>) {
  let sessionId = '';
  const pending = new Map<number, (m: { result?: unknown }) => void>();
  let id = 1;
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.title === 'catalog' || e.targetInfo.url.includes('catalog.worker'))
      sessionId = e.sessionId;
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await wait();
  if (!sessionId) throw new Error('the catalog worker was not found');
  return (method: string, params: object = {}) =>
    new Promise<{ result?: unknown }>((resolve) => {
      const i = id++;
      pending.set(i, resolve);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: i, method, params }),
      });
    });
}

const [appDir, probeDir] = await Promise.all([
  (async () => {
    const { build } = await import('vite');
    const outDir = path.join(out, 'browser-app-unminified');
    const root = path.resolve(out, '../..');
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, minify: false },
    });
    return outDir;
  })(),
  buildProbe(),
]);
const server = await serveBench({ appDir, probeDir, catalogs: new Map([[name, dir]]) });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await newBenchContext(browser);
  const page = await openBenchPage(context, server, (s) => console.log(s));
  const files = listCatalog(dir);
  await page.evaluate((a) => window.__fbcBench!.seed(a), { dir: name, base: `/__catalog/${name}/f/`, files });
  if (!args.includes('--cold')) {
    await page.evaluate((a) => window.__fbcBench!.open(a), { dir: name, timeoutMs: 600_000 });
  }
  const cdp = await context.newCDPSession(page);
  const send = cdp.send.bind(cdp) as (method: string, params?: object) => Promise<unknown>;
  const call =
    thread === 'worker'
      ? await workerProfiler(cdp, () => page.waitForTimeout(300))
      : async (method: string, params: object = {}) => ({ result: await send(method, params) });
  const tracing = thread === 'trace';
  if (!tracing) {
    await call('Profiler.enable');
    await call('Profiler.setSamplingInterval', { interval: 250 });
  }
  let edit: ReturnType<typeof makeEdit> | undefined;
  if (step === 'edit') {
    const f = files.find((x) => /\.(json|ya?ml)$/.test(x.path))!;
    const text = readFileSync(path.join(dir, f.path), 'utf8');
    edit = makeEdit(text, text.trimStart().startsWith('{') ? 'json' : 'yaml', f.path);
    await page.evaluate((a) => window.__fbcBench!.show(a), { ...edit!, timeoutMs: 60_000 });
    await page.evaluate((a) => window.__fbcBench!.settle(a), { path: edit!.path });
  }
  const events: TraceEvent[] = [];
  let traced: Promise<void> | undefined;
  if (tracing) {
    cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
    traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await send('Tracing.start', {
      categories:
        process.env.TRACE_CATEGORIES ??
        'devtools.timeline,disabled-by-default-devtools.timeline,v8,blink.user_timing',
      transferMode: 'ReportEvents',
    });
  } else await call('Profiler.start');
  const t0 = performance.now();
  if (step === 'open') {
    const o = await page.evaluate((a) => window.__fbcBench!.open(a), { dir: name, timeoutMs: 600_000 });
    console.log(
      `open ${o.openMs.toFixed(0)} ms, checked ${o.checkedMs.toFixed(0)} ms, worker ${o.summary.durationMs.toFixed(0)} ms`,
    );
  } else if (step === 'edit') {
    const r = await page.evaluate((a) => window.__fbcBench!.edit(a), { ...edit!, timeoutMs: 60_000 });
    console.log(
      `edit on screen ${r.ms.toFixed(0)} ms (worker ${r.workerMs.toFixed(0)} ms), at ${JSON.stringify(r.at)}`,
    );
  } else {
    const r = await page.evaluate(() => window.__fbcBench!.scroll({ list: 'packages', frames: 120 }));
    console.log(
      `scroll: longest task ${r.longestTaskMs.toFixed(0)} ms, max frame gap ${r.maxFrameGapMs.toFixed(0)} ms`,
    );
  }
  if (tracing) {
    await send('Tracing.end');
    await traced;
    // TRACE_OUT=file.json keeps the raw events (open it in DevTools' Performance panel).
    if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify({ traceEvents: events }));
    printTimeline(events, top);
    await context.close();
    process.exit(0);
  }
  const profile = (await call('Profiler.stop')).result as { profile: Profile };
  // PROFILE_OUT=file.cpuprofile keeps the raw profile (open it in DevTools' Performance panel).
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile.profile));
  const { nodes, samples = [], timeDeltas = [] } = profile.profile;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'}  ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  });
  console.log(`\n${thread} thread, ${((performance.now() - t0) / 1000).toFixed(1)} s profiled; self time:`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(1).padStart(9)} ms  ${key}`);
  }
  // Inclusive time (a function and everything it calls; recursion counted once per sample).
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map<string, number>();
  samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n)!.callFrame;
      const key = `${f.functionName || '(anonymous)'}  ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
    }
  });
  console.log(`\ninclusive time:`);
  for (const [key, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(1).padStart(9)} ms  ${key}`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
