/**
 * One catalog, measured in the built app in Chromium (the harness behind `npm run bench:browser`
 * and its smoke test). The page is the real app; bench/browser-probe.ts does the in-page work.
 *
 *   1. copy the catalog into the page's OPFS (untimed; JSON also in the baseline's array form)
 *   2. cancel: start opening, click Cancel at 30 % of the bytes, time until the progress card is gone
 *   3. `runs` × (baseline in a worker, then the real "Open folder" path), best of each
 *   4. edit: show a channel, change one package file as the editor does, time until it shows
 *   5. scroll the package list and the problems list frame by frame
 *   6. memory, in a fresh page (a renderer process of its own, so the copying and the baselines
 *      leave nothing behind): open once more, force a GC, then the JS heap of the page and of the
 *      catalog worker (CDP) and the growth of the renderer process's private memory (Linux /proc),
 *      which also counts what lives outside the JS heap (Blink keeps large strings, such as the
 *      files' texts, outside it)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type {
  BaselineResult,
  CancelResult,
  EditResult,
  MainThreadStats,
  OpenResult,
  ScrollResult,
} from './browser-probe';
import { listCatalog, type BenchServer } from './browser-serve';

export interface CatalogCase {
  /** Served as /__catalog/<name>/ and copied to OPFS directory <name>. */
  name: string;
  dir: string;
  format: 'json' | 'yaml';
}

export interface CaseOptions {
  runs: number;
  cancel: boolean;
  /** Timed edits (each followed by an untimed undo); 0 for none. */
  edits: number;
  scroll: boolean;
  timeoutMs: number;
  log?: (line: string) => void;
}

export interface HeapFigures {
  /** V8 heap used, after a forced GC. */
  pageBytes: number;
  workerBytes: number;
  /** Growth of the renderer process's private memory (USS) from the app's start to after the open; NaN off Linux. */
  rendererBytes: number;
}

export interface CaseResult {
  name: string;
  format: 'json' | 'yaml';
  files: number;
  bytes: number;
  packages: number;
  bundles: number;
  errors: number;
  warnings: number;
  baselines: BaselineResult[];
  opens: OpenResult[];
  /** Best (lowest) of the runs. */
  baselineMs: number;
  openMs: number;
  checkedMs: number;
  /** Worst over the runs, from the click to the end of the bundle-object check. */
  longestTaskMs: number;
  maxFrameGapMs: number;
  /** Worst over the runs, from the click to the interactive screen only. */
  longestTaskToInteractiveMs: number;
  progressValues: number;
  cancel?: CancelResult;
  heap: HeapFigures;
  /** The median of the timed edits (by `ms`); `edits` holds every one. */
  edit?: EditResult;
  edits?: EditResult[];
  scroll?: { packages: ScrollResult; problems: ScrollResult };
}

const min = (xs: number[]) => Math.min(...xs);
/** The run with the median time (the upper one of an even count, so not flattered). */
const median = (rs: EditResult[]): EditResult =>
  [...rs].sort((a, b) => a.ms - b.ms)[Math.floor(rs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);

/** Package folder, channel and edited text for the edit step (see makeEdit). */
export interface PlannedEdit {
  path: string;
  pkg: string;
  channel: string;
  ghost: string;
  text: string;
}

/**
 * The edit: in the package's first channel entry that has `replaces`, point it at a bundle that does
 * not exist (a new ghost node in the graph, a new value in the table), and set the package's default
 * channel to one that does not exist (a new error in the problems panel and on the package's row).
 */
export function makeEdit(text: string, format: 'json' | 'yaml', filePath: string, n = 0): PlannedEdit {
  const rep = format === 'json' ? /"replaces": "([^"]+)"/.exec(text) : /\breplaces: (\S+)/.exec(text);
  if (!rep) throw new Error(`${filePath}: no replaces edge to edit`);
  const chStart = text.lastIndexOf('olm.channel', rep.index);
  const chName = (format === 'json' ? /"name": "([^"]+)"/ : /\nname: (\S+)/).exec(text.slice(chStart));
  const pkg = (
    format === 'json' ? /"schema": "olm.package",\s*"name": "([^"]+)"/ : /schema: olm\.package\nname: (\S+)/
  ).exec(text);
  if (chStart < 0 || !chName || !pkg) throw new Error(`${filePath}: cannot find the channel or package`);
  const ghost = `${rep[1]}-bench-ghost${n ? `-${n}` : ''}`;
  let out = text.slice(0, rep.index) + rep[0].replace(rep[1]!, ghost) + text.slice(rep.index + rep[0].length);
  out =
    format === 'json'
      ? out.replace(/"defaultChannel": "[^"]+"/, '"defaultChannel": "bench-missing"')
      : out.replace(/\ndefaultChannel: \S+/, '\ndefaultChannel: bench-missing');
  return { path: filePath, pkg: pkg[1]!, channel: chName[1]!, ghost, text: out };
}

