import { expect, test } from '@playwright/test';
import {
  corpusPath,
  hasShared,
  readTree,
  seedOpfs,
  sharedSkipReason,
  stubDirectoryPicker,
  waitForCatalog,
} from './helpers';

/** Presenting a repository's catalog: the audience sees the graph, not the catalog picker. */
test('repository bar: the disabled versions matrix says why; presentation mode hides the bar', async ({
  page,
}) => {
  // The repository is the real openshift-kueue-fbc from ../shared/corpus: skipped, printing why, where it is absent.
  if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
  test.skip(!hasShared, sharedSkipReason);
  const repo = 'openshift-kueue-fbc';
  await stubDirectoryPicker(page, repo);
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, readTree(corpusPath(`fbc/${repo}`)), repo);
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toContainText(repo);
  await waitForCatalog(page);
  const bar = page.getByRole('group', { name: `Repository ${repo}` });
  // Before a package is picked, the disabled matrix button says why.
  await expect(bar.getByRole('button', { name: 'Versions matrix' })).toBeDisabled();
  await expect(bar.getByRole('button', { name: 'Versions matrix' })).toHaveAccessibleDescription(
    '(pick a package to compare it across versions)',
  );
  await page.getByRole('navigation', { name: 'Packages' }).getByRole('option').first().click();
  await expect(bar.getByRole('button', { name: 'Versions matrix' })).toBeEnabled();
  await expect(bar).toBeVisible();
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(page.locator('html')).toHaveClass(/presenting/);
  await expect(bar).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(bar).toBeVisible();
});
