import { expect, test } from '@playwright/test';
import {
  packageOptions,
  packages,
  problems,
  seedOpfs,
  shot,
  stubDirectoryPicker,
  waitForCatalog,
} from './helpers';
import { longChannelCatalog } from './ux-fixtures';

test.describe('first start', () => {
  test("opens on the demo's most telling graph; the overview keeps the Open folder call to action", async ({
    page,
  }, info) => {
    await page.goto('/');
    await waitForCatalog(page);
    // aurora-operator's fast channel: replaces, skips and a skipRange on four bundles.
    await expect(page).toHaveURL(/\?pkg=aurora-operator&ch=fast$/);
    await expect(page.getByRole('tab', { name: /fast/, selected: true })).toBeVisible();
    await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
    const head = page.getByRole('row', { name: /^aurora-operator\.v1\.3\.0/ });
    await expect(head).toContainText('aurora-operator.v1.2.0');
    await expect(head).toContainText('>=1.1.0 <1.3.0');
    await expect(page.getByRole('columnheader', { name: 'Skips' })).toBeVisible();
    await shot(page, '01-demo-first-graph', info);
    // Back is the catalog overview (the link did not name a package).
    await page.getByRole('link', { name: 'FBC Studio' }).click();
    await expect(page.getByRole('button', { name: 'Open folder', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Demo catalog' })).toBeVisible();
    await expect(packageOptions(page)).toHaveText([
      /aurora-operator/,
      /borealis-operator/,
      /cirrus-operator/,
      /nimbus-operator/,
    ]);
    // The demo's deliberate problem: 0.3.0 replaces and skips 0.2.0 in cirrus "alpha", stranding 0.1.0.
    await expect(problems(page).getByText('opm validate: failed')).toBeVisible();
    const stranded = problems(page).getByRole('option', {
      name: /channel contains one or more stranded bundles: cirrus-operator\.v0\.1\.0/,
    });
    await expect(stranded).toBeVisible();
    await expect(stranded.getByText('opm error')).toBeVisible();
    await expect(problems(page).getByText('FBC Studio warning').first()).toBeVisible();
    await shot(page, '01-demo-overview', info);

    await packages(page)
      .getByRole('option', { name: /aurora-operator/ })
      .click();
    await expect(page).toHaveURL(/\?pkg=aurora-operator&ch=stable$/);
    await expect(page.getByRole('heading', { name: 'aurora-operator' })).toBeVisible();
    await shot(page, '02-demo-package', info);
  });

  test('a one-package catalog opens on its package', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
    await stubDirectoryPicker(page, 'solo');
    await page.goto('/');
    await waitForCatalog(page);
    await seedOpfs(page, longChannelCatalog(5, 'solo-operator'), 'solo');
    await page.getByRole('button', { name: 'Open folder', exact: true }).click();
    await expect(page.locator('.catalog-name')).toHaveText('solo');
    await expect(page).toHaveURL(/\?pkg=solo-operator&ch=stable$/);
    await expect(page.getByRole('heading', { name: 'solo-operator' })).toBeVisible();
    await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
  });

  test('package view: channels with the default marked, description, icon as an image, deprecations', async ({
    page,
  }) => {
    await page.goto('/?pkg=aurora-operator');
    await waitForCatalog(page);
    const tabs = page.getByRole('tablist', { name: 'Channels of aurora-operator' }).getByRole('tab');
    await expect(tabs).toHaveCount(3);
    await expect(tabs.filter({ hasText: 'default' })).toHaveCount(1);
    await expect(tabs.filter({ hasText: 'default' })).toContainText('stable');
    await expect(page.getByRole('tab', { name: /stable/, selected: true })).toBeVisible();
    // The URL names the channel shown even when the link did not.
    await expect(page).toHaveURL(/\?pkg=aurora-operator&ch=stable$/);

    const icon = page.getByRole('img', { name: 'Icon of aurora-operator' });
    await expect(icon).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    // Never inline markup: no <svg> element from the catalog in the page.
    await expect(page.locator('.package-head svg')).toHaveCount(0);
    await expect(page.getByText('Aurora keeps a fleet of light-show controllers in sync.')).toBeVisible();

    await page.getByText('Deprecations (2)').click();
    await expect(
      page.getByText('The candidate channel is no longer updated. Use fast for previews.'),
    ).toBeVisible();

    await packages(page)
      .getByRole('option', { name: /nimbus-operator/ })
      .click();
    await expect(
      page.getByText('nimbus-operator is retired. Install cirrus-operator instead.'),
    ).toBeVisible();
  });

  test('scales up: the package view at 1920×1080', async ({ page }, info) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/?pkg=aurora-operator&ch=fast&bundle=aurora-operator.v1.2.0');
    await waitForCatalog(page);
    const graph = page.getByTestId('channel-graph');
    await expect(graph).toHaveAttribute('data-ready', 'true');
    // The extra room goes to the graph and the table, not to empty margins.
    expect((await graph.boundingBox())!.height).toBeGreaterThan(450);
    expect((await graph.boundingBox())!.width).toBeGreaterThan(1100);
    await shot(page, '12-package-1920x1080', info);
  });

  test('light and dark themes', async ({ page }, info) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/?pkg=cirrus-operator&ch=alpha');
    await waitForCatalog(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await shot(page, '03-dark-theme', info);
    // The choice survives a reload.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});
