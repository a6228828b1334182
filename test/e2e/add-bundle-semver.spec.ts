import { expect, test } from '@playwright/test';
import { bundleFiles } from '../unit/bundle/bundle-fixture';
import {
  corpusPath,
  packageOptions,
  hasShared,
  readOpfs,
  readTree,
  seedOpfs,
  sharedSkipReason,
  waitForCatalog,
} from './helpers';

const REPO = 'openshift-kueue-fbc';
const IMAGE = `registry.redhat.io/kueue/kueue-operator-bundle@sha256:${'5'.repeat(64)}`;

/**
 * A bundle folder added to a catalog generated from an olm.semver template (the real kueue v4.20):
 * the dialog says which generated channels it joins, Apply lists the image in the template's Stable
 * list and renders the catalog again, and both files are written.
 */
test('add a bundle to a catalog made by an olm.semver template: the template lists it, the catalog is rendered', async ({
  page,
}) => {
  // The repository is the real openshift-kueue-fbc from ../shared/corpus: skipped, printing why, where it is absent.
  if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
  // Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
  test.skip(!hasShared, sharedSkipReason);
  // The folder picker returns the OPFS folder named by window.__pick (the repository, then the bundle).
  await page.addInitScript((repo) => {
    const w = window as unknown as { __pick?: string; showDirectoryPicker: () => Promise<unknown> };
    w.showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(w.__pick ?? repo, { create: true });
  }, REPO);
  await page.goto('/');
  await waitForCatalog(page);
  const tree = readTree(corpusPath(`fbc/${REPO}`));
  await seedOpfs(page, tree, REPO);
  await seedOpfs(
    page,
    bundleFiles({
      pkg: 'kueue-operator',
      version: '1.5.0',
      replaces: 'kueue-operator.v1.4.1',
      channels: 'stable-v1.5',
    }),
    'bundle',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText(`${REPO}/v5.0/catalog`);
  await page.getByRole('combobox', { name: 'Catalog' }).selectOption('v4.20/catalog');
  await expect(page.locator('.catalog-name')).toHaveText(`${REPO}/v4.20/catalog`);
  await waitForCatalog(page);

  await page.evaluate(() => ((window as unknown as { __pick: string }).__pick = 'bundle'));
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('add bundle');
  await palette.getByRole('option', { name: /Add bundle from folder/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Add bundle kueue-operator.v1.5.0' });
  await dialog.getByLabel(/Bundle image/).fill(IMAGE);
  await expect(
    dialog.getByText(/kueue-operator\.v1\.5\.0 joins stable-v1\.5: olm\.semver generates the channels/),
  ).toBeVisible();
  // "Apply anyway": the dialog warns that the CSV's replaces is not written (semver makes the edges).
  await dialog.getByRole('button', { name: /^Apply/ }).click();
  await expect(page.getByText(/Added kueue-operator\.v1\.5\.0/)).toBeVisible();

  // The rendered catalog has the new channel.
  await packageOptions(page).first().click();
  await expect(page.getByRole('tab', { name: /stable-v1\.5/ })).toBeVisible();

  await page.getByRole('button', { name: /Review changes\s*2/ }).click();
  await page
    .getByRole('dialog', { name: 'Review changes' })
    .getByRole('button', { name: 'Write to folder…' })
    .click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  await expect(write.getByRole('status')).toContainText('Done.');
  await expect(write).toContainText('Written (2)');
  const template = 'v4.20/catalog-template.yaml';
  expect(await readOpfs(page, template, REPO)).toBe(`${tree[template]}  - Image: ${IMAGE}\n`);
});
