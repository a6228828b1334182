import { expect, test, type Page } from '@playwright/test';
import { seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';
import { longChannelCatalog } from './ux-fixtures';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
];

const graphPane = (page: Page) => page.getByRole('region', { name: /^Upgrade graph of channel/ });
const canvas = (page: Page) => page.locator('.fbc-graph-canvas');

/** The rendered boxes of the bundles on the canvas (page pixels). */
async function nodeBoxes(page: Page) {
  return page.evaluate(() => {
    type Box = { x1: number; x2: number; y1: number; y2: number };
    const cy = (
      window as unknown as {
        __fbcGraph: {
          nodes(sel: string): { map<T>(f: (n: { renderedBoundingBox(): Box }) => T): T[] };
          container(): HTMLElement;
        };
      }
    ).__fbcGraph;
    const r = cy.container().getBoundingClientRect();
    return cy
      .nodes('[kind = "bundle"]')
      .map((n) => n.renderedBoundingBox())
      .map((b) => ({ x1: b.x1 + r.left, x2: b.x2 + r.left, y1: b.y1 + r.top, y2: b.y2 + r.top }));
  });
}

/** How many nodes (bundles and +N runs) are at least partly inside the canvas. */
async function onScreen(page: Page): Promise<number> {
  const stage = (await canvas(page).boundingBox())!;
  const boxes = await page.evaluate(() => {
    type Box = { x1: number; x2: number; y1: number; y2: number };
    const cy = (
      window as unknown as {
        __fbcGraph: { nodes(): { map<T>(f: (n: { renderedBoundingBox(): Box }) => T): T[] } };
      }
    ).__fbcGraph;
    return cy.nodes().map((n) => n.renderedBoundingBox());
  });
  return boxes.filter((b) => b.x2 > 0 && b.x1 < stage.width && b.y2 > 0 && b.y1 < stage.height).length;
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the graph takes at least half the window, the legend is under it, not over nodes', async ({
      page,
    }) => {
      await page.goto('/?pkg=aurora-operator&ch=stable');
      await waitForCatalog(page);
      await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
      const pane = (await graphPane(page).boundingBox())!;
      expect(pane.height).toBeGreaterThanOrEqual(size.height / 2);
      // All of it on screen, above the Problems panel.
      const problemsTop = (await page.getByRole('region', { name: 'Problems' }).boundingBox())!.y;
      expect(pane.y + pane.height).toBeLessThanOrEqual(problemsTop + 1);

      const legend = (await page.getByRole('complementary', { name: 'Graph legend' }).boundingBox())!;
      const stage = (await canvas(page).boundingBox())!;
      expect(legend.y).toBeGreaterThanOrEqual(stage.y + stage.height - 1);
      for (const b of await nodeBoxes(page)) expect(b.y2).toBeLessThanOrEqual(legend.y);

      // Collapsible, and remembered across a reload.
      const legendButton = page.getByRole('button', { name: 'Legend' });
      await legendButton.click();
      await expect(legendButton).toHaveAttribute('aria-expanded', 'false');
      await page.reload();
      await waitForCatalog(page);
      await expect(page.getByRole('button', { name: 'Legend' })).toHaveAttribute('aria-expanded', 'false');
    });

    test('a 60-entry channel says how many are shown, and Fit keeps every node readable', async ({
      page,
    }) => {
      await stubDirectoryPicker(page, 'long');
      await page.goto('/');
      await waitForCatalog(page);
      await seedOpfs(page, longChannelCatalog(60), 'long');
      await page.getByRole('button', { name: 'Open folder', exact: true }).click();
      await expect(page.locator('.catalog-name')).toHaveText('long');
      await waitForCatalog(page);
      await page.getByRole('navigation', { name: 'Packages' }).getByRole('option').first().click();
      const graph = page.getByTestId('channel-graph');
      await expect(graph).toHaveAttribute('data-ready', 'true');
      const count = page.locator('.fbc-graph-count');
      await expect(count).toContainText('60 bundles');
      await expect(count).toContainText(/ · \d+ of 60 shown/);

      await page.getByRole('button', { name: 'Fit graph to view' }).click();
      await expect(count).toContainText(/ · \d+ of 60 shown/);
      const stage = (await canvas(page).boundingBox())!;
      const visible = (await nodeBoxes(page)).filter((b) => b.x2 > stage.x && b.x1 < stage.x + stage.width);
      expect(visible.length).toBeGreaterThan(1);
      for (const b of visible) expect(b.y2 - b.y1).toBeGreaterThanOrEqual(12);
      await expect(count).toContainText(` · ${visible.length} of 60 shown`);

      // Collapsing the runs into +N nodes, and expanding them again, never leaves an empty canvas.
      const collapse = page.getByRole('button', { name: 'Collapse runs' });
      const pressed = await collapse.getAttribute('aria-pressed');
      for (const on of pressed === 'true' ? ['false', 'true'] : ['true', 'false']) {
        await collapse.click();
        await expect(collapse).toHaveAttribute('aria-pressed', on);
        await expect.poll(() => onScreen(page)).toBeGreaterThan(0);
      }
    });
  });
}
