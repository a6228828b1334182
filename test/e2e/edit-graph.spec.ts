import { unzipSync, strFromU8 } from 'fflate';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { demoFiles, waitForCatalog } from './helpers';
import { nodePoint } from './edit-helpers';

const AURORA = 'aurora-operator/catalog.yaml';

test('drawing an edge: drag from one node to another, pick the edge kind; the zip has the change', async ({
  page,
}) => {
  await page.goto('/?pkg=aurora-operator&ch=stable');
  await waitForCatalog(page);
  const graph = page.getByTestId('channel-graph');
  await expect(graph).toHaveAttribute('data-ready', 'true');
  const edges = Number(await graph.getAttribute('data-edge-count'));

  const from = await nodePoint(page, 'aurora-operator.v1.2.0');
  const to = await nodePoint(page, 'aurora-operator.v1.0.0');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, from.y + 30, { steps: 5 });
  await expect(page.locator('.draw-edge-overlay')).toBeVisible();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  const menu = page.getByRole('menu', {
    name: /New edge: aurora-operator\.v1\.2\.0 → aurora-operator\.v1\.0\.0/,
  });
  await menu.getByRole('menuitem', { name: 'aurora-operator.v1.2.0 skips aurora-operator.v1.0.0' }).click();
  await expect(graph).toHaveAttribute('data-edge-count', String(edges + 1));
  await expect(page.getByRole('button', { name: 'Undo Add skips edge' })).toBeEnabled();

  // The demo cannot be written to a folder: download the changed files as a zip instead.
  await page.getByRole('button', { name: 'Download .zip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download .zip' });
  await dialog.getByLabel(/I understand/).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Only the changed files').check();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('demo-catalog-changes.zip');
  const zip = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  expect(Object.keys(zip)).toEqual([AURORA]);
  const expected = demoFiles()[AURORA]!.replace(
    "    replaces: aurora-operator.v1.1.0\n    skipRange: '>=1.0.0 <1.2.0'\n",
    // In the order the file's other entries use: replaces, skips, skipRange.
    "    replaces: aurora-operator.v1.1.0\n    skips:\n      - aurora-operator.v1.0.0\n    skipRange: '>=1.0.0 <1.2.0'\n",
  );
  expect(strFromU8(zip[AURORA]!)).toBe(expected);
});
