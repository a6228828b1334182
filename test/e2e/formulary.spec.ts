import { expect, test } from '@playwright/test';
import { readOpfs } from './helpers';
import { goTo, nodeMenu, openDemoFolder } from './edit-helpers';

const AURORA = 'aurora-operator/catalog.yaml';

/**
 * The Catalog Update Formulary's "remove a bundle version", as one action: its entry goes from every
 * channel, the entries that replaced it now replace what it replaced, and its olm.bundle blob goes.
 */
test('remove a bundle from every channel keeps the replaces chain connected, and is written', async ({
  page,
}) => {
  await openDemoFolder(page);
  await goTo(page, '/?pkg=aurora-operator&ch=stable&bundle=aurora-operator.v1.1.0');
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-node-count', '3');

  // Nothing to pick and nothing to warn about: applied at once, undoable.
  await nodeMenu(page, 'aurora-operator.v1.1.0', 'Remove bundle from every channel…');
  await expect(page.getByText('Remove bundle from every channel: done. Undo with Ctrl+Z.')).toBeVisible();
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-node-count', '2');

  await page.getByRole('button', { name: /Review changes/ }).click();
  await page
    .getByRole('dialog', { name: 'Review changes' })
    .getByRole('button', { name: 'Write to folder…' })
    .click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  // The demo keeps its deliberate opm error (cirrus), so writing asks first.
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('status')).toContainText('Done.');
  const text = await readOpfs(page, AURORA);
  expect(text).not.toContain('name: aurora-operator.v1.1.0');
  // stable: v1.2.0 now replaces v1.0.0 (what v1.1.0 replaced); its other lines are as they were.
  expect(text).toContain(
    "  - name: aurora-operator.v1.2.0\n    replaces: aurora-operator.v1.0.0\n    skipRange: '>=1.0.0 <1.2.0'\n",
  );
});
