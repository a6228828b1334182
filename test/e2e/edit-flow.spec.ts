import { expect, test } from '@playwright/test';
import { demoFiles, problems, readOpfs, shot } from './helpers';
import { goTo, nodeMenu, openDemoFolder } from './edit-helpers';

const AURORA = 'aurora-operator/catalog.yaml';

/** The channel blob promote appends for a new channel (after the file's last blob, in its style). */
const PREVIEW_CHANNEL = `---
schema: olm.channel
package: aurora-operator
name: preview
entries:
  - name: aurora-operator.v1.3.0
`;

test('promote a bundle to a new channel, make it the default, review, and write it to the folder', async ({
  page,
}, info) => {
  await openDemoFolder(page);
  await goTo(page, '/?pkg=aurora-operator&ch=fast&bundle=aurora-operator.v1.3.0');
  await expect(page.getByRole('tab', { name: /fast/, selected: true })).toBeVisible();

  // Promote from the graph's context menu: the picker offers the channels that lack the bundle,
  // and a new name may be typed.
  await nodeMenu(page, 'aurora-operator.v1.3.0', 'Promote to channel…');
  const dialog = page.getByRole('dialog', { name: 'Promote to channel' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Channel (pick one, or type a new name)').fill('preview');
  await expect(dialog.getByRole('region', { name: 'What this will do' })).toContainText(`Changes ${AURORA}`);
  await shot(page, '20-edit-promote-dialog', info);
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The result is selected: the new channel's tab, its graph, the bundle.
  await expect(page).toHaveURL(/ch=preview&bundle=aurora-operator\.v1\.3\.0/);
  await expect(page.getByRole('tab', { name: /preview/, selected: true })).toBeVisible();
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-node-count', '1');

  // Set as default from the channel actions: one click, no dialog.
  await page.getByRole('button', { name: 'Channel actions ▾' }).click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  await expect(page.getByRole('tab', { name: /preview.*default/ })).toBeVisible();
  await expect(page.locator('.package-title-text')).toContainText('default channel preview');
  await expect(page.getByTestId('channel-graph')).toContainText('default channel');
  await expect(problems(page)).toContainText('1 error');

  // Changed files are marked.
  await expect(page.getByRole('button', { name: /Review changes\s*1/ })).toBeVisible();

  // Review: the side-by-side diff of the one changed file, with the verdict on the result.
  await page.getByRole('button', { name: /Review changes/ }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review.getByRole('listbox', { name: 'Changed files' }).getByRole('option')).toHaveText([
    /aurora-operator\/catalog\.yaml\s*\+7\s*−1/,
  ]);
  await expect(review.getByLabel('Validation of the edited catalog')).toContainText(
    'opm validate: failed, 1 error',
  );
  await expect(review.getByTestId('diff-editor')).toContainText('defaultChannel: preview');
  await shot(page, '21-edit-review', info);

  // Write: gated by validation (the demo's stranded bundle is still there), then written.
  await review.getByRole('button', { name: 'Write to folder…' }).click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  await expect(write).toContainText('does not pass opm validate');
  await expect(write.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('status')).toContainText('Done.');
  await expect(write).toContainText(AURORA);
  await write.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();

  // On disk: exactly the two edits, every comment and every other byte as it was.
  const before = demoFiles()[AURORA]!;
  const expected = before.replace('defaultChannel: stable\n', 'defaultChannel: preview\n') + PREVIEW_CHANNEL;
  expect(await readOpfs(page, AURORA)).toBe(expected);
  expect(expected.startsWith('# Aurora: the showcase package.')).toBe(true);
  // No other file was touched.
  for (const [path, text] of Object.entries(demoFiles())) {
    if (path !== AURORA) expect(await readOpfs(page, path)).toBe(text);
  }
});