/** The first catalog file that has a package and a replaces edge, and how to edit it. */
function planEdit(
  cat: CatalogCase,
  files: { path: string }[],
): { original: string; edit: (n: number) => PlannedEdit } | undefined {
  for (const f of files) {
    if (!/\.(json|ya?ml)$/.test(f.path)) continue;
    try {
      const text = readFileSync(path.join(cat.dir, f.path), 'utf8');
      const format = text.trimStart().startsWith('{') ? 'json' : 'yaml';
      makeEdit(text, format, f.path);
      return { original: text, edit: (n) => makeEdit(text, format, f.path, n) };
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/** JS heap of the page and of the catalog worker after a forced GC, through the DevTools protocol. */
export async function heapUsage(page: Page): Promise<{ pageBytes: number; workerBytes: number }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const workers: { sessionId: string; title: string; url: string }[] = [];
  const pending = new Map<number, (m: { result?: { usedSize: number } }) => void>();
  let id = 1;
  cdp.on('Target.attachedToTarget', (e) => {
    workers.push({ sessionId: e.sessionId, title: e.targetInfo.title, url: e.targetInfo.url });
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: { usedSize: number } };
    if (m.id !== undefined) pending.get(m.id)?.(m);
  });
  // A second, non-flattened attachment: Playwright keeps its own; workers answer on both.
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await page.waitForTimeout(300);
  const call = (sessionId: string, method: string) =>
    new Promise<{ result?: { usedSize: number } }>((resolve) => {
      const i = id++;
      pending.set(i, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: i, method }) });
    });
  let workerBytes = 0;
  for (const w of workers) {
    if (w.title !== 'catalog' && !w.url.includes('catalog.worker')) continue;
    await call(w.sessionId, 'HeapProfiler.collectGarbage');
    workerBytes += (await call(w.sessionId, 'Runtime.getHeapUsage')).result?.usedSize ?? 0;
  }
  await cdp.send('HeapProfiler.collectGarbage');
  const pageBytes = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  for (const w of workers)
    await cdp.send('Target.detachFromTarget', { sessionId: w.sessionId }).catch(() => undefined);
  await cdp.detach();
  return { pageBytes, workerBytes };
}

/** Private memory (Private_Clean + Private_Dirty) of each renderer process, by pid; empty off Linux. */
async function rendererMemory(browser: Browser): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const cdp = await browser.newBrowserCDPSession();
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    for (const p of info.processInfo) {
      const file = `/proc/${p.id}/smaps_rollup`;
      if (p.type !== 'renderer' || !existsSync(file)) continue;
      const text = readFileSync(file, 'utf8');
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
      out.set(p.id, (kb('Private_Clean') + kb('Private_Dirty')) * 1024);
    }
  } finally {
    await cdp.detach();
  }
  return out;
}

/** Memory after opening `cat` in a fresh page of `context` (whose OPFS already holds the catalog). */
async function measureMemory(
  browser: Browser,
  context: BrowserContext,
  server: BenchServer,
  cat: CatalogCase,
  timeoutMs: number,
  log: (s: string) => void,
): Promise<HeapFigures> {
  const page = await openBenchPage(context, server, log);
  try {
    const start = await rendererMemory(browser);
    await page.evaluate((a) => window.__fbcBench!.open(a), { dir: cat.name, timeoutMs });
    const heap = await heapUsage(page);
    await page.waitForTimeout(500);
    const end = await rendererMemory(browser);
    // Ours is the renderer that grew (the others are idle: a spare one, closed pages' leftovers).
    const growth = [...start].map(([pid, bytes]) => (end.get(pid) ?? NaN) - bytes).filter(Number.isFinite);
    const rendererBytes = growth.length ? Math.max(...growth) : NaN;
    return { ...heap, rendererBytes };
  } finally {
    await page.close();
  }
}

