import { expect, test, type Page } from '@playwright/test';
import { shot, waitForCatalog } from './helpers';

interface CyNode {
  id(): string;
  renderedPosition(): { x: number; y: number };
}
interface CyNodes {
  nodes(selector: string): { length: number; map<T>(f: (n: CyNode) => T): T[] };
  getElementById(id: string): CyNode;
}

const selectedNodes = (page: Page) =>
  page.evaluate(() => {
    const cy = (window as unknown as { __fbcGraph?: CyNodes }).__fbcGraph;
    return cy ? cy.nodes('.sel').map((n) => n.id()) : [];
  });

/** Bundle nodes drawn by Cytoscape (ghost nodes for missing replaces targets are not entries). */
async function graphBundles(page: Page): Promise<string[]> {
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
  return page.evaluate(() => {
    const cy = (window as unknown as { __fbcGraph?: CyNodes }).__fbcGraph;
    return cy
      ? cy
          .nodes('[kind = "bundle"]')
          .map((n) => n.id())
          .sort()
      : [];
  });
}

async function tableBundles(page: Page): Promise<string[]> {
  const rows = page.getByRole('region', { name: /^Entries of channel/ }).locator('tbody tr');
  return (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-id') ?? ''))).sort();
}

for (const [pkg, ch, entries] of [
  ['aurora-operator', 'fast', 3],
  ['borealis-operator', 'stable-v2', 3],
  ['cirrus-operator', 'alpha', 3],
  ['nimbus-operator', 'legacy', 2],
] as const) {
  test(`the graph of ${pkg}/${ch} shows one node per entry and the table matches`, async ({ page }, info) => {
    await page.goto(`/?pkg=${pkg}&ch=${ch}`);
    await waitForCatalog(page);
    await expect(page.getByRole('tab', { name: new RegExp(ch), selected: true })).toContainText(
      String(entries),
    );
    const nodes = await graphBundles(page);
    expect(nodes).toHaveLength(entries);
    expect(await tableBundles(page)).toEqual(nodes);
    if (pkg === 'cirrus-operator') await shot(page, '10-graph-stranded', info);
  });
}

test('selecting a node, a table row or a problem selects the same bundle everywhere', async ({ page }) => {
  await page.goto('/?pkg=cirrus-operator&ch=alpha');
  await waitForCatalog(page);
  await graphBundles(page);
  const details = page.getByRole('complementary', { name: 'Bundle details' });

  await page
    .getByRole('region', { name: /^Entries of channel/ })
    .locator('tbody tr[data-id="cirrus-operator.v0.2.0"]')
    .click();
  await expect(page).toHaveURL(/bundle=cirrus-operator\.v0\.2\.0/);
  await expect(details).toContainText('cirrus-operator.v0.2.0');
  await expect.poll(() => selectedNodes(page)).toEqual(['cirrus-operator.v0.2.0']);
  await expect(
    page.getByRole('region', { name: /^Entries of channel/ }).locator('tbody tr[aria-selected="true"]'),
  ).toHaveAttribute('data-id', 'cirrus-operator.v0.2.0');

  // Clicking a node on the canvas.
  const canvas = page.locator('.fbc-graph-canvas');
  const position = () =>
    page.evaluate(() => {
      const cy = (window as unknown as { __fbcGraph?: CyNodes }).__fbcGraph!;
      return cy.getElementById('cirrus-operator.v0.3.0').renderedPosition();
    });
  // Selecting pans the view to the selection; fit it all, then wait until the node stops moving.
  await page.getByRole('button', { name: 'Fit graph to view' }).click();
  let at = await position();
  await expect
    .poll(async () => {
      const prev = at;
      at = await position();
      return Math.abs(prev.x - at.x) + Math.abs(prev.y - at.y);
    })
    .toBeLessThan(0.5);
  // The canvas's place on the page after the fit (the layout may move it while the view settles).
  const settled = (await canvas.boundingBox())!;
  await page.mouse.click(settled.x + at.x, settled.y + at.y);
  await expect(page).toHaveURL(/bundle=cirrus-operator\.v0\.3\.0/);
  await expect(details).toContainText('cirrus-operator.v0.3.0');

  // The stranded-bundle problem selects the node it names.
  await page
    .getByRole('region', { name: 'Problems' })
    .getByRole('option', { name: /stranded bundles: cirrus-operator\.v0\.1\.0/ })
    .click();
  await expect(page).toHaveURL(/\?pkg=cirrus-operator&ch=alpha&bundle=cirrus-operator\.v0\.1\.0$/);
  await expect(details).toContainText('cirrus-operator.v0.1.0');
});
