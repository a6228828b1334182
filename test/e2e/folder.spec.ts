import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  corpusPath,
  demoFiles,
  hasShared,
  packageOptions,
  packages,
  problems,
  readTree,
  seedOpfs,
  sharedSkipReason,
  shot,
  stubDirectoryPicker,
  waitForCatalog,
} from './helpers';

const GATEKEEPER = 'fbc/stolostron-gatekeeper-operator-fbc/catalog-4-20';
const MULTI_HEAD = 'fbc/operator-controller-testdata/testdata/images/catalogs/test-catalog/v1/configs';

test.describe('opening a folder', () => {
  test.beforeEach(async ({ page }) => {
    await stubDirectoryPicker(page, 'catalog');
  });

  test('opens a real catalog from a folder, and remembers it', async ({ page }, info) => {
    if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
    // Needs a real catalog from ../shared/corpus; skipped (with the printed reason) where ../shared is absent.
    test.skip(!hasShared, sharedSkipReason);
    await page.goto('/');
    await waitForCatalog(page);
    await seedOpfs(page, readTree(corpusPath(GATEKEEPER)));

    await page.getByRole('button', { name: 'Open folder', exact: true }).click();
    await expect(page.locator('.catalog-name')).toHaveText('catalog');
    await waitForCatalog(page);
    await expect(packageOptions(page)).toHaveCount(1);
    await expect(packageOptions(page)).toContainText('gatekeeper-operator-product');
    await expect(problems(page).getByText('opm validate: passed')).toBeVisible();
    // One package: the catalog opens on it.
    await expect(page).toHaveURL(/\?pkg=gatekeeper-operator-product&ch=stable$/);
    await expect(
      page.getByRole('tablist', { name: /Channels of gatekeeper-operator-product/ }),
    ).toBeVisible();
    await shot(page, '06-folder-package', info);
    // The catalog's overview is a click away.
    await page.getByRole('link', { name: 'FBC Studio' }).click();
    await expect(page.getByText(/1 package, \d+ channels, \d+ bundles in 2\d files/)).toBeVisible();
    await shot(page, '05-folder-overview', info);

    // Recent folders survive a reload; reopening asks for permission (granted for OPFS) and loads.
    await page.reload();
    await waitForCatalog(page);
    // At 1280 px the recent folders are in the header's "More" menu.
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByText('Recent folders').click();
    await page
      .getByRole('list', { name: 'Recent folders' })
      .getByRole('button', { name: /catalog/ })
      .click();
    await expect(page.locator('.catalog-name')).toHaveText('catalog');
    await expect(packageOptions(page)).toContainText('gatekeeper-operator-product');
  });

  test('the problems panel lists an invalid catalog’s errors with file and line, and clicking one navigates', async ({
    page,
  }, info) => {
    if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
    // Needs a real catalog from ../shared/corpus; skipped (with the printed reason) where ../shared is absent.
    test.skip(!hasShared, sharedSkipReason);
    await page.goto('/');
    await waitForCatalog(page);
    await seedOpfs(page, readTree(corpusPath(MULTI_HEAD)));
    await page.getByRole('button', { name: 'Open folder', exact: true }).click();
    await expect(page.locator('.catalog-name')).toHaveText('catalog');
    await waitForCatalog(page);

    const panel = problems(page);
    await expect(panel.getByText('opm validate: failed')).toBeVisible();
    const alpha = panel.getByRole('option', {
      name: /multiple channel heads found in graph: test-operator\.1\.0\.0, test-operator\.1\.0\.2, test-operator\.1\.0\.3/,
    });
    const beta = panel.getByRole('option', {
      name: /multiple channel heads found in graph: test-operator\.1\.0\.4, test-operator\.1\.2\.0/,
    });
    await expect(alpha).toContainText('opm error');
    await expect(alpha).toContainText(/catalog\.yaml:\d+:\d+/);
    await expect(beta).toContainText(/catalog\.yaml:\d+:\d+/);

    // opm's own text is available verbatim.
    await panel.getByRole('button', { name: 'Show opm output' }).click();
    await expect(panel.getByLabel('opm validate output')).toContainText('invalid index:');

    await beta.click();
    await expect(page).toHaveURL(/\?pkg=test&ch=beta/);
    await expect(page.getByRole('tab', { name: /beta/, selected: true })).toBeVisible();
    await shot(page, '07-invalid-catalog-problem', info);
  });

  test('a file that does not parse is reported while the rest of the catalog loads', async ({
    page,
  }, info) => {
    await page.goto('/');
    await waitForCatalog(page);
    await seedOpfs(page, {
      ...demoFiles(),
      'broken/catalog.yaml': 'schema: olm.package\nname: broken\ndescription: [unclosed\n',
    });
    await page.getByRole('button', { name: 'Open folder', exact: true }).click();
    await expect(page.locator('.catalog-name')).toHaveText('catalog');
    await waitForCatalog(page);

    await expect(packageOptions(page)).toHaveCount(4);
    const row = problems(page).getByRole('option', { name: /error converting YAML to JSON: yaml: line \d+/ });
    await expect(row).toContainText(/broken\/catalog\.yaml:\d+:\d+/);
    const files = page.getByRole('region', { name: 'Files with problems' });
    await expect(files).toContainText('broken/catalog.yaml');
    await shot(page, '08-unparsable-file', info);
  });

  test('browsers without a folder picker open read-only through <input webkitdirectory>', async ({
    page,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'fbc-e2e-'));
    const root = join(dir, 'my-catalog');
    for (const [path, text] of Object.entries(demoFiles())) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    await page.goto('/');
    await waitForCatalog(page);
    await page.getByTestId('folder-input').setInputFiles(root);
    await expect(page.locator('.catalog-name')).toContainText('my-catalog');
    await expect(page.locator('.catalog-name')).toContainText('read-only');
    await expect(
      page.getByRole('note').filter({ hasText: 'Saving will download files instead.' }),
    ).toBeVisible();
    await expect(packageOptions(page)).toHaveCount(4);
    rmSync(dir, { recursive: true, force: true });
  });

  test('without showDirectoryPicker, Open folder falls back to the read-only input and says so', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    });
    await page.goto('/');
    await waitForCatalog(page);
    // The demo opens on a graph; its overview says what this browser can do.
    await page.getByRole('link', { name: 'FBC Studio' }).click();
    await expect(page.getByText('This browser cannot write to folders', { exact: false })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open folder', exact: true }).click();
    expect((await chooser).isMultiple()).toBe(true);
  });

  test('a folder dropped on the page opens', async ({ page }) => {
    await page.goto('/');
    await waitForCatalog(page);
    // A real drag from the OS cannot be synthesised; a DataTransfer holding the demo's files can.
    const dataTransfer = await page.evaluateHandle(async (files) => {
      const dt = new DataTransfer();
      for (const [path, text] of Object.entries(files))
        dt.items.add(new File([text], path.split('/').pop()!));
      return dt;
    }, demoFiles());
    await page.dispatchEvent('body', 'dragenter', { dataTransfer });
    await page.dispatchEvent('body', 'drop', { dataTransfer });
    await expect(page.locator('.catalog-name')).toContainText('dropped files');
    await expect(packageOptions(page).first()).toBeVisible();
  });
});

