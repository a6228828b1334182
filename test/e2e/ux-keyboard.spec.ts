import { expect, test } from '@playwright/test';
import { waitForCatalog } from './helpers';

/** Keyboard: the first Tab stop skips to the graph; the help sheet opens with focus on Close. */
test('a skip link is the first Tab stop and lands on the graph; help opens on Close', async ({ page }) => {
  await page.goto('/?pkg=aurora-operator&ch=stable');
  await waitForCatalog(page);
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
  // From the top of the page (nothing focused), as a keyboard user arrives.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the graph' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('.fbc-graph-canvas')).toBeFocused();

  await page.getByRole('button', { name: 'Keyboard shortcuts and tour' }).click();
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('button', { name: 'Close', exact: true }).last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});
