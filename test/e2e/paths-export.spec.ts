import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { loadCatalog } from '../../src/core/load';
import { renderGraph, type RenderGraphOptions } from '../../src/core/mermaid/render-graph';
import { MemorySource } from '../../src/core/source/memory';
import { demoFiles, repoRoot, waitForCatalog } from './helpers';
import { graphReady } from './paths-helpers';

test.use({ viewport: { width: 1600, height: 1000 } });

const shots = resolve(repoRoot, 'test-results/screenshots');

/** What `opm alpha render-graph` prints for the demo files, by the core renderer (tested against opm). */
async function expectedMermaid(opts: RenderGraphOptions): Promise<string> {
  const load = await loadCatalog(new MemorySource(demoFiles(), 'demo'));
  expect(load.errors).toEqual([]);
  return renderGraph(load.dc, opts).text;
}

async function openExport(page: Page) {
  await page.getByText('Export graph', { exact: true }).click();
  const menu = page.getByTestId('export-menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; data: Buffer }> {
  const [d] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  const path = await d.path();
  return { name: d.suggestedFilename(), data: readFileSync(path) };
}

function pngSize(data: Buffer): { width: number; height: number } {
  expect([...data.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(data.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

test('Mermaid export: byte-identical to render-graph on the same files, downloaded or copied', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?pkg=cirrus-operator&ch=alpha');
  await waitForCatalog(page);
  await graphReady(page);
  const menu = await openExport(page);
  await expect(menu.locator('code')).toHaveText('opm alpha render-graph -p cirrus-operator <catalog-dir>');

  const file = await download(page, () => menu.getByRole('button', { name: 'Download .mmd' }).click());
  expect(file.name).toBe('cirrus-operator.mmd');
  expect(file.data.toString('utf8')).toBe(await expectedMermaid({ packageName: 'cirrus-operator' }));

  // The whole catalog with --draw-v0-semantics, copied to the clipboard.
  await menu.getByRole('radio', { name: 'Whole catalog' }).check();
  await menu.getByRole('checkbox', { name: '--draw-v0-semantics' }).check();
  await expect(menu.locator('code')).toHaveText('opm alpha render-graph --draw-v0-semantics <catalog-dir>');
  await menu.getByRole('button', { name: 'Copy Mermaid' }).click();
  await expect(menu.getByRole('status')).toContainText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await expectedMermaid({ drawV0Semantics: true }));
  expect(copied).toMatch(/^linkStyle \d/m);

  // With --minimum-edge.
  await menu.getByLabel('Minimum edge').fill('aurora-operator.v1.2.0');
  await expect(menu.locator('code')).toHaveText(
    'opm alpha render-graph --minimum-edge aurora-operator.v1.2.0 --draw-v0-semantics <catalog-dir>',
  );
  const floor = await download(page, () => menu.getByRole('button', { name: 'Download .mmd' }).click());
  expect(floor.name).toBe('catalog.mmd');
  expect(floor.data.toString('utf8')).toBe(
    await expectedMermaid({ minimumEdge: 'aurora-operator.v1.2.0', drawV0Semantics: true }),
  );

  // opm's own error for a minimum edge it does not know.
  await menu.getByLabel('Minimum edge').fill('nope');
  await menu.getByRole('button', { name: 'Copy Mermaid' }).click();
  await expect(menu.getByRole('status')).toHaveText(
    'opm render-graph would fail: unknown minimum edge name: "nope"',
  );
});

test('PNG and SVG export of the current view, with legend, at a chosen scale', async ({ page }, info) => {
  await page.goto('/?pkg=cirrus-operator&ch=alpha');
  await waitForCatalog(page);
  await graphReady(page);
  await page.getByRole('switch', { name: 'OLM v0 semantics' }).click();
  const bb = await page.evaluate(() => {
    const cy = (
      window as unknown as { __fbcGraph: { elements(): { boundingBox(): { w: number; h: number } } } }
    ).__fbcGraph;
    return cy.elements().boundingBox();
  });
  const menu = await openExport(page);

  await menu.getByLabel('Scale').selectOption('1');
  const png1 = await download(page, () => menu.getByRole('button', { name: 'Download PNG' }).click());
  expect(png1.name).toBe('cirrus-operator-alpha.png');
  const s1 = pngSize(png1.data);
  // The whole graph plus its margin, and the legend underneath.
  expect(s1.width).toBeGreaterThanOrEqual(Math.ceil(bb.w));
  expect(s1.height).toBeGreaterThan(Math.ceil(bb.h) + 48 + 40);
  await menu.getByLabel('Scale').selectOption('2');
  const png2 = await download(page, () => menu.getByRole('button', { name: 'Download PNG' }).click());
  const s2 = pngSize(png2.data);
  expect(Math.abs(s2.width - 2 * s1.width)).toBeLessThanOrEqual(2);
  expect(Math.abs(s2.height - 2 * s1.height)).toBeLessThanOrEqual(2);
  await expect(menu.getByRole('status')).toHaveText(
    `Saved cirrus-operator-alpha.png (${s2.width}×${s2.height} px).`,
  );

  const svg = await download(page, () => menu.getByRole('button', { name: 'Download SVG' }).click());
  expect(svg.name).toBe('cirrus-operator-alpha.svg');
  const text = svg.data.toString('utf8');
  const parsed = await page.evaluate((src) => {
    const doc = new DOMParser().parseFromString(src, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      root: root.nodeName,
      width: Number(root.getAttribute('width')),
      viewBox: root.getAttribute('viewBox'),
      texts: [...doc.querySelectorAll('g.node tspan')].map((t) => t.textContent),
      legend: [...doc.querySelectorAll('g.legend text')].map((t) => t.textContent),
      red: [...doc.querySelectorAll('g.edge')]
        .filter((g) => g.querySelector('path[stroke-dasharray]') && g.querySelector('title'))
        .map((g) => g.getAttribute('data-id')),
    };
  }, text);
  expect(parsed.error).toBe(false);
  expect(parsed.root).toBe('svg');
  expect(parsed.texts).toEqual(
    expect.arrayContaining([
      'cirrus-operator.v0.1.0',
      'cirrus-operator.v0.2.0',
      'cirrus-operator.v0.3.0',
      '0.3.0 · HEAD',
    ]),
  );
  expect(parsed.legend).toEqual(
    expect.arrayContaining(['Legend', 'replaces', 'skips', 'ignored by OLM v0', 'HEAD', 'stranded']),
  );
  // The edge OLM v0 ignores is dashed in the SVG too, and says why.
  expect(parsed.red).toEqual(['e:replaces:cirrus-operator.v0.1.0->cirrus-operator.v0.2.0']);
  expect(parsed.width).toBeCloseTo(2 * Number(parsed.viewBox!.split(' ')[2]), 0);

  // Keep them, and look at them: the PNG as is, the SVG rendered by the browser.
  mkdirSync(shots, { recursive: true });
  writeFileSync(resolve(shots, 'paths-export.png'), png1.data);
  writeFileSync(resolve(shots, 'paths-export.svg'), svg.data);
  await page.setContent(
    `<body style="margin:0;background:#888">${text.replace(/^<\?xml[^>]*>\s*/, '')}</body>`,
  );
  await page.screenshot({ path: resolve(shots, 'paths-export-svg.png'), fullPage: true });
  await info.attach('svg', { path: resolve(shots, 'paths-export-svg.png'), contentType: 'image/png' });
});
