import { expect, test } from '@playwright/test';
import { problemRows, problems, waitForCatalog } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.goto('/?pkg=aurora-operator&ch=stable');
  await waitForCatalog(page);
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
});

test('focus returns to the opener after the palette, a menu, a dialog and presentation mode', async ({
  page,
}) => {
  const actions = page.getByRole('button', { name: 'Actions', exact: true });
  await actions.click();
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(actions).toBeFocused();

  const channelActions = page.getByRole('button', { name: /^Channel actions/ });
  await channelActions.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(channelActions).toBeFocused();

  // A dialog opened from a menu item returns to what opened the menu (the item is gone).
  await channelActions.click();
  await page.getByRole('menuitem', { name: /…$/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(channelActions).toBeFocused();

  const present = page.getByRole('button', { name: 'Present' });
  await present.click();
  await expect(page.getByTestId('presentation-hud')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('presentation-hud')).toHaveCount(0);
  await expect(present).toBeFocused();
});

test('Escape leaves the editor for where the user came from; what Tab does is said and switchable', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Editor' })).toBeVisible();
  // From the Problems list, with the keyboard: a problem with a location, opened in the editor.
  const list = problems(page).getByRole('listbox', { name: 'Problems' });
  await list.focus();
  await page.keyboard.press('Home');
  await expect(problemRows(page).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const inEditor = () => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'));
  await expect.poll(inEditor).toBe(true);
  // Tab indents by default (focus stays in the editor), and the status bar says so.
  const toggle = page.getByRole('button', { name: 'Tab moves focus' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Tab');
  expect(await inEditor()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(list).toBeFocused();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
});
