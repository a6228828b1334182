/**
 * Where the time goes, in the browser: a CPU profile (DevTools protocol) of the catalog worker or of
 * the page while the app opens a catalog, applies an edit or scrolls the package list, printed as
 * the functions with the most self time. The app is built unminified so the names are readable.
 *
 *   node --import tsx bench/browser-profile.ts DIR [--step open|edit|scroll] [--thread worker|page] [--top 30]
 *
 * DIR is a catalog folder (e.g. /tmp/fbc-studio-bench/json-200). The same harness as
 * `npm run bench:browser` (bench/browser-run.ts); one warm-up open comes before the profiled step.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession } from 'playwright-core';
import { makeEdit, newBenchContext, openBenchPage } from './browser-run';
import { buildProbe, listCatalog, serveBench } from './browser-serve';
import { chromiumLaunchOptions } from './graph-serve';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
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
  await page.evaluate((a) => window.__fbcBench!.open(a), { dir: name, timeoutMs: 600_000 });
  const cdp = await context.newCDPSession(page);
  const send = cdp.send.bind(cdp) as (method: string, params?: object) => Promise<unknown>;
  const call =
    thread === 'worker'
      ? await workerProfiler(cdp, () => page.waitForTimeout(300))
      : async (method: string, params: object = {}) => ({ result: await send(method, params) });
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 250 });
  let edit: ReturnType<typeof makeEdit> | undefined;
  if (step === 'edit') {
    const f = files.find((x) => /\.(json|ya?ml)$/.test(x.path))!;
    const text = readFileSync(path.join(dir, f.path), 'utf8');
    edit = makeEdit(text, text.trimStart().startsWith('{') ? 'json' : 'yaml', f.path);
    await page.evaluate((a) => window.__fbcBench!.show(a), { ...edit!, timeoutMs: 60_000 });
  }
  await call('Profiler.start');
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
  const profile = (await call('Profiler.stop')).result as { profile: Profile };
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
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
