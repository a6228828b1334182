/**
 * The in-page half of `npm run bench:browser` (bench/browser.bench.ts drives it with Playwright).
 * Bundled on its own (bench/browser-serve.ts) and imported into the app page, it sets
 * window.__fbcBench: copy a catalog into OPFS, time the baseline (in a worker), time the real
 * "Open folder" path up to an interactive package list, cancel a load, time an edit, scroll lists.
 * It reaches the app only through window.__fbcStudio (src/app/state/perf-hook.ts) and the DOM.
 */
import type { CatalogSummary } from '../src/core/service/views';

export interface BaselineResult {
  ms: number;
  files: number;
  bytes: number;
  objects: number;
}

export interface MainThreadStats {
  /** Longest task (PerformanceObserver 'longtask', i.e. over 50 ms); 0 when there was none. */
  longestTaskMs: number;
  longTasks: number;
  /** Longest gap between two animation frames (a frame that could not be drawn in time). */
  maxFrameGapMs: number;
  frames: number;
}

export interface OpenResult extends MainThreadStats {
  /** Click on "Open folder" → package list, problems and verdict on screen (next frame). */
  openMs: number;
  /** Click → the deferred bundle-object check is done and the final verdict is shown. */
  checkedMs: number;
  /** Main-thread figures up to openMs only. */
  untilInteractive: MainThreadStats;
  /** Distinct values the progress bar showed. */
  progressValues: number;
  summary: CatalogSummary;
}

export interface CancelResult {
  cancelled: boolean;
  /** Cancel click → the progress card is gone (the worker stopped). */
  ms: number;
  /** Fraction of the bytes read when Cancel was clicked. */
  atFraction: number;
  note?: string;
}

export interface EditResult {
  /** updateFile call → problems header, the package's row, graph and entries table all show the edit (next frame). */
  ms: number;
  /** updateFile call → the worker's answer arrived (round trip). */
  serviceMs: number;
  /** The worker's own time for the update (summary.durationMs). */
  workerMs: number;
  graphUpdated: boolean;
  tableUpdated: boolean;
  problemsUpdated: boolean;
  errorsBefore: number;
  errorsAfter: number;
  /** When each part first showed the edit (ms after the call). */
  at: { problems: number; row: number; graph: number; table: number };
}

export interface ScrollResult extends MainThreadStats {
  rows: number;
  /** Most option rows in the DOM at once (virtualisation check). */
  maxRowsInDom: number;
}

declare global {
  interface Window {
    __fbcBench?: typeof api;
  }
}

const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

function hook() {
  const h = window.__fbcStudio;
  if (!h) throw new Error('window.__fbcStudio is missing: is this the FBC Studio app, under automation?');
  return h;
}

/** Resolves at the first animation frame where `cond()` holds, with that frame's time. */
async function until(cond: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const t = await frame();
    if (cond()) return t;
    if (t > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
  }
}

async function opfsDir(name: string, create: boolean): Promise<FileSystemDirectoryHandle> {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create });
}

/** The folder picker answers with OPFS directory `dir` (the real one cannot be driven). */
function pickDir(dir: string): void {
  (
    window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
  ).showDirectoryPicker = () => opfsDir(dir, false);
}

function button(name: string, within: ParentNode = document): HTMLButtonElement {
  const b = [...within.querySelectorAll('button')].find((x) => x.textContent?.trim() === name);
  if (!b) throw new Error(`no "${name}" button`);
  return b;
}

/** A disabled button ignores click(): that would time nothing, so it is an error here. */
function clickEnabled(b: HTMLButtonElement): void {
  if (b.disabled) throw new Error(`"${b.textContent?.trim()}" is disabled (a load still running?)`);
  b.click();
}

const packagesNav = () => document.querySelector('nav[aria-label="Packages"]');
const problemsRegion = () => document.querySelector('section[aria-label="Problems"]');
const loadCard = () => document.querySelector('[role="status"][aria-label="Loading catalog"]');
const progressBar = () => loadCard()?.querySelector('progress') ?? null;

