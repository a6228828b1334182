/**
 * Graph view benchmark: time from Cytoscape creation to the first rendered frame for synthetic
 * channels of 1,000 and 5,000 entries, in headless Chromium at 1280×720.
 *   node --import tsx bench/graph.bench.ts [--runs 5] [--sizes 1000,5000] [--dagre]
 * Figures (medians):
 *   pipeline   prepareGraph (normalise, fold, layout, elements) + cytoscape() + ready + first
 *              'render' + one animation frame, viewport fitted to the whole graph (worst case)
 *   collapsed  the same with linear replaces runs collapsed into +N nodes
 *   component  <ChannelGraphView> mount → data-ready (what a user waits for)
 */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, serveHarness } from './graph-serve';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const runs = Number(opt('runs', '5'));
const sizes = opt('sizes', '1000,5000').split(',').map(Number);
const withDagre = args.includes('--dagre');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (ms: number) => `${ms.toFixed(0).padStart(5)} ms`;

interface Run {
  prepareMs: number;
  cyCreateMs: number;
  firstFrameMs: number;
  nodes: number;
  edges: number;
}
interface Result {
  n: number;
  graphNodes: number;
  graphEdges: number;
  pipeline: Run[];
  collapsed: Run[];
  component: { mountToFrameMs: number; nodes: number; edges: number }[];
  dagre?: { dagreMs?: number; error?: string };
}

const load = loadavg()[0]!;
const server = await serveHarness();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  console.log(
    `Chromium ${browser.version()}, viewport 1280×720, ${runs} runs each (median); ` +
      `1-min load average ${load.toFixed(1)} (wall-clock figures: other load on the machine inflates them)`,
  );
  for (const n of sizes) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${server.url}?mode=bench&n=${n}&runs=${runs}${withDagre ? '&dagre=1' : ''}`);
    await page.waitForFunction(() => window.__benchResult || window.__benchError, undefined, {
      timeout: 600_000,
    });
    const err = await page.evaluate(() => window.__benchError);
    if (err) throw new Error(err);
    const r = (await page.evaluate(() => window.__benchResult)) as Result;
    const p = r.pipeline;
    const c = r.collapsed;
    console.log(`\n${n} entries → ${r.graphNodes} graph nodes, ${r.graphEdges} edges`);
    console.log(
      `  pipeline   first frame ${fmt(median(p.map((x) => x.firstFrameMs)))}` +
        `  (prepare ${fmt(median(p.map((x) => x.prepareMs)))}, cytoscape() ${fmt(median(p.map((x) => x.cyCreateMs)))})` +
        `  drawn ${p[0]!.nodes} nodes / ${p[0]!.edges} edges`,
    );
    console.log(
      `  collapsed  first frame ${fmt(median(c.map((x) => x.firstFrameMs)))}` +
        `  (prepare ${fmt(median(c.map((x) => x.prepareMs)))})  drawn ${c[0]!.nodes} nodes / ${c[0]!.edges} edges`,
    );
    console.log(
      `  component  mount → ready ${fmt(median(r.component.map((x) => x.mountToFrameMs)))}` +
        `  drawn ${r.component[0]!.nodes} nodes / ${r.component[0]!.edges} edges`,
    );
    console.log(
      `  all runs (ms): pipeline ${p.map((x) => x.firstFrameMs.toFixed(0)).join(', ')}; collapsed ` +
        `${c.map((x) => x.firstFrameMs.toFixed(0)).join(', ')}; component ` +
        `${r.component.map((x) => x.mountToFrameMs.toFixed(0)).join(', ')}`,
    );
    if (r.dagre?.dagreMs !== undefined)
      console.log(`  dagre rankDir LR (for comparison): ${fmt(r.dagre.dagreMs)}`);
    if (r.dagre?.error) console.log(`  dagre rankDir LR (for comparison): failed: ${r.dagre.error}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