export function newBenchContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 720 } });
}

/** Loads the app, waits for its first (demo) catalog, and adds the probe. */
export async function openBenchPage(
  context: BrowserContext,
  server: BenchServer,
  log: (s: string) => void,
): Promise<Page> {
  const page = await context.newPage();
  // tsx names the functions it compiles (`__name(...)`): give page.evaluate callbacks that helper.
  await page.addInitScript('window.__name = (f) => f;');
  page.on('pageerror', (e) => log(`  page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') log(`  console error: ${m.text()}`);
  });
  await page.goto(`${server.url}/`);
  await page.waitForFunction(
    () => {
      const s = window.__fbcStudio?.state();
      return !!s?.summary && !s.loading;
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.addScriptTag({ url: '/__probe/probe.js', type: 'module' });
  await page.waitForFunction(() => !!window.__fbcBench);
  return page;
}

export async function measureCatalog(
  browser: Browser,
  server: BenchServer,
  cat: CatalogCase,
  opts: CaseOptions,
): Promise<CaseResult> {
  const log = opts.log ?? (() => undefined);
  const files = listCatalog(cat.dir);
  const bytes = files.reduce((n, f) => n + f.size, 0);
  const context = await newBenchContext(browser);
  const page = await openBenchPage(context, server, log);
  try {
    const base = `/__catalog/${cat.name}/f/`;
    const seeded = await page.evaluate((a) => window.__fbcBench!.seed(a), { dir: cat.name, base, files });
    const baselineDir = cat.format === 'json' ? `${cat.name}.baseline` : cat.name;
    if (cat.format === 'json') {
      await page.evaluate((a) => window.__fbcBench!.seed(a), {
        dir: baselineDir,
        base,
        files,
        query: '?array=1',
      });
    }
    log(
      `  ${cat.name}: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB copied to OPFS in ${(seeded.ms / 1000).toFixed(1)} s`,
    );

    const timeoutMs = opts.timeoutMs;
    let cancel: CancelResult | undefined;
    if (opts.cancel) {
      cancel = await page.evaluate((a) => window.__fbcBench!.cancel(a), {
        dir: cat.name,
        atFraction: 0.3,
        timeoutMs,
      });
      log(
        `  cancel: ${cancel.cancelled ? `stopped ${cancel.ms.toFixed(0)} ms after the click` : (cancel.note ?? 'did not stop')}`,
      );
    }

    const baselines: BaselineResult[] = [];
    const opens: OpenResult[] = [];
    const workerUrl = '/__probe/baseline-worker.js';
    for (let i = 0; i < opts.runs; i++) {
      const b = await page.evaluate((a) => window.__fbcBench!.baseline(a), {
        dir: baselineDir,
        format: cat.format,
        workerUrl,
      });
      baselines.push(b);
      // The overview (no package selected), as after a first open.
      await page.evaluate(() => {
        history.pushState(null, '', '/');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      const o = await page.evaluate((a) => window.__fbcBench!.open(a), { dir: cat.name, timeoutMs });
      opens.push(o);
      log(
        `  run ${i + 1}: baseline ${b.ms.toFixed(0)} ms (${b.objects} objects) · open ${o.openMs.toFixed(0)} ms, ` +
          `checked ${o.checkedMs.toFixed(0)} ms (worker ${o.summary.durationMs.toFixed(0)} ms) · longest task ${o.longestTaskMs.toFixed(0)} ms (${o.longTasks}) · ` +
          `max frame gap ${o.maxFrameGapMs.toFixed(0)} ms · progress values ${o.progressValues}`,
      );
    }
    const last = opens[opens.length - 1]!;

    // Edits are timed several times (one sample says little on a shared machine): edit n points a
    // replaces edge at ghost n; an untimed undo (the original text) comes between two timed edits.
    const edits: EditResult[] = [];
    const planned = opts.edits > 0 ? planEdit(cat, files) : undefined;
    if (opts.edits > 0 && !planned) log('  edit: skipped (no package file with a replaces edge to edit)');
    if (planned) {
      const first = planned.edit(1);
      await page.evaluate((a) => window.__fbcBench!.show(a), {
        pkg: first.pkg,
        channel: first.channel,
        timeoutMs,
      });
      for (let n = 1; n <= opts.edits; n++) {
        const e = planned.edit(n);
        // Before each edit the screen is at rest (the graph's deferred redraws done), as when a user
        // types: the first edit after the channel appeared, the others after the undo.
        await page.evaluate((a) => window.__fbcBench!.settle(a), {
          path: e.path,
          text: n > 1 ? planned.original : undefined,
        });
        const r = await page.evaluate((a) => window.__fbcBench!.edit(a), {
          path: e.path,
          text: e.text,
          pkg: e.pkg,
          ghost: e.ghost,
          timeoutMs,
        });
        edits.push(r);
      }
      const e = median(edits);
      log(
        // Each as "on screen (worker's own time / worker's answer and the views fetched)".
        `  edit ${first.path} ×${edits.length}: on screen ${edits.map((r) => `${r.ms.toFixed(0)} (${r.workerMs.toFixed(0)}/${r.serviceMs.toFixed(0)})`).join(', ')} ms ` +
          `(median ${e.ms.toFixed(0)}: worker ${e.workerMs.toFixed(0)} ms, ` +
          `round trip ${e.serviceMs.toFixed(0)} ms) · graph ${e.graphUpdated} table ${e.tableUpdated} ` +
          `problems ${e.problemsUpdated} · errors ${e.errorsBefore} → ${e.errorsAfter} · first shown at ` +
          Object.entries(e.at)
            .map(([k, v]) => `${k} ${v.toFixed(0)}`)
            .join(', ') +
          ' ms',
      );
    }
    const edit = edits.length ? median(edits) : undefined;

    let scroll: CaseResult['scroll'];
    if (opts.scroll) {
      const packages = await page.evaluate(() =>
        window.__fbcBench!.scroll({ list: 'packages', frames: 120 }),
      );
      const problems = await page.evaluate(() =>
        window.__fbcBench!.scroll({ list: 'problems', frames: 120 }),
      );
      scroll = { packages, problems };
    }
    await page.close();
    const heap = await measureMemory(browser, context, server, cat, timeoutMs, log);
    log(
      `  memory: JS heap ${((heap.pageBytes + heap.workerBytes) / 1e6).toFixed(0)} MB (worker ` +
        `${(heap.workerBytes / 1e6).toFixed(0)}, page ${(heap.pageBytes / 1e6).toFixed(0)}), renderer private ` +
        `memory +${(heap.rendererBytes / 1e6).toFixed(0)} MB, over ${(bytes / 1e6).toFixed(0)} MB of catalog`,
    );

    const worst = (pick: (o: OpenResult) => MainThreadStats) => ({
      longestTaskMs: max(opens.map((o) => pick(o).longestTaskMs)),
      maxFrameGapMs: max(opens.map((o) => pick(o).maxFrameGapMs)),
    });
    return {
      name: cat.name,
      format: cat.format,
      files: files.length,
      bytes,
      packages: last.summary.packages,
      bundles: last.summary.bundles,
      errors: last.summary.errors,
      warnings: last.summary.warnings,
      baselines,
      opens,
      baselineMs: min(baselines.map((b) => b.ms)),
      openMs: min(opens.map((o) => o.openMs)),
      checkedMs: min(opens.map((o) => o.checkedMs)),
      ...worst((o) => o),
      longestTaskToInteractiveMs: worst((o) => o.untilInteractive).longestTaskMs,
      progressValues: min(opens.map((o) => o.progressValues)),
      cancel,
      heap,
      edit,
      edits: edits.length ? edits : undefined,
      scroll,
    };
  } finally {
    await context.close();
  }
}
