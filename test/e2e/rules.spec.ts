import { expect, test } from '@playwright/test';
import { ruleById } from '../../src/core/rules';
import { problemRows, problems, shot, waitForCatalog } from './helpers';

// "About this rule": the rule catalogue's entry for a selected problem, read in the Problems panel.
test.describe('about this rule', () => {
  test('explains the selected opm problem with the catalogue entry', async ({ page }) => {
    await page.goto('/');
    await waitForCatalog(page);
    // The demo's deliberate problem: cirrus "alpha" strands 0.1.0 (opm's R55).
    await problems(page)
      .getByRole('option', { name: /channel contains one or more stranded bundles/ })
      .click();
    await problems(page).getByRole('button', { name: 'About rule R55' }).click();

    const about = problems(page).getByRole('region', { name: 'About rule R55' });
    const entry = ruleById('R55')!;
    await expect(about.getByRole('heading')).toContainText(entry.title);
    await expect(about).toContainText('Source: opm');
    await expect(about).toContainText(entry.description);
    await expect(about.getByRole('link', { name: entry.upstream.text })).toHaveAttribute(
      'href',
      entry.upstream.url,
    );

    await shot(page, 'rule-about');

    // While open, it follows the selection: one of our own warnings shows our entry.
    await problemRows(page).filter({ hasText: 'FBC Studio warning' }).first().click();
    const ours = problems(page).getByRole('region', { name: /^About rule [a-z-]+$/ });
    await expect(ours).toContainText('Source: FBC Studio');

    await ours.getByRole('button', { name: 'Close' }).click();
    await expect(problems(page).getByRole('region', { name: /^About rule / })).toHaveCount(0);
  });

  test('opens from the keyboard with "?", and Escape returns to the list', async ({ page }) => {
    await page.goto('/');
    await waitForCatalog(page);
    const list = problems(page).getByRole('listbox', { name: 'Problems' });
    const warning = problemRows(page).filter({ hasText: 'FBC Studio warning' }).first();
    await expect(warning).toBeVisible();
    // Select the first of our own warnings with the keyboard.
    await list.focus();
    const rows = await problemRows(page).allInnerTexts();
    const index = rows.findIndex((t) => t.includes('FBC Studio warning'));
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await expect(warning).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('?');
    const about = problems(page).getByRole('region', { name: /^About rule / });
    await expect(about).toBeFocused();
    await expect(about).toContainText('Source: FBC Studio');
    const id = (await about.getAttribute('aria-label'))!.replace('About rule ', '');
    const entry = ruleById(id);
    expect(entry?.source).toBe('fbc-studio');
    await expect(about.getByRole('heading')).toContainText(entry!.title);

    await page.keyboard.press('Escape');
    await expect(about).toHaveCount(0);
    await expect(list).toBeFocused();
  });
});
