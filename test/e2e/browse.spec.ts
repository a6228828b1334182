import { expect, test } from '@playwright/test';
import { packageOptions, packages, problemRows, problems, shot, waitForCatalog } from './helpers';

test('filters packages and moves through them with the keyboard', async ({ page }) => {
  await page.goto('/');
  await waitForCatalog(page);
  const filter = packages(page).getByRole('searchbox', { name: 'Filter packages' });
  await filter.fill('cir');
  await expect(packageOptions(page)).toHaveCount(1);
  await expect(packageOptions(page)).toContainText('cirrus-operator');
  await expect(packages(page).getByText('1 of 4')).toBeVisible();

  await filter.fill('zzz');
  await expect(packageOptions(page)).toHaveCount(0);
  await expect(packages(page).getByText('No package matches the filter.')).toBeVisible();

  await filter.fill('');
  await expect(packageOptions(page)).toHaveCount(4);

  // Arrow down from the filter box enters the list and selects the first package.
  await filter.press('ArrowDown');
  await expect(page).toHaveURL(/pkg=aurora-operator/);
  const listbox = packages(page).getByRole('listbox', { name: 'Packages' });
  await expect(listbox).toBeFocused();
  await listbox.press('ArrowDown');
  await expect(page).toHaveURL(/pkg=borealis-operator&ch=stable-v2/);
  await expect(packages(page).getByRole('option', { selected: true })).toContainText('borealis-operator');
  await listbox.press('End');
  await expect(page).toHaveURL(/pkg=nimbus-operator/);
  await listbox.press('Home');
  await expect(page).toHaveURL(/pkg=aurora-operator/);
});

test('the channel tabs are keyboard reachable', async ({ page }) => {
  await page.goto('/?pkg=aurora-operator&ch=stable');
  await waitForCatalog(page);
  const stable = page.getByRole('tab', { name: /stable/ });
  await stable.focus();
  await stable.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /fast/ })).toBeFocused();
  await expect(page).toHaveURL(/ch=fast/);
});

test('the problems panel filters by severity and package, and clicking a problem navigates', async ({
  page,
}, info) => {
  await page.goto('/');
  await waitForCatalog(page);
  const panel = problems(page);
  const rows = problemRows(page);
  const all = await rows.count();
  expect(all).toBeGreaterThanOrEqual(2);

  await panel.getByLabel('Severity').selectOption('error');
  await expect(rows.filter({ hasText: 'FBC Studio warning' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'opm error' }).first()).toBeVisible();

  await panel.getByLabel('Severity').selectOption('all');
  await panel.getByLabel('Package').selectOption('cirrus-operator');
  for (const text of await rows.allInnerTexts()) expect(text).toContain('cirrus-operator');

  const stranded = rows.filter({ hasText: 'stranded bundles' });
  await expect(stranded).toContainText(/cirrus-operator\/channels\/alpha\.yaml:\d+:\d+/);
  await stranded.click();
  await expect(page).toHaveURL(/\?pkg=cirrus-operator&ch=alpha/);
  await expect(page.getByRole('tab', { name: /alpha/, selected: true })).toBeVisible();
  await shot(page, '04-problem-selected', info);
});
