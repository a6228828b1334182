import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { packages, problems, repoRoot, shot, waitForCatalog } from './helpers';
import { graphReady, ids, pathsPanel, timelineSteps } from './paths-helpers';

test.use({ viewport: { width: 1600, height: 1000 } });

const A = (v: string) => `aurora-operator.v${v}`;
const B = (v: string) => `borealis-operator.v${v}`;
const C = (v: string) => `cirrus-operator.v${v}`;
const tableRows = (page: import('@playwright/test').Page) =>
  page
    .getByRole('region', { name: /^Entries of channel/ })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-id')).sort());

test('channel switch matrix: rows = bundles, columns = channels, where a user lands', async ({
  page,
}, info) => {
  await page.goto('/?pkg=borealis-operator&ch=stable-v1');
  await waitForCatalog(page);
  await graphReady(page);
  await page.getByRole('button', { name: 'Channel switch…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Channel switch: borealis-operator' });
  await expect(dialog).toBeVisible();
  const table = dialog.getByTestId('switch-matrix');
  await expect(table.locator('thead th')).toHaveText(['Installed', 'stable-v1', /^stable-v2\s*default$/]);
  const rows = () =>
    table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
  await expect.poll(rows).toEqual([
    ['v1.0.0 1.0.0', 'stays', '→ v2.1.0'],
    ['v1.0.1 1.0.1', 'stays', '→ v2.1.0'],
    ['v1.1.0 1.1.0', 'stays', '→ v2.1.0'],
    ['v2.0.0 2.0.0', 'no path', 'stays'],
    ['v2.0.1 2.0.1', 'no path', 'stays'],
    ['v2.1.0 2.1.0', 'no path', 'stays'],
  ]);
  await dialog.getByRole('radio', { name: 'OLM v0' }).click();
  await expect(table.locator('tbody tr').first()).toContainText('→ v2.1.0');
  await shot(page, 'paths-matrix', info);

  // A cell opens the whole path from that bundle in that channel.
  await table.locator('tbody tr').first().getByRole('button', { name: '→ v2.1.0' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/ch=stable-v2/);
  await expect.poll(() => timelineSteps(page, 'path-timeline')).toEqual([B('1.0.0'), B('2.1.0')]);
  await expect(page.getByTestId('path-timeline')).toContainText('not in this channel');
  await expect.poll(() => ids(page, 'node.hl')).toEqual([B('2.1.0')]);
});

test('version window and edge kinds: hidden in graph and table alike, channels that lose every path flagged', async ({
  page,
}, info) => {
  await page.goto('/?pkg=aurora-operator&ch=fast');
  await waitForCatalog(page);
  await graphReady(page);
  const bundles = () => ids(page, 'node[kind = "bundle"]');
  expect(await bundles()).toEqual([A('1.1.0'), A('1.2.0'), A('1.3.0')]);

  await page.getByText('Filters', { exact: true }).click();
  const max = page.getByRole('slider', { name: /Maximum/ });
  await expect(max).toHaveAttribute('aria-valuetext', '1.3.0');
  await max.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(max).toHaveAttribute('aria-valuetext', '1.2.0');
  await expect.poll(bundles).toEqual([A('1.1.0'), A('1.2.0')]);
  expect(await tableRows(page)).toEqual([A('1.1.0'), A('1.2.0')]);
  await expect(page.getByTestId('filter-status')).toHaveText(
    '1 entry hidden by the version window. ⚠ Channel fast loses every path forward (its head is outside the window).',
  );
  await shot(page, 'paths-filters', info);

  // Edge kinds: no replaces edge in the graph, no Replaces column in the table.
  await page.getByRole('checkbox', { name: 'replaces' }).uncheck();
  await expect.poll(() => ids(page, 'edge.replaces')).toEqual([]);
  const headers = page.getByRole('region', { name: /^Entries of channel/ }).locator('thead th');
  await expect(headers).toHaveText([/Bundle/, /Version/, /Skips/, /Skip range/, /Head/, /Deprecated/]);

  // The filters hold on another channel and back, and in the whole-package view.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: /stable/ }).click();
  await graphReady(page);
  await expect.poll(() => ids(page, 'edge.replaces')).toEqual([]);
  await page.getByRole('tab', { name: /fast/ }).click();
  await graphReady(page);
  await expect.poll(bundles).toEqual([A('1.1.0'), A('1.2.0')]);
  await page.getByRole('button', { name: 'Whole package' }).click();
  await graphReady(page);
  await expect.poll(() => ids(page, 'edge.replaces')).toEqual([]);
  await page.getByRole('button', { name: 'Whole package' }).click();

  await page.getByText('Filters', { exact: true }).click();
  await page.getByRole('button', { name: 'Clear all filters of aurora-operator' }).click();
  await expect.poll(bundles).toEqual([A('1.1.0'), A('1.2.0'), A('1.3.0')]);
  await expect(page.getByTestId('filter-status')).toHaveCount(0);
});

test('presentation mode: panels hidden, high contrast, PgDn/PgUp step through channels, Esc leaves', async ({
  page,
}, info) => {
  await page.goto('/?pkg=aurora-operator&ch=stable');
  await waitForCatalog(page);
  await graphReady(page);
  const canvas = page.locator('.fbc-graph-canvas');
  const before = (await canvas.boundingBox())!;
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(page.locator('html')).toHaveClass(/presenting/);
  await expect(packages(page)).toBeHidden();
  await expect(problems(page)).toBeHidden();
  await expect(page.getByRole('region', { name: /^Entries of channel/ })).toBeHidden();
  const hud = page.getByTestId('presentation-hud');
  await expect(hud).toContainText('aurora-operator · channel 1 of 3: stable');
  const after = (await canvas.boundingBox())!;
  expect(after.width * after.height).toBeGreaterThan(2 * before.width * before.height);
  // Fitted to the larger screen: a small channel is drawn well above its normal size.
  const zoom = () =>
    page.evaluate(() => (window as unknown as { __fbcGraph: { zoom(): number } }).__fbcGraph.zoom());
  await expect.poll(zoom).toBeGreaterThan(2);
  // High contrast: black on white whatever the theme.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(255, 255, 255)',
  );
  expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(0, 0, 0)');
  await graphReady(page);
  await shot(page, 'paths-presentation', info);

  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(/ch=fast/);
  await expect(hud).toContainText('channel 2 of 3: fast');
  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(/ch=candidate/);
  await page.keyboard.press('PageUp');
  await expect(page).toHaveURL(/ch=fast/);
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).not.toHaveClass(/presenting/);
  await expect(packages(page)).toBeVisible();
});

