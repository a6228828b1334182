import { expect, test } from '@playwright/test';
import { shot, waitForCatalog } from './helpers';

test('a deep link restores the view, and back/forward work', async ({ page }, info) => {
  await page.goto('/?pkg=aurora-operator&ch=fast&bundle=aurora-operator.v1.3.0');
  await waitForCatalog(page);
  await expect(page.getByRole('heading', { name: 'aurora-operator', level: 2 })).toBeVisible();
  await expect(page.getByRole('tab', { name: /fast/, selected: true })).toBeVisible();
  const details = page.getByRole('complementary', { name: 'Bundle details' });
  await expect(details).toContainText('aurora-operator.v1.3.0');
  await expect(details).toContainText('quay.io/fbc-studio-demo/aurora-operator-bundle:v1.3.0');
  await shot(page, '09-deep-link', info);

  await page.getByRole('tab', { name: /stable/ }).click();
  await expect(page).toHaveURL(/\?pkg=aurora-operator&ch=stable$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?pkg=aurora-operator&ch=fast&bundle=aurora-operator\.v1\.3\.0$/);
  await expect(page.getByRole('tab', { name: /fast/, selected: true })).toBeVisible();
  await expect(details).toContainText('aurora-operator.v1.3.0');
  await page.goForward();
  await expect(page.getByRole('tab', { name: /stable/, selected: true })).toBeVisible();

  // A link to a package the catalog does not have says so instead of failing.
  await page.goto('/?pkg=no-such-package');
  await waitForCatalog(page);
  await expect(
    page.getByRole('heading', { name: 'Package “no-such-package” is not in this catalog' }),
  ).toBeVisible();
});
