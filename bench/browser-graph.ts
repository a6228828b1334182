/**
 * Graph view figures for `npm run bench:browser`, on the graph harness of bench/graph.bench.ts
 * (bench/graph-harness.tsx built and served by bench/graph-serve.ts; nothing is duplicated here):
 *   componentMs  <ChannelGraphView> mount → data-ready (what a user waits for; long runs collapsed)
 *   pipelineMs   prepare + cytoscape() + first frame, every entry drawn (no collapsing)
 *   collapsedMs  the same with linear replaces runs collapsed into +N nodes
 *   panZoom      frame times while panning, then zooming, the graph as first shown
 */
import type { Browser } from 'playwright-core';
import { serveHarness } from './graph-serve';

export interface PanZoomFigures {
  frames: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  longestTaskMs: number;
}

export interface GraphFigures {
  entries: number;
  componentMs: number;
  componentNodes: number;
  pipelineMs: number;
  collapsedMs: number;
  panZoom: PanZoomFigures;
}

interface HarnessResult {
  pipeline: { firstFrameMs: number }[];
  collapsed: { firstFrameMs: number }[];
  component: { mountToFrameMs: number; nodes: number }[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** In the page: `frames` frames of panning, then as many of zooming in and out, timed per frame. */
async function panZoomInPage(frames: number): Promise<PanZoomFigures> {
  const cy = window.__fbcGraph!;
  const tasks: number[] = [];
  const po = new PerformanceObserver((l) => {
    for (const e of l.getEntries()) tasks.push(e.duration);
  });
  po.observe({ type: 'longtask', buffered: false });
  const gaps: number[] = [];
  let last = await new Promise<number>((r) => requestAnimationFrame(r));
  const centre = { x: cy.width() / 2, y: cy.height() / 2 };
  for (let i = 0; i < 2 * frames; i++) {
    if (i < frames) cy.panBy({ x: i < frames / 2 ? -24 : 24, y: 0 });
    else cy.zoom({ level: cy.zoom() * (i < frames * 1.5 ? 1.04 : 1 / 1.04), renderedPosition: centre });
    const t = await new Promise<number>((r) => requestAnimationFrame(r));
    gaps.push(t - last);
    last = t;
  }
  for (const e of po.takeRecords()) tasks.push(e.duration);
  po.disconnect();
  gaps.sort((a, b) => a - b);
  return {
    frames: gaps.length,
    p50Ms: gaps[Math.floor(gaps.length * 0.5)]!,
    p95Ms: gaps[Math.floor(gaps.length * 0.95)]!,
    maxMs: gaps[gaps.length - 1]!,
    longestTaskMs: tasks.length ? Math.max(...tasks) : 0,
  };
}

export async function measureGraphs(
  browser: Browser,
  sizes: number[],
  runs: number,
  log: (line: string) => void,
): Promise<GraphFigures[]> {
  const server = await serveHarness();
  const out: GraphFigures[] = [];
  try {
    for (const n of sizes) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      // tsx names the functions it compiles (`__name(...)`); the page has no such helper.
      await page.addInitScript('window.__name = (f) => f;');
      page.on('pageerror', (e) => log(`  graph page error: ${e.message}`));
      await page.goto(`${server.url}?mode=bench&n=${n}&runs=${runs}`);
      await page.waitForFunction(() => window.__benchResult || window.__benchError, undefined, {
        timeout: 600_000,
      });
      const err = await page.evaluate(() => window.__benchError);
      if (err) throw new Error(err);
      const r = (await page.evaluate(() => window.__benchResult)) as HarnessResult;
      await page.goto(`${server.url}?graph=synthetic&n=${n}`);
      await page.waitForSelector('[data-testid="channel-graph"][data-ready="true"]', { timeout: 120_000 });
      const panZoom = await page.evaluate(panZoomInPage, 60);
      await page.close();
      const g: GraphFigures = {
        entries: n,
        componentMs: median(r.component.map((x) => x.mountToFrameMs)),
        componentNodes: r.component[0]!.nodes,
        pipelineMs: median(r.pipeline.map((x) => x.firstFrameMs)),
        collapsedMs: median(r.collapsed.map((x) => x.firstFrameMs)),
        panZoom,
      };
      log(
        `graph ${n} entries: on screen ${g.componentMs.toFixed(0)} ms (${g.componentNodes} nodes), ` +
          `uncollapsed ${g.pipelineMs.toFixed(0)} ms, collapsed ${g.collapsedMs.toFixed(0)} ms; pan/zoom frame ` +
          `p50 ${panZoom.p50Ms.toFixed(0)} / p95 ${panZoom.p95Ms.toFixed(0)} / max ${panZoom.maxMs.toFixed(0)} ms`,
      );
      out.push(g);
    }
  } finally {
    await server.close();
  }
  return out;
}