/** Long tasks and animation-frame gaps on this (the UI) thread, from now until stop(). */
function watchMainThread() {
  const tasks: number[] = [];
  const po = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e.duration);
  });
  po.observe({ type: 'longtask', buffered: false });
  let running = true;
  let last = performance.now();
  let maxGap = 0;
  let frames = 0;
  const progress = new Set<number>();
  const tick = (t: number) => {
    if (!running) return;
    maxGap = Math.max(maxGap, t - last);
    last = t;
    frames++;
    const p = progressBar();
    if (p) progress.add(p.value);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const stats = (): MainThreadStats => {
    // Entries are delivered asynchronously: take what has arrived.
    for (const e of po.takeRecords()) tasks.push(e.duration);
    return {
      longestTaskMs: tasks.length ? Math.max(...tasks) : 0,
      longTasks: tasks.length,
      maxFrameGapMs: maxGap,
      frames,
    };
  };
  return {
    stats,
    progressValues: () => progress.size,
    stop(): MainThreadStats {
      const s = stats();
      running = false;
      po.disconnect();
      return s;
    },
  };
}

/** Everything the user needs after opening: the catalog named, the package list and the problems shown. */
function interactive(dir: string, generationBefore: number): boolean {
  const s = hook().state();
  const sum = s.summary;
  if (!sum || s.loading || sum.name !== dir || sum.generation <= generationBefore) return false;
  const nav = packagesNav();
  if (nav?.querySelector('[aria-live]')?.textContent !== plural(sum.packages, 'package')) return false;
  if (sum.packages > 0 && !nav.querySelector('[role="option"]')) return false;
  const problems = problemsRegion();
  const head = problems?.querySelector('[aria-live]')?.textContent ?? '';
  if (!head.startsWith(`${plural(sum.errors, 'error')}, ${plural(sum.warnings, 'warning')}`)) return false;
  if (sum.errors + sum.warnings > 0 && !problems?.querySelector('[role="option"]')) return false;
  return !!problems?.querySelector('.verdict');
}

