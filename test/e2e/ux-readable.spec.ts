import { expect, test, type Page } from '@playwright/test';
import {
  corpusPath,
  hasShared,
  readTree,
  seedOpfs,
  sharedSkipReason,
  stubDirectoryPicker,
  waitForCatalog,
} from './helpers';
import { longChannelCatalog } from './ux-fixtures';
import { nodePoint } from './edit-helpers';

/**
 * The graph readable by construction, measured: at the first view of a channel of 5, 29 and 80
 * entries, the smallest label drawn (Cytoscape zoom × font size) is at least 11 CSS px, and bundle
 * names are whole. The layout gives the graph room: its drawing area is at least 45% of the
 * window's height with the Problems panel open, and the header never scrolls sideways.
 */

const PKG = 'gatekeeper-operator-product';

async function openLong(page: Page, count: number): Promise<void> {
  await stubDirectoryPicker(page, `long-${count}`);
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, longChannelCatalog(count, PKG), `long-${count}`);
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText(`long-${count}`);
  await waitForCatalog(page);
  await page.getByRole('navigation', { name: 'Packages' }).getByRole('option').first().click();
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
}

/** The smallest on-screen label size among the labels inside the canvas, and the names drawn. */
function smallestLabel(page: Page) {
  return page.evaluate(() => {
    type El = {
      style(p: string): string;
      renderedBoundingBox(): { x1: number; x2: number; y1: number; y2: number };
      data(k: string): string;
    };
    const cy = (
      window as unknown as {
        __fbcGraph: {
          zoom(): number;
          width(): number;
          height(): number;
          elements(): { filter(f: (e: El) => boolean): El[] };
        };
      }
    ).__fbcGraph;
    const inside = (e: El) => {
      const b = e.renderedBoundingBox();
      return b.x2 > 0 && b.x1 < cy.width() && b.y2 > 0 && b.y1 < cy.height();
    };
    const labelled = cy.elements().filter((e) => !!e.style('label') && inside(e));
    const sizes = labelled.map((e) => parseFloat(e.style('font-size')) * cy.zoom());
    return {
      zoom: cy.zoom(),
      px: Math.min(...sizes),
      labels: labelled.map((e) => e.style('label')),
    };
  });
}

for (const count of [5, 29, 80]) {
  test(`a ${count}-entry channel: labels at least 11 px on screen at first view, names whole`, async ({
    page,
  }) => {
    await openLong(page, count);
    const m = await smallestLabel(page);
    console.log(`${count} entries: zoom ${m.zoom.toFixed(2)}, smallest label ${m.px.toFixed(1)} px`);
    expect(m.px).toBeGreaterThanOrEqual(11);
    // The head's full name is drawn.
    expect(m.labels.join('\n')).toContain(`${PKG}.v1.${count - 1}.0`);
    expect(m.labels.join('\n')).not.toContain('…');
  });
}

for (const size of [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
]) {
  test(`at ${size.width}×${size.height}: the graph gets at least 45% of the height with Problems open; the header fits`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/?pkg=aurora-operator&ch=stable');
    await waitForCatalog(page);
    await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems).toBeVisible();
    const stage = (await page.locator('.fbc-graph-canvas').boundingBox())!;
    const ratio = stage.height / size.height;
    const header = await page
      .locator('header')
      .first()
      .evaluate((h) => ({ scroll: h.scrollWidth, client: h.clientWidth }));
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(
      `${size.width}×${size.height}: graph ${Math.round(stage.height)} px = ${(ratio * 100).toFixed(0)}% of the height; header ${header.scroll}/${header.client} px; page ${pageWidth} px wide`,
    );
    expect(ratio).toBeGreaterThanOrEqual(0.45);
    expect(header.scroll).toBeLessThanOrEqual(header.client);
    expect(pageWidth).toBeLessThanOrEqual(size.width);
  });
}

test('with a repository open, the header fits at 1024 and 1280 px (no sideways scrolling)', async ({
  page,
}) => {
  // The repository is the real openshift-kueue-fbc from ../shared/corpus: skipped, printing why, where it is absent.
  if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
  // Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
  test.skip(!hasShared, sharedSkipReason);
  const repo = 'openshift-kueue-fbc';
  await stubDirectoryPicker(page, repo);
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, readTree(corpusPath(`fbc/${repo}`)), repo);
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toContainText(repo);
  await waitForCatalog(page);
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    const header = page.locator('header.app-header');
    const m = await header.evaluate((h) => ({
      scroll: h.scrollWidth,
      client: h.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    console.log(`repository at ${width} px: header ${m.scroll}/${m.client} px, page ${m.page} px wide`);
    expect(m.scroll).toBeLessThanOrEqual(m.client);
    expect(m.page).toBeLessThanOrEqual(width);
    // Help and theme stay on screen.
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts and tour' })).toBeInViewport();
  }
});

test('selecting a bundle in the graph selects its row without scrolling the centre pane', async ({
  page,
}) => {
  await openLong(page, 29);
  const centre = page.locator('main.centre');
  expect(await centre.evaluate((m) => m.scrollTop)).toBe(0);
  // The head is drawn at first view; its row is far down the Entries table, below the fold.
  const head = `${PKG}.v1.28.0`;
  const p = await nodePoint(page, head);
  await page.mouse.click(p.x, p.y);
  await expect(page).toHaveURL(new RegExp(`bundle=${head.replace(/\./g, '\\.')}`));
  const table = page.getByRole('region', { name: /^Entries of channel/ });
  await expect(table.locator('tr[aria-selected="true"]')).toHaveCount(1);
  // The package header, the channel tabs and the graph toolbar stay where they were.
  expect(await centre.evaluate((m) => m.scrollTop)).toBe(0);
  await expect(page.getByRole('tablist', { name: /Channels of/ })).toBeInViewport();
});