test('impact of an edit: installed versions whose next hop or path to the head changes', async ({
  page,
}, info) => {
  await page.goto(`/?pkg=cirrus-operator&ch=alpha&bundle=${C('0.1.0')}`);
  await waitForCatalog(page);
  await graphReady(page);
  const impact = page.getByTestId('impact');
  await expect(impact).toHaveCount(0);
  const path = 'cirrus-operator/channels/alpha.yaml';
  const original = readFileSync(resolve(repoRoot, 'public/demo', path), 'utf8');
  const edit = (text: string) =>
    page.evaluate(({ p, t }) => window.__fbcPathsTest!.updateFile(p, t), { p: path, t: text });

  // Ask for the path first: it is asked again after the edit.
  await pathsPanel(page).getByRole('button', { name: 'Show upgrade path' }).click();
  await expect(page.getByTestId('path-difference')).toBeVisible();

  // Drop 0.3.0's skip of 0.2.0: OLM v0 users of 0.1.0 reach the head again.
  await edit(original.replace('    skips:\n      - cirrus-operator.v0.2.0\n', ''));
  await expect(impact).toContainText(
    'Compared with the catalog as loaded: 1 file changed, 1 channel with different upgrade edges.',
  );
  await expect(impact.getByRole('listitem')).toHaveText([
    `OLM v0next hopreaches the headcirrus-operator / alphaUsers on ${C('0.1.0')} can now reach the head of alpha, through ${C('0.2.0')}.`,
  ]);
  // The path answer followed the edit: v0 and v1 agree now.
  await expect(page.getByTestId('path-timeline')).toContainText('OLM v0 and v1 agree');

  // Drop 0.2.0 instead: its users lose the head.
  await edit(
    original
      .replace('  - name: cirrus-operator.v0.2.0\n    replaces: cirrus-operator.v0.1.0\n', '')
      .replace(
        '    replaces: cirrus-operator.v0.2.0\n    skips:\n      - cirrus-operator.v0.2.0\n',
        '    replaces: cirrus-operator.v0.1.0\n',
      ),
  );
  await expect(impact.getByRole('heading')).toContainText('1 lose the head');
  await expect(impact).toContainText(
    `Users on ${C('0.2.0')} can no longer reach the head of alpha: no entry upgrades from their version`,
  );
  await shot(page, 'paths-impact', info);

  // Back to the text as loaded: nothing pending, the panel goes away.
  await edit(original);
  await expect(impact).toHaveCount(0);
});
