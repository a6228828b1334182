import { expect, test } from '@playwright/test';
import { demoFiles, seedOpfs, waitForCatalog } from './helpers';

const BOREALIS = 'borealis-operator/catalog.json';

/**
 * The bundle panel's dependency check: each required package (with its range) and API with the
 * catalog's bundles that provide it; one whose range nothing in the catalog meets is flagged. The
 * demo catalog is opened as a folder with borealis v2.0.0 asking for an aurora version that does
 * not exist (v2.0.1 keeps the demo's range).
 */
test('bundle details: dependencies with their providers, an unsatisfiable one flagged', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('catalog', { create: true });
  });
  await page.goto('/');
  await waitForCatalog(page);
  const files = demoFiles();
  const text = files[BOREALIS] as string;
  expect(text).toContain('"versionRange": ">=1.1.0"');
  files[BOREALIS] = text.replace('"versionRange": ">=1.1.0"', '"versionRange": ">=9.0.0"');
  await seedOpfs(page, files);
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('catalog');
  await waitForCatalog(page);

  const show = (bundle: string) =>
    page.evaluate((b) => {
      history.pushState(null, '', `/?pkg=borealis-operator&ch=stable-v2&bundle=${b}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, bundle);

  await show('borealis-operator.v2.0.1');
  const panel = page.getByRole('article', { name: 'Bundle borealis-operator.v2.0.1' });
  await panel.getByRole('button', { name: 'Check what provides them' }).click();
  const list = panel.getByRole('list', { name: 'Dependencies of borealis-operator.v2.0.1' });
  const pkgReq = list.getByRole('listitem').filter({ hasText: 'aurora-operator >=1.1.0' });
  await expect(pkgReq).toContainText('provided by');
  await expect(pkgReq).toContainText('aurora-operator.v1.1.0');
  await expect(pkgReq).not.toContainText('aurora-operator.v1.0.0');
  const apiReq = list.getByRole('listitem').filter({ hasText: 'aurora.example.com/v1beta1 LightShow' });
  await expect(apiReq).toContainText('provided by');
  await expect(panel.getByRole('status')).toHaveText(/^All 2 requirements are provided by the catalog\.$/);

  // The other bundle's range meets no aurora version: flagged, with why.
  await show('borealis-operator.v2.0.0');
  const other = page.getByRole('article', { name: 'Bundle borealis-operator.v2.0.0' });
  await other.getByRole('button', { name: 'Check what provides them' }).click();
  const bad = other
    .getByRole('list', { name: 'Dependencies of borealis-operator.v2.0.0' })
    .getByRole('listitem')
    .filter({ hasText: 'aurora-operator >=9.0.0' });
  await expect(bad).toContainText('unsatisfiable');
  await expect(bad).toContainText('no bundle of aurora-operator in the catalog is in >=9.0.0');
  await expect(other.getByRole('status')).toContainText('OLM cannot install borealis-operator.v2.0.0');
});
