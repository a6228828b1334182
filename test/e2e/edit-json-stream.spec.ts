import { expect, test } from '@playwright/test';
import { shot, waitForCatalog } from './helpers';
import { editor, editorCursor, editorPoint, hiddenModels, monacoText } from './edit-helpers';

const FILE = 'borealis-operator/catalog.json';
const SHADOWS = '/__fbc-shadow__/';

test('a JSON stream file gets the FBC schema’s hover and completion in every value, not just the first', async ({
  page,
}, info) => {
  await page.goto('/?pkg=borealis-operator&ch=stable-v2');
  await waitForCatalog(page);
  await page.getByRole('button', { name: /^Files/ }).click();
  await page.getByRole('list', { name: 'Catalog files' }).getByTitle(FILE).click();
  await expect.poll(() => monacoText(page, FILE)).toContain('"name": "stable-v2"');
  await expect(editor(page).getByText('JSON stream')).toBeVisible();

  // Hover a key of the 2nd value (the stable-v1 channel, lines 11–28): the schema's description.
  // (Monaco drops a hover when the editor scrolls or lays out meanwhile, as it may just after a
  // file opens: then the mouse comes again, as a person's would.)
  const entries = await editorPoint(page, 15, 8);
  const hover = page.locator('.monaco-hover').filter({ hasText: 'Channel entries' });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.mouse.move(entries.x, entries.y);
    await expect(hover).toContainText('Channel entries (bundles) and their upgrade edges.', {
      timeout: 3000,
    });
  }).toPass();
  await page.mouse.move(0, 0);

  // Start a key in the 3rd value's first entry (line 36 ends `"skipRange": ">=1.0.0 <2.0.0"`):
  // the channel-entry keys it does not have yet are offered, not another schema's.
  await editorCursor(page, 36, '            "skipRange": ">=1.0.0 <2.0.0"'.length + 1);
  await page.keyboard.type(',');
  await page.keyboard.press('Enter');
  await page.keyboard.type('"');
  await page.keyboard.press('Control+Space');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toContainText('replaces');
  await expect(suggest).toContainText('skips');
  await expect(suggest).not.toContainText('defaultChannel');
  await expect(suggest).not.toContainText('skipRange');
  await shot(page, '28-edit-json-stream-completion', info);

  // Accepting one inserts the key with an empty value (the schema's snippet), in this value.
  await page.keyboard.type('rep');
  await expect(suggest.locator('.monaco-list-row.focused')).toContainText('replaces');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => monacoText(page, FILE))
    .toMatch(/"skipRange": ">=1\.0\.0 <2\.0\.0",\n\s+"replaces": ""\n\s+\},/);

  // The hidden copy the JSON service reads never shows a marker of its own (the Monaco JSON
  // service checks a document half a second after it changes), and goes with the file's tab.
  await page.waitForTimeout(1000);
  expect(await hiddenModels(page, SHADOWS)).toEqual({ models: [`${SHADOWS}${FILE}`], markers: [] });
  await editor(page).getByRole('button', { name: 'Close catalog.json' }).click();
  await expect.poll(async () => (await hiddenModels(page, SHADOWS)).models).toEqual([]);
});
