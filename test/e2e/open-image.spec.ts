/**
 * The app's image commands through `fbc-studio open`'s server, against Debian's docker-registry on
 * 127.0.0.1 with images pushed by skopeo: "Add bundle by image reference…" pulls a bundle image
 * and opens the add-bundle dialog on it (its image filled in, entries proposed); "Open image…"
 * opens a catalog image read-only like a folder.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFiles } from '../unit/bundle/bundle-fixture';
import {
  BUNDLE_LABELS,
  CATALOG_LABELS,
  hasRegistryTools,
  ociLayout,
  push,
  registrySkipReason,
  startRegistry,
  tarLayer,
  type TestRegistry,
  pushFiles,
} from '../support/registry';
import { waitForCatalog } from './helpers';
import { startOpen, type OpenServer } from './open-helpers';

const CATALOG = `---
schema: olm.package
name: foo
defaultChannel: stable
---
schema: olm.channel
package: foo
name: stable
entries:
  - name: foo.v0.1.0
---
schema: olm.bundle
package: foo
name: foo.v0.1.0
image: quay.io/example/foo:v0.1.0
properties:
  - type: olm.package
    value:
      packageName: foo
      version: 0.1.0
`;

let reg: TestRegistry | undefined;
let server: OpenServer | undefined;
let dir: string | undefined;

// Needs Debian's docker-registry and skopeo (.ci/run installs them): skipped with the printed reason where they are missing.
test.skip(!hasRegistryTools, registrySkipReason);

test.afterEach(async () => {
  await server?.stop();
  server = undefined;
  await reg?.stop();
  reg = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function serve(): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'fbc-open-image-'));
  mkdirSync(join(dir, 'repo/catalog/foo'), { recursive: true });
  writeFileSync(join(dir, 'repo/catalog/foo/catalog.yaml'), CATALOG);
  server = await startOpen(join(dir, 'repo'), ['--use-http'], join(dir, 'home'));
  return server.url;
}

test('Add bundle by image reference…, then Open image…', async ({ page }) => {
  reg = await startRegistry('none');
  const files = bundleFiles({ pkg: 'foo', version: '0.2.0', channels: 'stable', defaultChannel: 'stable' });
  const bundleRef = await pushFiles(reg, files, BUNDLE_LABELS, 'acme/foo-bundle:v0.2.0');
  const c = await ociLayout(
    [await tarLayer([{ path: 'configs/foo/catalog.yaml', content: CATALOG }])],
    CATALOG_LABELS,
  );
  await push(reg, c.dir, 'acme/index:v4.18');
  const catalogRef = `${reg.host}/acme/index:v4.18`;

  await page.goto(await serve());
  await waitForCatalog(page);
  const palette = page.getByRole('dialog', { name: 'Command palette' });

  // A bundle image: pulled by the server, then the add-bundle dialog with its image and entries.
  page.once('dialog', (d) => void d.accept(bundleRef));
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('bundle by image');
  await palette.getByRole('option', { name: /Add bundle by image reference/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bundle foo.v0.2.0' });
  // The pulled folder is named for the image, as written.
  await expect(dialog.getByText(bundleRef, { exact: true })).toBeVisible();
  await expect(dialog.getByText(/: registry\+v1 \(manifests\//)).toBeVisible();
  await expect(dialog.getByLabel(/Bundle image/)).toHaveValue(bundleRef);
  await expect(
    dialog.getByRole('table', { name: 'Proposed entries' }).getByLabel('Replaces of entry 1'),
  ).toHaveValue('foo.v0.1.0');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A catalog image: opened read-only, named as written.
  page.once('dialog', (d) => void d.accept(catalogRef));
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('open image');
  await palette.getByRole('option', { name: /Open image/ }).click();
  await expect(page.locator('.catalog-name')).toContainText(catalogRef);
  await waitForCatalog(page);
  await expect(page.getByRole('navigation', { name: 'Packages' })).toContainText('foo');

  // A bundle image given to "Open image…" says what it is.
  page.once('dialog', (d) => void d.accept(bundleRef));
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('open image');
  await palette.getByRole('option', { name: /Open image/ }).click();
  await expect(page.getByText(`${bundleRef} is a bundle image`)).toBeVisible();
});
