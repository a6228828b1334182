import { expect, test } from '@playwright/test';
import { editTwoVersions } from './write-all-helpers';
import { goTo, nodeMenu, openDemoFolder } from './edit-helpers';
import { shot } from './helpers';

/**
 * Review accounts for every pending edit: the impact on installed versions that the side panel
 * computes, and, in a repository, the edits "Also apply to" made in other OpenShift versions.
 */

test('Review shows the impact the side panel computed, not only the text diff', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
  await openDemoFolder(page);
  await goTo(page, '/?pkg=aurora-operator&ch=stable&bundle=aurora-operator.v1.2.0');
  await nodeMenu(page, 'aurora-operator.v1.2.0', 'Remove replaces edge');
  // The stable channel then has two heads: applied anyway, as a maintainer mid-change does.
  const dialog = page.getByRole('dialog', { name: 'Remove replaces edge' });
  await dialog.getByRole('button', { name: 'Apply anyway' }).click();
  await expect(dialog).toHaveCount(0);
  const panel = page.getByRole('region', { name: 'Impact of pending edits' });
  await expect(panel.locator('.impact-row').first()).toBeVisible();
  const rows = await panel.locator('.impact-row').allTextContents();

  await page.getByRole('button', { name: /Review changes\s*1/ }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  const pending = review.getByRole('region', { name: 'Pending in This catalog' });
  await expect(pending).toContainText(
    '1 file changed · 1 channel with different upgrade edges (aurora-operator/stable)',
  );
  // The same rows as the side panel, in the same words.
  await expect(pending.locator('.impact-row')).toHaveText(rows);
  // The text diff is still there beneath.
  await expect(review.getByRole('listbox', { name: 'Changed files' }).getByRole('option')).toHaveText([
    /aurora-operator\/catalog\.yaml/,
  ]);
  // A row opens the channel it is about, the dialog closed.
  await pending.locator('.impact-row').first().click();
  await expect(review).toHaveCount(0);
  await expect(page).toHaveURL(/pkg=aurora-operator&ch=stable/);
});

test('Review lists the edits made in other OpenShift versions with "Also apply to", per catalog', async ({
  page,
}, info) => {
  // alpha-operator 1.1.0's replaces edge removed in 4.20 and, with "Also apply to", in 4.19.
  await editTwoVersions(page);

  await page.getByRole('button', { name: /Review changes\s*1/ }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  const byCatalog = review.getByRole('region', { name: 'Pending edits by catalog' });
  await expect(byCatalog).toContainText('Edits are pending in 2 catalogs');
  // The catalog on screen first, then the other version the action was applied to.
  await expect(byCatalog.getByRole('region')).toHaveCount(2);
  const here = byCatalog.getByRole('region', { name: 'Pending in OpenShift 4.20 · v4.20/catalog' });
  const there = byCatalog.getByRole('region', { name: 'Pending in OpenShift 4.19 · v4.19/catalog' });
  await expect(here).toContainText('(its files are below)');
  await expect(here).toContainText(
    '1 file changed · 1 channel with different upgrade edges (alpha-operator/stable)',
  );
  await expect(there).toContainText(
    '1 file changed: alpha-operator/catalog.json · 1 channel with different upgrade edges (alpha-operator/stable)',
  );
  // Each with its impact: the users of 1.0.1 in both versions.
  await expect(here.locator('.impact-row').first()).toContainText('alpha-operator / stable');
  await expect(there.locator('.impact-row').first()).toContainText('alpha-operator / stable');

  await shot(page, '32-review-by-catalog', info);
  // Its own catalog reviews and writes it.
  await there.getByRole('button', { name: 'Review and write v4.19/catalog' }).click();
  await expect(page.locator('.catalog-name')).toHaveText('small-repo/v4.19/catalog');
  await expect(
    review.getByRole('region', { name: 'Pending in OpenShift 4.19 · v4.19/catalog' }),
  ).toContainText('(its files are below)');
  await expect(review.getByRole('listbox', { name: 'Changed files' }).getByRole('option')).toHaveText([
    /alpha-operator\/catalog\.json/,
  ]);
  await page.keyboard.press('Escape');

  // On a version without edits, the repository bar says where edits are pending and reviews them.
  await page.getByRole('combobox', { name: 'Catalog' }).selectOption('v4.18/catalog');
  await expect(page.locator('.catalog-name')).toHaveText('small-repo/v4.18/catalog');
  const note = page.getByRole('status').filter({ hasText: 'Edits pending in' });
  await expect(note).toHaveText('Edits pending in v4.19/catalog, v4.20/catalog Review');
  await note.getByRole('button', { name: 'Review' }).click();
  await expect(
    review.getByRole('region', { name: 'Pending edits by catalog' }).getByRole('region'),
  ).toHaveCount(2);
  await expect(review).toContainText('No changes in this catalog: every file is as it was loaded.');
});
