/**
 * Screenshots of the graph harness for review (bench/out/screens/*.png), 1280×720:
 *   node --import tsx bench/graph-screens.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions, serveHarness } from './graph-serve';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'out', 'screens');
mkdirSync(outDir, { recursive: true });

const server = await serveHarness();
const browser = await chromium.launch(chromiumLaunchOptions);

async function open(query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.error(`console ${m.type()}:`, m.text());
  });
  await page.goto(`${server.url}?${query}`);
  await page.waitForSelector('[data-testid="channel-graph"][data-ready="true"]');
  await page.waitForTimeout(300);
  return page;
}

async function shot(page: Page, name: string) {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

try {
  let page = await open('graph=demo&selected=etcdoperator.v0.9.4');
  await shot(page, 'demo-light');
  await page.getByRole('button', { name: /^Theme/ }).click();
  await page.waitForTimeout(300);
  await shot(page, 'demo-dark');
  await page.getByLabel('OLM v0 semantics').check();
  await page.waitForTimeout(300);
  await shot(page, 'demo-dark-v0');
  await page.close();

  page = await open('graph=demo&selected=etcdoperator.v0.9.0');
  await page.getByRole('button', { name: 'Version' }).click();
  await shot(page, 'demo-stranded-selected-sorted');
  await page.close();

  page = await open('graph=synthetic&n=60');
  await shot(page, 'synthetic-60');
  await page.getByRole('button', { name: 'Fit graph to view' }).click();
  await page.waitForTimeout(300);
  await shot(page, 'synthetic-60-fit');
  await page.getByLabel('Find bundle').fill('1.2.5');
  await page.getByLabel('Find bundle').press('Enter');
  await page.waitForTimeout(600);
  await shot(page, 'synthetic-60-find');
  await page.close();

  page = await open('graph=package&n=60');
  await shot(page, 'package-60');
  await page.close();

  page = await open('graph=synthetic&n=1000');
  await shot(page, 'synthetic-1000');
  await page.getByRole('button', { name: 'Fit graph to view' }).click();
  await page.waitForTimeout(500);
  await shot(page, 'synthetic-1000-fit');
  await page.close();

  page = await open('graph=synthetic&n=5000');
  await shot(page, 'synthetic-5000-collapsed');
  await page.close();
} finally {
  await browser.close();
  await server.close();
}
