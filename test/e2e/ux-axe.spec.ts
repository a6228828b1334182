import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { smallRepository } from '../support/small-repository';
import { seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';

/**
 * Accessibility: axe-core on every main view, in both themes, with no critical and no serious
 * violation. Each view is reached the way a user reaches it.
 */

type View = { name: string; open(page: Page): Promise<void>; include?: string };

const graphReady = (page: Page) =>
  expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');

const VIEWS: View[] = [
  {
    name: 'package list',
    open: async (page) => {
      await page.goto('/');
      await waitForCatalog(page);
    },
  },
  {
    name: 'graph and entries',
    open: async (page) => {
      await page.goto('/?pkg=aurora-operator&ch=fast');
      await waitForCatalog(page);
      await graphReady(page);
    },
  },
  {
    name: 'bundle details',
    open: async (page) => {
      await page.goto('/?pkg=aurora-operator&ch=fast&bundle=aurora-operator.v1.3.0');
      await waitForCatalog(page);
      await graphReady(page);
      await expect(page.getByRole('complementary', { name: 'Bundle details' })).toContainText('v1.3.0');
    },
  },
  {
    name: 'editor',
    open: async (page) => {
      await page.goto('/?pkg=aurora-operator&ch=stable');
      await waitForCatalog(page);
      await graphReady(page);
      await page.getByRole('button', { name: /^Channel actions/ }).click();
      await page.getByRole('menuitem', { name: 'Open channel in editor' }).click();
      await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
    },
  },
  {
    name: 'review',
    open: async (page) => {
      await page.goto('/?pkg=aurora-operator&ch=fast');
      await waitForCatalog(page);
      await graphReady(page);
      await page.getByRole('button', { name: /^Channel actions/ }).click();
      await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
      await expect(page.getByRole('button', { name: /Review changes\s*1/ })).toBeVisible();
      await page.getByRole('button', { name: /Review changes/ }).click();
      await expect(page.getByRole('dialog', { name: 'Review changes' })).toBeVisible();
    },
  },
  {
    name: 'repository overview',
    open: async (page) => {
      await stubDirectoryPicker(page, 'small-repo');
      await page.goto('/');
      await waitForCatalog(page);
      await seedOpfs(page, smallRepository(), 'small-repo');
      await page.getByRole('button', { name: 'Open folder', exact: true }).click();
      await expect(page.getByRole('table', { name: 'Packages across OpenShift versions' })).toBeVisible();
    },
  },
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    for (const view of VIEWS) {
      test(`${view.name}: no critical or serious axe violation`, async ({ page }) => {
        // No first-run card in the way of the view (it is checked on its own below).
        await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
        await view.open(page);
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
        const report = bad.map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help}\n` +
            v.nodes
              .slice(0, 6)
              .map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`)
              .join('\n'),
        );
        expect(report, report.join('\n')).toEqual([]);
      });
    }
  });
}
