/**
 * Behaviour checks of the graph, entries table and their selection sync, in headless Chromium
 * against the harness page (no app shell needed):
 *   node --import tsx bench/graph-check.ts
 * The app's own e2e suite (test/e2e) can port these once the shell mounts the components.
 */
import assert from 'node:assert/strict';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions, serveHarness } from './graph-serve';

const server = await serveHarness();
const browser = await chromium.launch(chromiumLaunchOptions);
const problems: string[] = [];
let passed = 0;

async function open(query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // the harness has no favicon
    if (m.type() === 'error' && !m.text().includes('404')) problems.push(`console error: ${m.text()}`);
  });
  await page.goto(`${server.url}?${query}`);
  await page.waitForSelector('[data-testid="channel-graph"][data-ready="true"]');
  return page;
}

async function check(name: string, fn: () => Promise<void>) {
  try {
    await fn();
    passed++;
    console.log(`  ✓ ${name}`);
  } catch (e) {
    problems.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    console.log(`  ✗ ${name}`);
  }
}

const selectedInGraph = (page: Page) =>
  page.evaluate(() =>
    window
      .__fbcGraph!.nodes('.sel')
      .map((n) => n.id())
      .join(','),
  );
const selectedRow = (page: Page) => page.locator('tbody tr[aria-selected="true"] th').innerText();

/** Click a node where it is drawn (real mouse event on the canvas). */
async function clickNode(page: Page, id: string) {
  const p = await page.evaluate((nodeId) => {
    const cy = window.__fbcGraph!;
    const node = cy.getElementById(nodeId);
    cy.center(node);
    const r = node.renderedPosition();
    const box = cy.container()!.getBoundingClientRect();
    return { x: box.left + r.x, y: box.top + r.y };
  }, id);
  await page.mouse.click(p.x, p.y);
}

