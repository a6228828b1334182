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
test('repository bar: the versions matrix is never disabled; presentation mode hides the bar', async ({
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
  const bar = page.getByRole('group', { name: `Repository ${repo}` });
  // Before a package is picked, the matrix button is never a dead end: it shows every package's
  // matrix on the overview; with a package, that package's.
  await bar.getByRole('button', { name: 'Versions matrix' }).click();
  await expect(page.getByRole('heading', { name: 'Versions matrix' })).toBeFocused();
  await page.getByRole('navigation', { name: 'Packages' }).getByRole('option').first().click();
  await bar.getByRole('button', { name: 'Versions matrix' }).click();
  await expect(page.getByRole('dialog', { name: /^Versions of / })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bar).toBeVisible();
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(page.locator('html')).toHaveClass(/presenting/);
  await expect(bar).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(bar).toBeVisible();
});
