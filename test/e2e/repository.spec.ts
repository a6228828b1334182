import { expect, test } from '@playwright/test';
import {
  corpusPath,
  hasShared,
  packageOptions,
  problems,
  readTree,
  seedOpfs,
  sharedSkipReason,
  shot,
  stubDirectoryPicker,
  waitForCatalog,
} from './helpers';

const VERSIONS = ['4.18', '4.19', '4.20', '4.21', '4.22', '4.23', '5.0'];

/**
 * A real repository (one catalog per OpenShift version, templates, a LICENSE and a CatalogSource
 * beside them) opens as a repository: each version's catalog on its own, no false errors.
 */
test('open a catalog repository: every OpenShift version, no false errors, switch, versions matrix', async ({
  page,
}, info) => {
  if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
  test.skip(!hasShared, sharedSkipReason);
  await stubDirectoryPicker(page, 'openshift-kueue-fbc');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, readTree(corpusPath('fbc/openshift-kueue-fbc')), 'openshift-kueue-fbc');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();

  // The newest version is shown first; opm's verdict is its own (the tree as one catalog fails).
  await expect(page.locator('.catalog-name')).toHaveText('openshift-kueue-fbc/v5.0/catalog');
  await waitForCatalog(page);
  await expect(problems(page).getByText('opm validate: passed')).toBeVisible();
  await expect(problems(page)).not.toContainText('duplicate package');
  const catalog = page.getByRole('combobox', { name: 'Catalog' });
  await expect(catalog.getByRole('option')).toHaveText(
    [...VERSIONS].map((v) => new RegExp(`^OpenShift ${v} · v${v}/catalog · valid$`)),
  );
  await expect(page.getByTestId('repository-counts')).toHaveText('7 catalogs · 0 failing · 7 templates');
  // What only the repository shows: drift of catalogs against their templates, files in no catalog.
  await page.getByText(/across versions · \d+ other files/).click();
  await expect(page.getByText(/LICENSE/)).toBeVisible();
  await expect(
    page.getByText(/v5\.0\/catalog is not what v5\.0\/catalog-template\.yaml renders to/),
  ).toBeVisible();
  await page
    .getByText('v5.0/catalog differs from the render: changed olm.channel kueue-operator stable-v1.4')
    .click();
  await expect(page.locator('.template-diff').first()).toContainText('replaces');
  await page.getByText(/across versions · \d+ other files/).click();

  // Switch to another version: its catalog is what every view shows, and the URL says so.
  await catalog.selectOption('v4.18/catalog');
  await expect(page.locator('.catalog-name')).toHaveText('openshift-kueue-fbc/v4.18/catalog');
  await expect(page).toHaveURL(/cat=v4\.18%2Fcatalog/);
  await packageOptions(page).first().click();
  await expect(page).toHaveURL(/cat=v4\.18%2Fcatalog.*pkg=kueue-operator/);
  await expect(page.getByRole('tablist', { name: /Channels of kueue-operator/ })).toBeVisible();

  // The versions matrix: one column per OpenShift version, a row per bundle.
  await page.getByRole('button', { name: 'Versions matrix' }).click();
  const dialog = page.getByRole('dialog', { name: 'Versions of kueue-operator' });
  const table = dialog.getByRole('table', { name: 'kueue-operator across OpenShift versions' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Bundle',
    ...VERSIONS.map((v) => new RegExp(`^OpenShift ${v}default: `)),
  ]);
  expect(await table.getByRole('row').count()).toBeGreaterThan(2);
  await expect(table.getByRole('cell', { name: /\(head\)/ }).first()).toBeVisible();
  await shot(page, '30-repository-versions-matrix', info);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // An edit of a generated catalog says where the change belongs; each catalog keeps its own edits.
  await page.getByRole('tab', { name: /stable-v1\.3/ }).click();
  await page.getByRole('button', { name: 'Channel actions ▾' }).click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  await expect(
    page.getByText(/v4\.18\/catalog is generated from v4\.18\/catalog-template\.yaml/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Review changes\s*1/ })).toBeVisible();
  await catalog.selectOption('v4.19/catalog');
  await expect(page.locator('.catalog-name')).toHaveText('openshift-kueue-fbc/v4.19/catalog');
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
  await catalog.selectOption('v4.18/catalog');
  await expect(page.getByRole('button', { name: /Review changes\s*1/ })).toBeVisible();
});