try {
  console.log('demo channel');
  let page = await open('graph=demo');
  await check('renders every entry and ghost, and every edge', async () => {
    const g = page.getByTestId('channel-graph');
    assert.equal(await g.getAttribute('data-node-count'), '8');
    assert.equal(await g.getAttribute('data-edge-count'), '14');
  });
  await check('clicking a table row selects the node', async () => {
    await page.getByRole('row', { name: /^etcdoperator\.v0\.9\.2 / }).click();
    assert.equal(await selectedInGraph(page), 'etcdoperator.v0.9.2');
    assert.equal(await selectedRow(page), 'etcdoperator.v0.9.2');
  });
  await check('clicking a node selects its table row', async () => {
    await clickNode(page, 'etcdoperator.v0.9.3');
    assert.equal(await selectedRow(page), 'etcdoperator.v0.9.3');
    assert.equal(await selectedInGraph(page), 'etcdoperator.v0.9.3');
  });
  await check('arrow keys on the canvas walk the upgrade graph', async () => {
    await page.getByRole('application').focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await selectedInGraph(page), 'etcdoperator.v0.9.4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await selectedRow(page), 'etcdoperator.v0.9.2');
    await page.keyboard.press('End');
    assert.equal(await selectedInGraph(page), 'etcdoperator.v0.9.4');
    await page.keyboard.press('Home');
    assert.equal(await selectedInGraph(page), 'etcdoperator.v0.6.1');
    await page.waitForTimeout(400);
    const pan0 = await page.evaluate(() => window.__fbcGraph!.pan().x);
    await page.keyboard.press('Shift+ArrowRight');
    assert.equal(await page.evaluate(() => window.__fbcGraph!.pan().x), pan0 - 120);
    assert.equal(await selectedInGraph(page), 'etcdoperator.v0.6.1');
    await page.keyboard.press('Escape');
    assert.equal(await selectedInGraph(page), '');
  });
  await check('sortable headers report aria-sort', async () => {
    const version = page.getByRole('columnheader', { name: /Version/ });
    assert.equal(await version.getAttribute('aria-sort'), 'descending');
    await page.getByRole('button', { name: /^Version/ }).click();
    assert.equal(await version.getAttribute('aria-sort'), 'ascending');
    const first = await page.locator('tbody tr th').first().innerText();
    assert.match(first, /^etcdoperator\.v0\.9\.0/);
    await page.getByRole('button', { name: /^Bundle/ }).click();
    assert.equal(await version.getAttribute('aria-sort'), null);
    assert.equal(
      await page.getByRole('columnheader', { name: /Bundle/ }).getAttribute('aria-sort'),
      'ascending',
    );
  });
  await check('table rows: one tab stop, arrows move, Enter selects', async () => {
    assert.equal(await page.locator('tbody tr[tabindex="0"]').count(), 1);
    const ids = await page
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
    const stop = await page.locator('tbody tr[tabindex="0"]').getAttribute('data-id');
    await page.locator('tbody tr[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const next = ids[ids.indexOf(stop) + 1]!;
    assert.equal(await selectedInGraph(page), next);
    assert.equal(await page.locator('tbody tr[aria-selected="true"]').getAttribute('data-id'), next);
    await page.keyboard.press('End');
    await page.keyboard.press(' ');
    assert.equal(await selectedInGraph(page), ids[ids.length - 1]);
  });
  await check('"Find bundle" focuses and selects a bundle by version', async () => {
    await page.getByLabel('Find bundle').fill('0.9.4-bad');
    await page.getByLabel('Find bundle').press('Enter');
    assert.equal(await selectedInGraph(page), 'etcdoperator.v0.9.4-bad');
    assert.match(await page.getByRole('status').innerText(), /etcdoperator\.v0\.9\.4-bad \(1 of 1\)/);
    await page.getByLabel('Find bundle').fill('no-such-thing');
    await page.getByLabel('Find bundle').press('Enter');
    assert.match(await page.getByRole('status').innerText(), /No bundle matches/);
  });
  await check('zoom buttons zoom, Fit fits', async () => {
    await page.waitForFunction(() => !window.__fbcGraph!.animated());
    const z0 = await page.evaluate(() => window.__fbcGraph!.zoom());
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const z1 = await page.evaluate(() => window.__fbcGraph!.zoom());
    assert.ok(Math.abs(z1 / z0 - 1.25) < 1e-6, `${z0} → ${z1}`);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Fit graph to view' }).click();
    const inView = await page.evaluate(() => {
      const cy = window.__fbcGraph!;
      const bb = cy.elements().renderedBoundingBox();
      return bb.x1 >= 0 && bb.y1 >= 0 && bb.x2 <= cy.width() && bb.y2 <= cy.height();
    });
    assert.ok(inView);
  });
  await check('theme change re-styles the canvas from the CSS variables', async () => {
    const color = () =>
      page.evaluate(() => window.__fbcGraph!.getElementById('etcdoperator.v0.9.2').style('color'));
    const light = await color();
    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.waitForTimeout(100);
    const dark = await color();
    assert.notEqual(light, dark);
    assert.equal(dark, 'rgb(230,237,243)'); // --fg of the harness's dark theme, #e6edf3
  });
  await check('the legend names every edge kind and node state, and folds', async () => {
    const legend = page.getByRole('complementary', { name: 'Graph legend' });
    const text = await legend.innerText();
    for (const word of [
      'replaces',
      'skips',
      'skipRange',
      'HEAD',
      'deprecated',
      'skipped',
      'stranded',
      'not in catalog',
    ]) {
      assert.ok(text.includes(word), word);
    }
    await legend.getByRole('button', { name: 'Legend' }).click();
    assert.equal(await legend.getByRole('button', { name: 'Legend' }).getAttribute('aria-expanded'), 'false');
  });
  await check('bundle details render catalog text as text, and only http(s) links', async () => {
    await page.getByRole('row', { name: /^etcdoperator\.v0\.9\.3 / }).click();
    const details = page.getByRole('article', { name: 'Bundle etcdoperator.v0.9.3' });
    assert.match(await details.getByRole('note').innerText(), /Deprecated: v0\.9\.3 loses data/);
    assert.equal(await details.locator('script').count(), 0);
    assert.match(await details.innerText(), /<script>alert\("not html"\)<\/script>/);
    assert.equal(await details.getByRole('link').count(), 1);
    for (const h of ['ClusterServiceVersion', 'Channels (1)', 'Related images (2)', 'Other properties (1)']) {
      assert.equal(await details.getByRole('heading', { name: h }).count(), 1, h);
    }
    assert.match(await details.locator('.fbc-prop pre').first().innerText(), /"tier": "gold"/);
  });
  await page.close();

  console.log('5,000 entries');
  page = await open('graph=synthetic&n=5000');
  await check('collapses long linear runs by default and says so', async () => {
    const g = page.getByTestId('channel-graph');
    assert.equal(await g.getAttribute('data-collapsed'), 'true');
    assert.ok(Number(await g.getAttribute('data-node-count')) < 2000);
    assert.equal(
      await page.getByRole('button', { name: 'Collapse runs' }).getAttribute('aria-pressed'),
      'true',
    );
  });
  await check('selecting a bundle hidden in a run expands the run and selects it', async () => {
    const hidden = 'acme-operator.v13.9.5';
    assert.equal(await page.evaluate((id) => window.__fbcGraph!.getElementById(id).empty(), hidden), true);
    await page.getByRole('row', { name: new RegExp(`^${hidden.replace(/\./g, '\\.')} `) }).click();
    await page.waitForFunction((id) => window.__fbcGraph!.getElementById(id).hasClass('sel'), hidden);
  });
  await check('clicking a +N node expands it', async () => {
    const before = Number(await page.getByTestId('channel-graph').getAttribute('data-node-count'));
    const chunk = await page.evaluate(() => window.__fbcGraph!.nodes('.collapsed').last().id());
    await clickNode(page, chunk);
    await page.waitForFunction(
      (n) =>
        Number(document.querySelector('[data-testid="channel-graph"]')!.getAttribute('data-node-count')) > n,
      before,
    );
  });
  await check('"Collapse runs" toggles the full graph', async () => {
    await page.getByRole('button', { name: 'Collapse runs' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="channel-graph"]')!.getAttribute('data-collapsed') === 'false',
    );
    await page.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid="channel-graph"]')!.getAttribute('data-node-count')) ===
        5126,
    );
  });
  await page.close();

  console.log('package view');
  page = await open('graph=demo');
  await check('"Whole package" shows every channel, one node per bundle', async () => {
    await page.getByRole('button', { name: 'Whole package' }).click();
    await page.waitForFunction(() =>
      document.querySelector('.fbc-graph-title')!.textContent!.includes('all channels'),
    );
    const labels = await page.evaluate(() => window.__fbcGraph!.nodes().map((n) => String(n.data('label'))));
    const both = labels.filter((l) => l.includes('stable (default), fast'));
    assert.ok(both.length > 0);
    const ids = await page.evaluate(() => window.__fbcGraph!.nodes().map((n) => n.id()));
    assert.equal(new Set(ids).size, ids.length);
  });
  await page.close();
} finally {
  await browser.close();
  await server.close();
}

console.log(`\n${passed} passed, ${problems.length} problem(s)`);
for (const p of problems) console.log(`  - ${p}`);
process.exitCode = problems.length ? 1 : 0;
