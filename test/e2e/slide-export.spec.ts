import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';
import { graphReady } from './paths-helpers';

/**
 * The channel graph exported for a slide, from the dark theme: white or transparent background,
 * the chosen size, the title typed, every bundle name in full (the screen shortens long ones).
 */

const LONG = 'gatekeeper-operator-product.v3.19.0-with-a-name-longer-than-the-screen-shows';
const SHORT = 'gatekeeper-operator-product.v3.18.0';

const blob = (name: string, version: string) => `---
schema: olm.bundle
package: gatekeeper-operator-product
name: ${name}
image: quay.io/gk/bundle:${version}
properties:
- type: olm.package
  value: {packageName: gatekeeper-operator-product, version: ${version}}
`;

const CATALOG = `---
schema: olm.package
name: gatekeeper-operator-product
defaultChannel: stable
---
schema: olm.channel
package: gatekeeper-operator-product
name: stable
entries:
- name: ${SHORT}
- name: ${LONG}
  replaces: ${SHORT}
${blob(SHORT, '3.18.0')}${blob(LONG, '3.19.0')}`;

async function save(page: Page, click: () => Promise<void>): Promise<{ name: string; data: Buffer }> {
  const [d] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  return { name: d.suggestedFilename(), data: readFileSync((await d.path())!) };
}

async function corner(page: Page, png: Buffer) {
  return page.evaluate(async (b64) => {
    // Decoded here: the page's CSP refuses data: URLs.
    const img = await createImageBitmap(
      new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
    );
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return { width: img.width, height: img.height, rgba: [...ctx.getImageData(1, 1, 1, 1).data] };
  }, png.toString('base64'));
}

test('export for a slide: title, size, background, full names; focus in and back', async ({ page }) => {
  await stubDirectoryPicker(page, 'gk');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, { 'gatekeeper-operator-product/catalog.yaml': CATALOG }, 'gk');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('gk');
  await waitForCatalog(page);
  await page.getByRole('option', { name: /^gatekeeper-operator-product/ }).click();
  await graphReady(page);
  // On screen the long name loses its middle.
  const onScreen = await page.evaluate(() =>
    (window as unknown as { __fbcGraph: import('cytoscape').Core }).__fbcGraph
      .nodes()
      .map((n) => String(n.data('label')).split('\n')[0] ?? ''),
  );
  expect(onScreen.some((l) => l.includes('…'))).toBe(true);

  await page.getByText('Export graph', { exact: true }).click();
  const opener = page.getByRole('button', { name: 'Export for a slide…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Export for a slide' });
  const title = dialog.getByLabel('Title');
  await expect(title).toBeFocused();
  await expect(title).toHaveValue('gatekeeper-operator-product — stable');
  await title.fill('Gatekeeper 3.19 upgrade');
  await expect(dialog.getByLabel('Size')).toHaveValue('0'); // 1920 × 1080 first
  await expect(dialog.getByRole('checkbox', { name: 'Full bundle names' })).toBeChecked();

  const png = await save(page, () => dialog.getByRole('button', { name: 'Download PNG' }).click());
  expect(png.name).toBe('gatekeeper-operator-product-stable-slide.png');
  expect(await corner(page, png.data)).toEqual({ width: 1920, height: 1080, rgba: [255, 255, 255, 255] });

  await dialog.getByLabel('Size').selectOption({ label: '1024 × 768 (4:3)' });
  await dialog.getByRole('radio', { name: 'transparent' }).check();
  const clear = await save(page, () => dialog.getByRole('button', { name: 'Download PNG' }).click());
  const c = await corner(page, clear.data);
  expect([c.width, c.height, c.rgba[3]]).toEqual([1024, 768, 0]);

  const svg = (
    await save(page, () => dialog.getByRole('button', { name: 'Download SVG' }).click())
  ).data.toString('utf8');
  expect(svg).toContain('width="1024" height="768"');
  expect(svg).not.toContain('fill="#ffffff"/>'); // transparent: no background rectangle
  expect(svg).toMatch(/<text [^>]*>Gatekeeper 3\.19 upgrade<\/text>/);
  expect(svg).toContain(`>${LONG}</tspan>`);
  expect(svg).toContain(`>${SHORT}</tspan>`);
  expect(svg).not.toContain('…');
  // Drawn in the light theme's text colour, not the dark theme's.
  expect(svg).toContain('fill="rgb(31,35,40)"');
  expect(svg).not.toContain('fill="rgb(230,237,243)"');

  // The screen keeps its own drawing.
  const after = await page.evaluate(() =>
    (window as unknown as { __fbcGraph: import('cytoscape').Core }).__fbcGraph
      .nodes()
      .map((n) => String(n.data('label')).split('\n')[0] ?? ''),
  );
  expect(after).toEqual(onScreen);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
