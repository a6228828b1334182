import { expect, test } from '@playwright/test';
import { goTo, nodeMenu, openDemoFolder } from './edit-helpers';
import { draftKeys } from './write-all-helpers';

/** After Write, the edits are on disk: no pending impact, no changed files, nothing to review. */
test('after Write nothing shows as pending: the impact panel goes, Review has nothing', async ({ page }) => {
  await openDemoFolder(page);
  await goTo(page, '/?pkg=aurora-operator&ch=fast&bundle=aurora-operator.v1.3.0');
  await nodeMenu(page, 'aurora-operator.v1.3.0', 'Promote to channel…');
  const dialog = page.getByRole('dialog', { name: 'Promote to channel' });
  await dialog.getByLabel('Channel (pick one, or type a new name)').fill('preview');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const impact = page.getByRole('region', { name: 'Impact of pending edits' });
  await expect(impact).toContainText('1 file changed');

  // The success notice is still up when Review opens: it does not cover Review's buttons.
  const toast = page.locator('.toast');
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: /Review changes\s*1/ }).click();
  const writeButton = page
    .getByRole('dialog', { name: 'Review changes' })
    .getByRole('button', { name: 'Write to folder…' });
  await expect(writeButton).toBeVisible();
  if (await toast.isVisible()) {
    const t = (await toast.boundingBox())!;
    for (const b of await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button').all()) {
      const r = await b.boundingBox();
      if (!r) continue;
      const overlaps =
        t.x < r.x + r.width && r.x < t.x + t.width && t.y < r.y + r.height && r.y < t.y + t.height;
      expect(overlaps, `the notice covers ${await b.textContent()}`).toBe(false);
    }
  }
  await writeButton.click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('status')).toContainText('Done.');
  await write.getByRole('button', { name: 'Close' }).last().click();

  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
  await expect(impact).toHaveCount(0);
  // Nor is a draft of what was written kept, to be offered back after a reload.
  await expect.poll(() => draftKeys(page)).toEqual([]);
  // The channel written stays, as the catalog on disk now has it.
  await expect(page.getByRole('tab', { name: /preview/ })).toBeVisible();
});
