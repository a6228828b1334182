import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForCatalog } from './helpers';

/**
 * Focus, measured on every dialog the package view opens: where it lands when the dialog opens (a
 * control that does the dialog's work, never its close button or Cancel), and that it returns to
 * what opened it when the dialog closes with Escape. Each landing is printed.
 */

async function focused(page: Page): Promise<{ inside: boolean; what: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const dialog = el?.closest('dialog, [role="dialog"]');
    const name =
      el?.getAttribute('aria-label') ||
      (el instanceof HTMLInputElement || el instanceof HTMLSelectElement
        ? (el.labels?.[0]?.textContent ?? el.getAttribute('placeholder') ?? '')
        : el?.textContent) ||
      '';
    return {
      inside: !!dialog,
      what: `${el?.tagName.toLowerCase() ?? 'none'} "${name.trim().replace(/\s+/g, ' ').slice(0, 40)}"`,
    };
  });
}

async function check(page: Page, name: string, opener: Locator, open: () => Promise<void>, dialog: Locator) {
  await open();
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focused(page)).inside, `${name}: focus inside the dialog`).toBe(true);
  const landed = await focused(page);
  console.log(`${name}: focus lands on ${landed.what}`);
  expect(landed.what).not.toMatch(/"(×|Close|Cancel|Skip the tour)"$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener, `${name}: focus returns to its opener`).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
  await page.goto('/?pkg=aurora-operator&ch=fast');
  await waitForCatalog(page);
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
});

test('the palette, the help sheet, the tour, an action, Channel switch, Review and Download .zip', async ({
  page,
}) => {
  const actions = page.getByRole('button', { name: 'Actions', exact: true });
  await check(
    page,
    'Command palette',
    actions,
    () => actions.click(),
    page.getByRole('dialog', { name: 'Command palette' }),
  );

  const help = page.getByRole('button', { name: 'Keyboard shortcuts and tour' });
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await help.click();
  await expect(sheet).toBeVisible();
  // The sheet opens on its Close button on purpose (Enter leaves it): a sheet to read, no work to do.
  await expect(sheet.getByRole('button', { name: 'Close', exact: true }).last()).toBeFocused();
  console.log('Keyboard shortcuts: focus lands on button "Close" (a sheet to read)');
  await page.keyboard.press('Escape');
  await expect(help).toBeFocused();

  // The tour, started from the sheet (which it replaces): focus back on the help button after it.
  await help.click();
  await sheet.getByRole('button', { name: 'Take the tour again' }).click();
  const tour = page.getByRole('dialog', { name: /^Tour, step 1 of 4/ });
  await expect(tour).toBeVisible();
  await expect(tour.getByRole('button', { name: 'Next' })).toBeFocused();
  console.log('Tour: focus lands on button "Next"');
  await page.keyboard.press('Escape');
  await expect(tour).toHaveCount(0);
  await expect(help).toBeFocused();

  const channelActions = page.getByRole('button', { name: /^Channel actions/ });
  await check(
    page,
    'Action dialog',
    channelActions,
    async () => {
      await channelActions.click();
      await page.getByRole('menuitem', { name: /…$/ }).first().click();
    },
    page.getByRole('dialog'),
  );

  const switcher = page.getByRole('button', { name: 'Channel switch…' });
  await check(page, 'Channel switch', switcher, () => switcher.click(), page.getByRole('dialog'));

  // An edit, then Review and Download .zip.
  await channelActions.click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  const review = page.getByRole('button', { name: /Review changes/ });
  await expect(review).toBeEnabled();
  await check(
    page,
    'Review changes',
    review,
    () => review.click(),
    page.getByRole('dialog', { name: 'Review changes' }),
  );
  const zip = page.getByRole('button', { name: /Download( as)? \.zip/ });
  await check(
    page,
    'Download .zip',
    zip,
    () => zip.click(),
    page.getByRole('dialog', { name: 'Download .zip' }),
  );
});
