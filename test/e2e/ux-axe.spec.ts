import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { smallRepository } from '../support/small-repository';
import { demoFiles, seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';

/**
 * Accessibility: axe-core on every main view, in both themes, with no critical and no serious
 * violation. Each view is reached the way a user reaches it.
 */

type View = { name: string; open(page: Page): Promise<void>; include?: string };

/** Opens OPFS folder `name`, seeded with `files`, through the folder picker (stubbed to it). */
async function openSeeded(page: Page, name: string, files: Record<string, string>): Promise<void> {
  await stubDirectoryPicker(page, name);
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, files, name);
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText(name);
}

const CROSSPLANE: Record<string, string> = {
  'crossplane.yaml':
    'apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: platform-db\nspec:\n  dependsOn:\n    - provider: xpkg.upbound.io/upbound/provider-aws-rds\n      version: ">=v1.0.0"\n    - function: xpkg.upbound.io/crossplane-contrib/function-patch-and-transform\n      version: v0.8.2\n',
  'apis/definition.yaml':
    'apiVersion: apiextensions.crossplane.io/v1\nkind: CompositeResourceDefinition\nmetadata:\n  name: xdatabases.platform.example.org\nspec:\n  group: platform.example.org\n  names: {kind: XDatabase, plural: xdatabases}\n  versions:\n    - name: v1alpha1\n      served: true\n      referenceable: true\n      schema: {openAPIV3Schema: {type: object}}\n',
  'apis/composition.yaml':
    'apiVersion: apiextensions.crossplane.io/v1\nkind: Composition\nmetadata:\n  name: xdatabases-aws\nspec:\n  compositeTypeRef: {apiVersion: platform.example.org/v1alpha1, kind: XDatabase}\n  resources:\n    - name: instance\n      base: {apiVersion: rds.aws.upbound.io/v1beta1, kind: Instance}\n',
};

const FLEET: Record<string, string> = {
  'fleet.yaml':
    'defaultNamespace: web\ntargetCustomizations:\n  - name: prod\n    clusterSelector:\n      matchLabels: {env: prod}\n  - name: rest\n    clusterSelector: {}\n  - name: never\n    clusterSelector: {matchLabels: {env: dev}}\n',
  'deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n',
  '.fleetignore': 'fleet-clusters.yaml\n',
  'fleet-clusters.yaml':
    'clusters:\n  - name: prod-east\n    labels: {env: prod}\n  - name: dev-1\n    labels: {env: dev}\n',
};

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
    name: 'mirror plan',
    open: async (page) => {
      await page.goto('/?pkg=aurora-operator&ch=stable');
      await waitForCatalog(page);
      await graphReady(page);
      // The header's menu: folded under "More" on narrow windows.
      const more = page.getByRole('button', { name: 'More', exact: true });
      if (await more.isVisible()) await more.click();
      await page.getByRole('button', { name: 'Mirror plan…' }).click();
      const panel = page.getByRole('complementary', { name: 'Mirror plan' });
      await expect(panel.getByRole('region', { name: 'Kept by the mirror' })).toBeVisible();
    },
  },
  {
    name: 'compare',
    open: async (page) => {
      // A copy of the demo against the demo without one package: the result, its overlay, the export form.
      const older = Object.fromEntries(
        Object.entries(demoFiles()).filter(([p]) => !p.startsWith('nimbus-operator/')),
      );
      await openSeeded(page, 'demo-copy', demoFiles());
      await waitForCatalog(page);
      await seedOpfs(page, older, 'older');
      await page.evaluate(() => {
        (
          window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
        ).showDirectoryPicker = async () =>
          (await navigator.storage.getDirectory()).getDirectoryHandle('older');
      });
      await page.getByRole('button', { name: 'Compare…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Compare' });
      await dialog.getByRole('button', { name: 'Folder…' }).click();
      const pkg = dialog.getByRole('region', { name: 'Package nimbus-operator' });
      await pkg.getByRole('button', { name: 'Export image…' }).click();
      await expect(pkg.getByRole('button', { name: 'Download PNG' })).toBeVisible();
    },
  },
  {
    name: 'Crossplane package',
    open: async (page) => {
      await openSeeded(page, 'platform-db', CROSSPLANE);
      await expect(page.getByTestId('crossplane-canvas').locator('canvas').first()).toBeVisible();
      await expect(page.getByTestId('crossplane-graph').getByRole('row')).not.toHaveCount(0);
    },
  },
  {
    name: 'Fleet bundle',
    open: async (page) => {
      await openSeeded(page, 'web', FLEET);
      await expect(page.getByTestId('fleet-matrix').getByRole('row')).not.toHaveCount(0);
      await expect(
        page.getByRole('region', { name: 'Fleet bundle' }).getByRole('list', { name: 'Findings' }),
      ).toBeVisible();
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
