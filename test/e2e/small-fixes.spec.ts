import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { problems, waitForCatalog, openSeededFolder } from './helpers';

/**
 * Small things a user notices: the Files tree nests every folder under its own parent; a
 * repository catalog's zip holds that catalog; a package's summary reads as Markdown; the tour
 * describes what is on screen and its offer covers nothing; channel tabs stay whole beside
 * "Channel actions"; labels stay readable when the editor opens.
 */

const catalog = (pkg: string, channels: string[] = ['stable']) =>
  [
    { schema: 'olm.package', name: pkg, defaultChannel: channels[0] },
    ...channels.map((c) => ({
      schema: 'olm.channel',
      package: pkg,
      name: c,
      entries: [{ name: `${pkg}.v1.0.0` }],
    })),
    {
      schema: 'olm.bundle',
      package: pkg,
      name: `${pkg}.v1.0.0`,
      image: `quay.io/example/${pkg}:v1.0.0`,
      properties: [{ type: 'olm.package', value: { packageName: pkg, version: '1.0.0' } }],
    },
  ]
    .map((b) => JSON.stringify(b))
    .join('\n') + '\n';

const openSeeded = openSeededFolder;

test("the demo's Files tree: cirrus-operator's bundles/ and channels/ under cirrus-operator/", async ({
  page,
}) => {
  await page.goto('/');
  await waitForCatalog(page);
  await page.getByRole('region', { name: 'Files' }).getByRole('button', { name: /Files/ }).click();
  const rows = page.getByRole('list', { name: 'Catalog files' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const listed = await rows.evaluateAll((items) =>
    items.map((li) => {
      const el = (li.querySelector('button') ?? li) as HTMLElement;
      const name = li.querySelector('.file-name') ?? li;
      return { text: name.textContent?.trim() ?? '', indent: parseFloat(el.style.paddingLeft) || 0 };
    }),
  );
  const at = (t: string) => listed.findIndex((r) => r.text === t);
  const cirrus = at('cirrus-operator/');
  expect(cirrus).toBeGreaterThan(at('borealis-operator/'));
  for (const sub of ['bundles/', 'channels/']) {
    const i = listed.findIndex((r, n) => n > cirrus && r.text === sub);
    expect(i).toBeGreaterThan(cirrus);
    expect(listed[i]!.indent).toBeGreaterThan(listed[cirrus]!.indent);
  }
  // Up to the next top-level folder, everything is cirrus-operator's (nothing of borealis-operator's).
  const next = listed.findIndex((r, n) => n > cirrus && r.indent <= listed[cirrus]!.indent);
  expect(listed.slice(cirrus + 1, next).map((r) => r.text)).toEqual([
    'package.yaml',
    'bundles/',
    'cirrus-operator.v0.1.0.yaml',
    'cirrus-operator.v0.2.0.yaml',
    'cirrus-operator.v0.3.0.yaml',
    'channels/',
    'alpha.yaml',
    'stable.yaml',
  ]);
});

test("a repository catalog's whole-catalog zip holds that catalog only, named for it", async ({ page }) => {
  await openSeeded(
    page,
    'ocp-repo',
    {
      'README.md': '# catalogs\n',
      'v4.18/catalog/etcd/catalog.json': catalog('etcd'),
      'v4.19/catalog/etcd/catalog.json': catalog('etcd', ['stable', 'fast']),
    },
    'ocp-repo/v4.19/catalog',
  );
  await page.getByRole('button', { name: 'Download as .zip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download .zip' });
  await dialog.getByLabel(/The whole catalog/).check();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const d = await download;
  expect(d.suggestedFilename()).toBe('ocp-repo-v4.19-catalog.zip');
  const zip = unzipSync(new Uint8Array(readFileSync((await d.path())!)));
  expect(Object.keys(zip)).toEqual(['catalog/etcd/catalog.json']);
  expect(Buffer.from(zip['catalog/etcd/catalog.json']!).toString('utf8')).toContain('"name":"fast"');
});

test("a package's summary is Markdown, folded to its first line and whole when expanded", async ({
  page,
}) => {
  await page.goto('/?pkg=aurora-operator&ch=stable');
  await waitForCatalog(page);
  const summary = page.locator('#package-description');
  await expect(summary.locator('strong').first()).toHaveText('replaces');
  await expect(summary).not.toContainText('**');
  const box = await summary.boundingBox();
  expect(box!.height).toBeLessThan(30); // one line while folded
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(summary.locator('p')).toHaveCount(2);
  await expect(summary.locator('strong')).toHaveText(['replaces', 'skips', 'skipRange']);
});

test('the tour describes what is on screen; its offer covers neither the Problems list nor the graph', async ({
  page,
}) => {
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/?pkg=aurora-operator&ch=stable');
    await waitForCatalog(page);
    const offer = page.getByRole('region', { name: 'Welcome' });
    await expect(offer).toBeVisible();
    const o = (await offer.boundingBox())!;
    for (const other of [problems(page), page.locator('.graph-pane')]) {
      const b = (await other.boundingBox())!;
      const overlaps =
        o.x < b.x + b.width && b.x < o.x + o.width && o.y < b.y + b.height && b.y < o.y + o.height;
      expect(overlaps).toBe(false);
    }
  }
  // A graph on screen: the tour's second step points at it.
  await page
    .getByRole('region', { name: 'Welcome' })
    .getByRole('button', { name: 'Take the 4-step tour' })
    .click();
  let dialog = page.getByRole('dialog', { name: /^Tour, step 1 of 4/ });
  await dialog.getByRole('button', { name: 'Next' }).click();
  dialog = page.getByRole('dialog', { name: /^Tour, step 2 of 4: The upgrade graph/ });
  await expect(dialog).toContainText('Each channel’s bundles from oldest (left)');
  await expect(page.locator('.graph-pane.tour-target')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Skip the tour' }).click();

  // No package picked (two packages, none open): the step says how to get a graph, and points there.
  await openSeeded(page, 'two', {
    'a/catalog.json': catalog('alpha-operator'),
    'b/catalog.json': catalog('beta-operator'),
  });
  await expect(page.locator('.graph-pane')).toHaveCount(0);
  await page.getByRole('button', { name: 'Keyboard shortcuts and tour' }).click();
  await page
    .getByRole('dialog', { name: 'Keyboard shortcuts' })
    .getByRole('button', { name: 'Take the tour again' })
    .click();
  await page
    .getByRole('dialog', { name: /^Tour, step 1 of 4/ })
    .getByRole('button', { name: 'Next' })
    .click();
  dialog = page.getByRole('dialog', { name: /^Tour, step 2 of 4/ });
  await expect(dialog).toContainText('Pick a package on the left');
  await expect(dialog).not.toContainText('Each channel’s bundles');
  await expect(page.locator('.centre.tour-target')).toHaveCount(1);
});

test.describe('at 1024 × 768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('eight channel tabs stay whole, none under "Channel actions"', async ({ page }) => {
    const channels = [
      'stable',
      'fast',
      'candidate-v4.17',
      'stable-v4.18-long-name',
      'fast-v4.18-long-name',
      'tech-preview-v1',
      'alpha',
      'beta',
    ];
    await openSeeded(page, 'many', { 'many-operator/catalog.json': catalog('many-operator', channels) });
    await page.getByRole('navigation', { name: 'Packages' }).getByRole('option').first().click();
    const tabs = page.getByRole('tablist', { name: 'Channels of many-operator' }).getByRole('tab');
    await expect(tabs).toHaveCount(8);
    const check = async () => {
      const button = (await page.getByRole('button', { name: /^Channel actions/ }).boundingBox())!;
      const list = (await page.getByRole('tablist', { name: 'Channels of many-operator' }).boundingBox())!;
      for (const box of await tabs.evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
      )) {
        expect(box.right).toBeLessThanOrEqual(button.x);
        expect(box.right).toBeLessThanOrEqual(list.x + list.width + 0.5);
        expect(box.width).toBeGreaterThan(20);
      }
    };
    await check();
    // The editor beside the graph narrows the pane: still whole.
    await page.getByRole('button', { name: 'Editor', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
    await check();
  });

  test('labels stay at 11 px or more on screen when the editor opens', async ({ page }) => {
    await page.goto('/?pkg=aurora-operator&ch=stable');
    await waitForCatalog(page);
    const graph = page.getByTestId('channel-graph');
    await expect(graph).toHaveAttribute('data-ready', 'true');
    const smallest = () =>
      page.evaluate(() => {
        const cy = (window as unknown as { __fbcGraph: import('cytoscape').Core }).__fbcGraph;
        return Math.min(...cy.nodes().map((n) => parseFloat(String(n.style('font-size'))) * cy.zoom()));
      });
    expect(await smallest()).toBeGreaterThanOrEqual(11);
    await page.getByRole('button', { name: 'Editor', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
    // The canvas narrowed: wait for the resize to be handled, then measure again.
    await expect.poll(async () => (await graph.boundingBox())!.width).toBeLessThan(700);
    await page.waitForTimeout(300);
    expect(await smallest()).toBeGreaterThanOrEqual(11);
  });
});
