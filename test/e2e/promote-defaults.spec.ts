import { expect, test } from '@playwright/test';
import { goTo, nodeMenu, openDemoFolder } from './edit-helpers';

/**
 * Promote from a bundle of the graph: the dialog opens asking for a channel (not in an error state
 * over the bundle's own channel), and its defaults never make an older bundle replace a newer head.
 */
test('promote opens without an error and its defaults never replace a newer head (no downgrade)', async ({
  page,
}) => {
  await openDemoFolder(page);
  await goTo(page, '/?pkg=aurora-operator&ch=stable&bundle=aurora-operator.v1.1.0');
  await expect(page.getByRole('tab', { name: /stable/, selected: true })).toBeVisible();

  await nodeMenu(page, 'aurora-operator.v1.1.0', 'Promote to channel…');
  const dialog = page.getByRole('dialog', { name: 'Promote to channel' });
  const outcome = dialog.getByRole('region', { name: 'What this will do' });
  await expect(outcome).toHaveText(/^Choose channel/);
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // candidate's head is 1.4.0-rc.1: 1.1.0 sits beside it, replacing nothing newer.
  await dialog.getByLabel('Channel (pick one, or type a new name)').fill('candidate');
  await expect(outcome).toContainText(
    'aurora-operator.v1.1.0 is older than aurora-operator.v1.4.0-rc.1, the head of channel "candidate": it replaces nothing and does not become the head',
  );
  await expect(outcome).not.toContainText('which is not older');

  // A new channel: nothing to replace, nothing to warn of.
  await dialog.getByLabel('Channel (pick one, or type a new name)').fill('preview');
  await expect(outcome).toContainText('Changes aurora-operator/catalog.yaml');
  await expect(outcome).not.toContainText('not older');
});
