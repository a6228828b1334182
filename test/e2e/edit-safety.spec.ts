import { expect, test } from '@playwright/test';
import { demoFiles, readOpfs, seedOpfs, shot, waitForCatalog } from './helpers';
import { goTo, nodeMenu, openDemoFolder } from './edit-helpers';

const AURORA = 'aurora-operator/catalog.yaml';

test('a file changed on disk after loading shows the conflict, and nothing is overwritten silently', async ({
  page,
}, info) => {
  await openDemoFolder(page);
  await goTo(page, '/?pkg=aurora-operator&ch=stable');
  await page.getByRole('button', { name: 'Channel actions ▾' }).click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  // stable is already the default: the action refuses, and says why.
  await expect(page.getByRole('dialog', { name: 'Set as default channel' })).toContainText(
    'already the default channel',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();

  await goTo(page, '/?pkg=aurora-operator&ch=fast');
  await page.getByRole('button', { name: 'Channel actions ▾' }).click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  await expect(page.getByRole('tab', { name: /fast.*default/ })).toBeVisible();

  // Someone else edits the file on disk meanwhile.
  const theirs = demoFiles()[AURORA]!.replace(
    '# Aurora: the showcase package.',
    '# Aurora: edited elsewhere.',
  );
  await seedOpfs(page, { [AURORA]: theirs });

  await page.getByRole('button', { name: 'Write to folder' }).click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('alert')).toContainText('1 file changed on disk since it was loaded');
  await expect(write).toContainText('the file was changed on disk since loading');
  await expect(write.getByText('On disk now')).toBeVisible();
  await expect(write.getByTestId('diff-editor')).toContainText('# Aurora: edited elsewhere.');
  await expect(write.getByTestId('diff-editor')).toContainText('defaultChannel: fast');
  await shot(page, '24-edit-conflict', info);
  // Nothing is written until a choice is made for the file.
  await expect(write.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await write.getByRole('button', { name: 'Cancel (write nothing)' }).click();
  expect(await readOpfs(page, AURORA)).toBe(theirs);
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeEnabled();

  // Keeping the disk version drops the edit to that file (undoable); nothing is written over it.
  await page.getByRole('button', { name: 'Write to folder' }).click();
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await write.getByLabel('Keep the disk version (drop my edits to this file)').check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('status')).toContainText('Nothing to write');
  await write.getByRole('button', { name: 'Close', exact: true }).last().click();
  expect(await readOpfs(page, AURORA)).toBe(theirs);
  await expect(page.locator('.package-title-text')).toContainText('default channel stable');

  // Overwriting is the other explicit choice: make the edit again, and overwrite.
  await page.getByRole('button', { name: 'Channel actions ▾' }).click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  await seedOpfs(page, { [AURORA]: `${theirs}# and again\n` });
  await page.getByRole('button', { name: 'Write to folder' }).click();
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await write.getByLabel('Overwrite the disk with my edits').check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('status')).toContainText('Done.');
  expect(await readOpfs(page, AURORA)).toBe(
    theirs.replace('defaultChannel: stable\n', 'defaultChannel: fast\n'),
  );
});

test('unsaved edits survive a reload: the draft is offered back and restored', async ({ page }, info) => {
  await openDemoFolder(page);
  await goTo(page, '/?pkg=aurora-operator&ch=fast&bundle=aurora-operator.v1.3.0');
  await nodeMenu(page, 'aurora-operator.v1.3.0', 'Promote to channel…');
  const dialog = page.getByRole('dialog', { name: 'Promote to channel' });
  await dialog.getByLabel('Channel (pick one, or type a new name)').fill('preview');
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('tab', { name: /preview/ })).toBeVisible();
  // The draft is written as edits happen (debounced).
  await expect(page.locator('html')).toHaveAttribute('data-draft-revision', /[1-9]/);

  // Leaving with unsaved edits asks first.
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.type();
    void d.accept();
  });
  await page.reload();
  expect(asked).toBe('beforeunload');
  await waitForCatalog(page);

  // Reopening the same folder offers the draft back.
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('catalog');
  const offer = page.getByRole('alert', { name: 'Unsaved edits' });
  await expect(offer).toContainText('Unsaved edits to 1 file');
  await shot(page, '25-edit-draft-offer', info);
  await offer.getByRole('button', { name: 'Restore edits' }).click();
  await expect(offer).toHaveCount(0);
  await goTo(page, '/?pkg=aurora-operator&ch=preview');
  await expect(page.getByRole('tab', { name: /preview/, selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeEnabled();
  // Restoring is undoable, and the disk was never touched.
  expect(await readOpfs(page, AURORA)).toBe(demoFiles()[AURORA]);
  await page.getByRole('button', { name: 'Undo Restore unsaved edits' }).click();
  await expect(page.getByRole('tab', { name: /preview/ })).toHaveCount(0);
});