const api = {
  /** Copies catalog files (fetched from the bench server) into OPFS directory `dir`. */
  async seed(opts: {
    dir: string;
    base: string;
    files: { path: string; size: number }[];
    query?: string;
  }): Promise<{ ms: number; bytes: number }> {
    const t0 = performance.now();
    const root = await opfsDir(opts.dir, true);
    const dirs = new Map<string, Promise<FileSystemDirectoryHandle>>();
    const dirOf = (parts: string[]): Promise<FileSystemDirectoryHandle> => {
      if (parts.length === 0) return Promise.resolve(root);
      const key = parts.join('/');
      let d = dirs.get(key);
      if (!d) {
        d = dirOf(parts.slice(0, -1)).then((p) =>
          p.getDirectoryHandle(parts[parts.length - 1]!, { create: true }),
        );
        dirs.set(key, d);
      }
      return d;
    };
    let bytes = 0;
    let next = 0;
    const worker = async () => {
      while (next < opts.files.length) {
        const f = opts.files[next++]!;
        const parts = f.path.split('/');
        const name = parts.pop()!;
        const d = await dirOf(parts);
        const res = await fetch(
          `${opts.base}${f.path.split('/').map(encodeURIComponent).join('/')}${opts.query ?? ''}`,
        );
        if (!res.ok || !res.body) throw new Error(`fetch ${f.path}: ${res.status}`);
        const w = await (await d.getFileHandle(name, { create: true })).createWritable();
        const data = await res.arrayBuffer();
        bytes += data.byteLength;
        await w.write(data);
        await w.close();
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    return { ms: performance.now() - t0, bytes };
  },

  async removeDir(dir: string): Promise<void> {
    await (
      await navigator.storage.getDirectory()
    )
      .removeEntry(dir, { recursive: true })
      .catch(() => undefined);
  },

  /** The baseline, in a worker of its own: read every file of OPFS `dir` and parse it (see the worker). */
  async baseline(opts: { dir: string; format: 'json' | 'yaml'; workerUrl: string }): Promise<BaselineResult> {
    const w = new Worker(opts.workerUrl, { type: 'module', name: 'baseline' });
    try {
      return await new Promise<BaselineResult>((resolve, reject) => {
        w.onmessage = (e: MessageEvent<BaselineResult & { error?: string }>) =>
          e.data.error ? reject(new Error(e.data.error)) : resolve(e.data);
        w.onerror = (e) => reject(new Error(e.message || 'baseline worker failed to start'));
        w.postMessage({ dir: opts.dir, format: opts.format });
      });
    } finally {
      w.terminate();
    }
  },

  /** Clicks "Open folder" (the picker answers with OPFS `dir`) and times it to an interactive screen. */
  async open(opts: { dir: string; timeoutMs: number }): Promise<OpenResult> {
    pickDir(opts.dir);
    const h = hook();
    const before = h.state().summary?.generation ?? 0;
    const watch = watchMainThread();
    let t0 = NaN;
    const btn = button('Open folder');
    btn.addEventListener('click', () => (t0 = performance.now()), { capture: true, once: true });
    clickEnabled(btn);
    try {
      const tInteractive = await until(
        () => interactive(opts.dir, before),
        opts.timeoutMs,
        'the catalog to show',
      );
      const untilInteractive = watch.stats();
      const tChecked = await until(
        () => h.state().summary?.bundleObjects === 'checked' && interactive(opts.dir, before),
        opts.timeoutMs,
        'the bundle-object check',
      );
      const all = watch.stop();
      return {
        ...all,
        openMs: tInteractive - t0,
        checkedMs: tChecked - t0,
        untilInteractive,
        progressValues: watch.progressValues(),
        summary: h.state().summary!,
      };
    } finally {
      watch.stop();
    }
  },

  /** Starts opening OPFS `dir`, clicks Cancel once `atFraction` of the bytes are read, times the stop. */
  async cancel(opts: { dir: string; atFraction: number; timeoutMs: number }): Promise<CancelResult> {
    pickDir(opts.dir);
    const h = hook();
    const before = h.state().summary;
    clickEnabled(button('Open folder'));
    await until(
      () => !!h.state().loading || h.state().summary?.generation !== before?.generation,
      opts.timeoutMs,
      'the load to start',
    );
    let fraction = 0;
    await until(
      () => {
        const p = progressBar();
        if (p && p.max > 1) fraction = p.value / p.max;
        return !h.state().loading || fraction >= opts.atFraction;
      },
      opts.timeoutMs,
      'the load to progress',
    );
    const card = loadCard();
    if (!h.state().loading || !card) {
      return {
        cancelled: false,
        ms: 0,
        atFraction: fraction,
        note: 'the load finished before Cancel could be clicked',
      };
    }
    const t0 = performance.now();
    button('Cancel', card).click();
    const t1 = await until(() => !h.state().loading && !loadCard(), opts.timeoutMs, 'the cancel');
    const cancelled = h.state().summary?.generation === before?.generation;
    const note = cancelled ? undefined : 'the load completed before the cancel reached the worker';
    return { cancelled, ms: t1 - t0, atFraction: fraction, ...(note ? { note } : {}) };
  },

  /** Shows package `pkg`, channel `channel` (graph and entries table) and waits until they are drawn. */
  async show(opts: { pkg: string; channel: string; timeoutMs: number }): Promise<void> {
    history.pushState(
      null,
      '',
      `?pkg=${encodeURIComponent(opts.pkg)}&ch=${encodeURIComponent(opts.channel)}`,
    );
    dispatchEvent(new PopStateEvent('popstate'));
    await until(
      () =>
        document.querySelector('[data-testid="channel-graph"]')?.getAttribute('data-ready') === 'true' &&
        !!document.querySelector('section[aria-label^="Entries of channel"] tbody tr'),
      opts.timeoutMs,
      'the channel graph and table',
    );
  },

  /**
   * An edit to one file as the editor makes it (typing that replaces its text), timed until the problems header,
   * the edited package's row, the channel graph and the entries table all show it. `ghost` is a bundle
   * name the edit introduces (it appears in the graph and the table).
   */
  async edit(opts: {
    path: string;
    text: string;
    pkg: string;
    ghost: string;
    timeoutMs: number;
  }): Promise<EditResult> {
    const h = hook();
    const graph = () => document.querySelector('[data-testid="channel-graph"]');
    const table = () => document.querySelector('section[aria-label^="Entries of channel"] tbody');
    const problemsHead = () => problemsRegion()?.querySelector('[aria-live]')?.textContent ?? '';
    const pkgRow = () =>
      [...(packagesNav()?.querySelectorAll('[role="option"]') ?? [])].find(
        (o) => o.querySelector('.pkg-name')?.textContent === opts.pkg,
      );
    const rowBadges = () => pkgRow()?.querySelector('.badges')?.textContent ?? '';
    const nodes0 = graph()?.getAttribute('data-node-count');
    const head0 = problemsHead();
    const badges0 = rowBadges();
    const errorsBefore = h.state().summary?.errors ?? 0;
    let summary: CatalogSummary | undefined;
    let tService = NaN;
    const t0 = performance.now();
    void h.updateFile(opts.path, opts.text).then((s) => {
      summary = s;
      tService = performance.now();
    });
    const state = { graph: false, table: false, problems: false, row: false };
    const at: EditResult['at'] = { problems: NaN, row: NaN, graph: NaN, table: NaN };
    const t1 = await until(
      () => {
        if (!summary) return false;
        state.graph = graph()?.getAttribute('data-node-count') !== nodes0;
        state.table = !!table()?.textContent?.includes(opts.ghost);
        state.problems =
          problemsHead().startsWith(`${plural(summary.errors, 'error')}, `) &&
          (summary.errors === errorsBefore || problemsHead() !== head0);
        state.row = summary.errors === errorsBefore || rowBadges() !== badges0;
        const t = performance.now() - t0;
        for (const k of ['problems', 'row', 'graph', 'table'] as const)
          if (state[k] && Number.isNaN(at[k])) at[k] = t;
        return state.graph && state.table && state.problems && state.row;
      },
      opts.timeoutMs,
      'the edit to show',
    ).catch(() => NaN);
    return {
      ms: t1 - t0,
      serviceMs: tService - t0,
      workerMs: summary?.durationMs ?? NaN,
      graphUpdated: state.graph,
      tableUpdated: state.table,
      problemsUpdated: state.problems && state.row,
      errorsBefore,
      errorsAfter: summary?.errors ?? NaN,
      at,
    };
  },

  /**
   * The screen at rest before a timed edit, with the editing code loaded as when the editor is open:
   * an untimed edit first when `text` is given (undoing the last timed one), then two frames and
   * 50 ms for what the app does after drawing.
   */
  async settle(opts: { path: string; text?: string }): Promise<void> {
    await hook().prepareEditing();
    if (opts.text !== undefined) await hook().updateFile(opts.path, opts.text);
    await frame();
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 50));
  },

  /** Scrolls a virtual list (the package list or the problems list) through its rows, frame by frame. */
  async scroll(opts: { list: 'packages' | 'problems'; frames: number }): Promise<ScrollResult> {
    const root = opts.list === 'packages' ? packagesNav() : problemsRegion();
    const el = root?.querySelector<HTMLElement>('[role="listbox"]');
    if (!el) throw new Error(`no ${opts.list} list`);
    const sum = hook().state().summary;
    const rows = opts.list === 'packages' ? (sum?.packages ?? 0) : (sum?.errors ?? 0) + (sum?.warnings ?? 0);
    const max = el.scrollHeight - el.clientHeight;
    const step = Math.max(1, Math.ceil((2 * max) / opts.frames));
    await frame();
    const watch = watchMainThread();
    let maxRows = 0;
    let dir = 1;
    for (let i = 0; i < opts.frames; i++) {
      let top = el.scrollTop + dir * step;
      if (top >= max) [top, dir] = [max, -1];
      if (top <= 0) [top, dir] = [0, 1];
      el.scrollTop = top;
      await frame();
      maxRows = Math.max(maxRows, el.querySelectorAll('[role="option"]').length);
    }
    await frame();
    return { ...watch.stop(), rows, maxRowsInDom: maxRows };
  },
};

window.__fbcBench = api;
