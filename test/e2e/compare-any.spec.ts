import { strToU8, zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { demoFiles, seedOpfs, waitForCatalog } from './helpers';

/**
 * Compare against anything: the open catalog (a copy of the demo) against a picked folder and a zip, either
 * way round; the result kept after closing; the overlay saved as an image for a slide, white or
 * transparent whatever the theme, at the chosen size.
 */

/** The demo without one of its packages: against it, that package is what the open catalog adds. */
const without = (pkg: string) =>
  Object.fromEntries(Object.entries(demoFiles()).filter(([p]) => !p.startsWith(`${pkg}/`)));

/**
 * The folder picker gives the catalog folder first (opened), then the older folder (compared with);
 * both are OPFS folders seeded by the test.
 */
async function stubPickers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let calls = 0;
    (
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(
        calls++ === 0 ? 'demo-copy' : 'older-demo',
        {
          create: true,
        },
      );
  });
}

async function openCopy(page: Page): Promise<void> {
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, demoFiles(), 'demo-copy');
  await seedOpfs(page, without('nimbus-operator'), 'older-demo');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('demo-copy');
  await waitForCatalog(page);
}

async function bytes(d: Download): Promise<Buffer> {
  return readFileSync((await d.path())!);
}

/** The PNG's size and its pixel at (x, y) as RGBA, decoded by the browser. */
async function pngPixel(page: Page, png: Buffer, x: number, y: number) {
  return page.evaluate(
    async ({ b64, x, y }) => {
      // Decoded here: the page's CSP refuses data: URLs.
      const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const img = await createImageBitmap(blob);
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return { width: img.width, height: img.height, rgba: [...ctx.getImageData(x, y, 1, 1).data] };
    },
    { b64: png.toString('base64'), x, y },
  );
}

test('compare the demo with a picked folder, swap sides, reopen, then with a chosen zip and a dropped one', async ({
  page,
}) => {
  await stubPickers(page);
  await openCopy(page);

  const opener = page.getByRole('button', { name: 'Compare…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Compare' });
  await expect(dialog.getByText('compare it with a folder or a zip')).toBeVisible();
  const folder = dialog.getByRole('button', { name: 'Folder…' });
  // Focus opens on the first way to compare (no Git and no other catalogs here: a folder).
  await expect(folder).toBeFocused();
  await folder.click();
  const sides = dialog.locator('.compare-sides');
  await expect(sides).toContainText('older-demo → this catalog (working tree): 1 package differs');
  await expect(dialog.getByRole('region', { name: 'Package nimbus-operator' })).toContainText(
    'nimbus-operator added',
  );
  // Focus stays where the user acted.
  await expect(folder).toBeFocused();

  // Swap sides: the open catalog is now the older side, the package is removed.
  const swap = dialog.getByRole('button', { name: 'Swap sides' });
  await swap.click();
  await expect(sides).toContainText('this catalog (working tree) → older-demo: 1 package differs');
  await expect(dialog.getByRole('region', { name: 'Package nimbus-operator' })).toContainText(
    'nimbus-operator removed',
  );
  await expect(swap).toBeFocused();

  // Closed and reopened: the result is still there.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(sides).toContainText('this catalog (working tree) → older-demo: 1 package differs');
  await swap.click();
  await expect(sides).toContainText('older-demo → this catalog (working tree)');

  // A zip (a catalog under one top folder, as the app's own zip export writes it).
  const zip = zipSync(
    Object.fromEntries(
      Object.entries(without('borealis-operator')).map(([p, t]) => [`demo/${p}`, strToU8(t)]),
    ),
  );
  await dialog
    .getByLabel('Compare with a zip')
    .setInputFiles({ name: 'release-1.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(sides).toContainText('release-1.zip → this catalog (working tree): 1 package differs');
  await expect(dialog.getByRole('region', { name: 'Package borealis-operator' })).toContainText(
    'borealis-operator added',
  );

  // A zip dropped on the dialog: compared with, not opened as the catalog.
  const dropped = zipSync(
    Object.fromEntries(Object.entries(without('cirrus-operator')).map(([p, t]) => [`demo/${p}`, strToU8(t)])),
  );
  await dialog.locator('.compare-drop').evaluate((zone, b64) => {
    const file = new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'dropped.zip', {
      type: 'application/zip',
    });
    const dt = new DataTransfer();
    dt.items.add(file);
    for (const type of ['dragenter', 'dragover', 'drop'])
      zone.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, Buffer.from(dropped).toString('base64'));
  await expect(sides).toContainText('dropped.zip → this catalog (working tree): 1 package differs');
  await expect(dialog.getByRole('region', { name: 'Package cirrus-operator' })).toContainText(
    'cirrus-operator added',
  );
  await expect(page.locator('.catalog-name')).toHaveText('demo-copy');
});

test('the overlay exported for a slide: title, size, white or transparent in the dark theme', async ({
  page,
}) => {
  await stubPickers(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await openCopy(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Compare…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare' });
  await dialog.getByRole('button', { name: 'Folder…' }).click();
  const pkg = dialog.getByRole('region', { name: 'Package nimbus-operator' });
  await pkg.getByRole('button', { name: 'Export image…' }).click();
  const form = pkg.getByRole('region', { name: /^Export the overlay of / });
  await expect(form.getByLabel('Title')).toHaveValue(/^nimbus-operator — \S+: older-demo → this catalog/);
  await form.getByLabel('Title').fill('nimbus-operator arrives');
  await form.getByLabel('Size').selectOption({ label: '1280 × 720 (16:9)' });

  let wait = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Download PNG' }).click();
  let d = await wait;
  expect(d.suggestedFilename()).toMatch(/^compare-nimbus-operator-.+\.png$/);
  const white = await pngPixel(page, await bytes(d), 2, 2);
  expect(white).toEqual({ width: 1280, height: 720, rgba: [255, 255, 255, 255] });
  await expect(form.getByRole('status')).toContainText('(1280×720, light background)');

  await form.getByRole('radio', { name: 'transparent' }).check();
  wait = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Download PNG' }).click();
  d = await wait;
  expect((await pngPixel(page, await bytes(d), 2, 2)).rgba[3]).toBe(0);

  await form.getByRole('radio', { name: 'white' }).check();
  wait = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Download SVG' }).click();
  d = await wait;
  const svg = (await bytes(d)).toString('utf8');
  expect(svg).toContain('width="1280" height="720"');
  expect(svg).toContain('<rect width="100%" height="100%" fill="#ffffff"/>');
  expect(svg).toMatch(/<text [^>]*>nimbus-operator arrives<\/text>/);
  // Every node's label is in it, drawn in the light theme's dark text (not the dark theme's light).
  const labels = await page.evaluate(() =>
    (window as unknown as { __fbcCompareGraph: import('cytoscape').Core }).__fbcCompareGraph
      .nodes()
      .map((n) => String(n.data('label'))),
  );
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) expect(svg).toContain(`>${l}</tspan>`);
  expect(svg).toContain('fill="rgb(87,96,106)"');
  expect(svg).not.toContain('fill="rgb(230,237,243)"');
});
