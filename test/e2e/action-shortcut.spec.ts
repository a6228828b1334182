import { expect, test } from '@playwright/test';
import { goTo, openDemoFolder } from './edit-helpers';

/** An action's shortcut comes from its definition in the registry, and the palette lists it. */
test('Alt+Shift+D sets the selected channel as default; the palette shows the shortcut', async ({ page }) => {
  await openDemoFolder(page);
  await goTo(page, '/?pkg=aurora-operator&ch=fast');
  await expect(page.getByRole('tab', { name: /fast/, selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /fast.*default/ })).toHaveCount(0);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('default channel');
  await expect(
    palette.getByRole('option', { name: /Set as default channel.*on channel fast.*Alt\+Shift\+D/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  await page.locator('body').press('Alt+Shift+D');
  await expect(page.getByRole('tab', { name: /fast.*default/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Review changes\s*1/ })).toBeVisible();
});
