import { expect, test } from '@playwright/test';
import { problems, seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';
import { longChannelCatalog } from './ux-fixtures';

test('a folder opened from a demo link whose package it lacks: said once, then its packages', async ({
  page,
}) => {
  await stubDirectoryPicker(page, 'mine');
  await page.goto('/?pkg=aurora-operator&ch=fast');
  await waitForCatalog(page);
  await expect(page.getByRole('heading', { name: 'aurora-operator', level: 2 })).toBeVisible();
  await seedOpfs(page, longChannelCatalog(3, 'mine-operator'), 'mine');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('mine');
  await waitForCatalog(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'Package “aurora-operator” is not in mine' }),
  ).toHaveCount(1);
  await expect(page).not.toHaveURL(/pkg=aurora-operator/);
  await expect(page.getByText(/is not in this catalog/)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Packages' }).getByRole('option')).toHaveText([
    /mine-operator/,
  ]);
  // Counts per severity in the panel's head.
  await expect(problems(page)).toContainText('0 errors, 0 warnings');
});