test('large catalogs: progress is shown while loading and the load can be cancelled', async ({ page }) => {
  await stubDirectoryPicker(page, 'big');
  await page.goto('/');
  await waitForCatalog(page);
  // 1,500 packages, one file each: enough to watch the progress bar and to exercise the virtual list.
  await page.evaluate(async () => {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('big', { create: true });
    for (let i = 0; i < 1500; i++) {
      const name = `pkg-${String(i).padStart(4, '0')}`;
      const blobs = [
        { schema: 'olm.package', name, defaultChannel: 'stable' },
        { schema: 'olm.channel', package: name, name: 'stable', entries: [{ name: `${name}.v1.0.0` }] },
        {
          schema: 'olm.bundle',
          package: name,
          name: `${name}.v1.0.0`,
          image: `quay.io/example/${name}:v1.0.0`,
          properties: [{ type: 'olm.package', value: { packageName: name, version: '1.0.0' } }],
        },
      ];
      const dir = await root.getDirectoryHandle(name, { create: true });
      const w = await (await dir.getFileHandle('catalog.json', { create: true })).createWritable();
      await w.write(blobs.map((b) => JSON.stringify(b)).join('\n'));
      await w.close();
    }
  });

  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  const status = page.getByRole('status', { name: 'Loading catalog' });
  await expect(status).toBeVisible();
  await expect(status.getByRole('progressbar', { name: 'Files read' })).toBeVisible();
  await expect(status).toContainText(/of 1,500 files/);
  await expect(status.getByText(/^pkg-\d{4}\/catalog\.json$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/11-loading-progress.png' });
  await status.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toHaveCount(0);
  // The demo catalog is still the one shown.
  await expect(page.locator('.catalog-name')).toHaveText('Demo catalog');

  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('big', { timeout: 60_000 });
  await expect(packages(page).getByText('1,500 packages')).toBeVisible();
  // Virtualised: only the rows in view are in the DOM.
  expect(await packageOptions(page).count()).toBeLessThan(60);
  await packages(page).getByRole('searchbox', { name: 'Filter packages' }).fill('pkg-1499');
  await expect(packageOptions(page)).toHaveCount(1);
  await packageOptions(page).click();
  await expect(page).toHaveURL(/pkg=pkg-1499/);
});
