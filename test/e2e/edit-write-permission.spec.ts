/**
 * Write access to the folder lapsed (revoked in the site settings, or granted read-only): "Write
 * to folder" asks again inside the click, and a refusal writes nothing and keeps the edits. The
 * browser's permission prompt is part of the folder-picker UX, so it is stood in for.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoFiles, readOpfs, shot } from './helpers';
import { openDemoFolder, setDefaultChannel, stubPermissionPrompt } from './edit-helpers';

const AURORA = 'aurora-operator/catalog.yaml';
const AURORA_FAST = demoFiles()[AURORA]!.replace('defaultChannel: stable\n', 'defaultChannel: fast\n');

const permissionRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { __perm: { requests: string[] } }).__perm.requests);

test('write permission refused: nothing is written, the edits stay, and asking again writes them', async ({
  page,
}, info) => {
  await openDemoFolder(page);
  await setDefaultChannel(page, 'aurora-operator', 'fast');
  await stubPermissionPrompt(page);

  // The toolbar's button asks, inside the click; the user refuses.
  await page.getByRole('button', { name: 'Write to folder' }).click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  await expect(write.getByRole('alert')).toContainText(
    'Permission to write to catalog was not granted; your edits are kept.',
  );
  expect(await permissionRequests(page)).toEqual(['catalog readwrite activation=true']);
  await shot(page, '28-write-permission-refused', info);
  expect(await readOpfs(page, AURORA)).toBe(demoFiles()[AURORA]);
  await expect(page.getByRole('button', { name: /Review changes\s*1/ })).toBeVisible();

  // Trying again asks again (and is refused again).
  await write.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => permissionRequests(page)).toHaveLength(2);
  await expect(write.getByRole('alert')).toContainText('was not granted');
  await write.getByRole('button', { name: 'Close', exact: true }).last().click();
  expect(await readOpfs(page, AURORA)).toBe(demoFiles()[AURORA]);

  // From the command palette (Enter is a user activation too), and this time the user allows it.
  await page.evaluate(() => {
    (window as unknown as { __perm: { answer: PermissionState } }).__perm.answer = 'granted';
  });
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: /Type a command/ }).fill('write to folder');
  await page.keyboard.press('Enter');
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('status')).toContainText('Done.');
  expect((await permissionRequests(page)).slice(2)).toEqual(['catalog readwrite activation=true']);
  expect(await readOpfs(page, AURORA)).toBe(AURORA_FAST);
  await write.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
});
