/**
 * The .zip of an edited folder keeps bytes that are not UTF-8: a Latin-1 `é` in a description
 * (JSON keeps it as U+FFFD, as Go's decoder does) survives a one-click edit of the same blob, byte
 * for byte, and the edit is there.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { goTo, openDemoFolder } from './edit-helpers';
import { demoFiles } from './helpers';

const BOREALIS = 'borealis-operator/catalog.json';

/** The demo's borealis catalog with its first `snowfields` spelt with a Latin-1 `é` (one byte, 0xE9). */
function latin1Catalog(): Buffer {
  const text = demoFiles()[BOREALIS]!;
  const at = text.indexOf('snowfields') + 2;
  return Buffer.concat([
    Buffer.from(text.slice(0, at)),
    Buffer.from([0xe9]),
    Buffer.from(text.slice(at + 1)),
  ]);
}

test('the .zip keeps a byte that is not UTF-8 in an edited file, and has the edit', async ({ page }) => {
  await openDemoFolder(page);
  // Overwrite the file with its Latin-1 bytes, then open the folder again so the catalog reads them.
  const bytes = [...latin1Catalog()];
  await page.evaluate(
    async ({ path, bytes }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('catalog');
      const [dir, name] = path.split('/') as [string, string];
      const w = await (await (await root.getDirectoryHandle(dir)).getFileHandle(name)).createWritable();
      await w.write(new Uint8Array(bytes));
      await w.close();
    },
    { path: BOREALIS, bytes },
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await goTo(page, '/?pkg=borealis-operator&ch=stable-v1');
  await expect(page.getByRole('tab', { name: /stable-v1/, selected: true })).toBeVisible();

  // One click edits the olm.package blob that holds the description: its defaultChannel.
  await page.locator('body').press('Alt+Shift+D');
  await expect(page.getByRole('tab', { name: /stable-v1.*default/ })).toBeVisible();

  await page.getByRole('button', { name: 'Download as .zip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download .zip' });
  // The demo carries a deliberate problem (cirrus): exporting an invalid catalog is confirmed first.
  await dialog.getByLabel(/I understand/).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Only the changed files').check();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const zip = unzipSync(new Uint8Array(readFileSync((await (await download).path())!)));

  const expected = Buffer.from(
    latin1Catalog()
      .toString('latin1')
      .replace('"defaultChannel": "stable-v2"', '"defaultChannel": "stable-v1"'),
    'latin1',
  );
  expect(Object.keys(zip)).toEqual([BOREALIS]);
  expect(Buffer.from(zip[BOREALIS]!).equals(expected)).toBe(true);
  // Not U+FFFD's three bytes where the é was.
  expect(Buffer.from(zip[BOREALIS]!).includes(Buffer.from([0xef, 0xbf, 0xbd]))).toBe(false);
});
