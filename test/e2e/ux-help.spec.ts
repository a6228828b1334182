import { expect, test } from '@playwright/test';
import { seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';

test('? opens the shortcuts sheet; the first-run tour has four skippable steps and is offered once', async ({
  page,
}) => {
  await page.goto('/?pkg=aurora-operator&ch=stable');
  await waitForCatalog(page);
  const offer = page.getByRole('region', { name: 'Welcome' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Take the 4-step tour' }).click();
  for (let step = 1; step <= 4; step++) {
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Tour, step ${step} of 4`) });
    await expect(dialog).toBeVisible();
    await expect(page.locator('.tour-target')).toHaveCount(1);
    await dialog.getByRole('button', { name: step === 4 ? 'Done' : 'Next' }).click();
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('.tour-target')).toHaveCount(0);
  await page.reload();
  await waitForCatalog(page);
  await expect(page.getByRole('region', { name: 'Welcome' })).toHaveCount(0);

  // `?` anywhere but a text field: the shortcuts sheet; the tour again from there, skippable.
  await page.getByRole('tab', { name: /stable/ }).focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Leave the editor, back to where you came from');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /stable/ })).toBeFocused();
  await page.getByRole('button', { name: 'Keyboard shortcuts and tour' }).click();
  await sheet.getByRole('button', { name: 'Take the tour again' }).click();
  await page
    .getByRole('dialog', { name: /^Tour, step 1 of 4/ })
    .getByRole('button', { name: 'Skip the tour' })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Typing "?" in a field types it.
  const search = page.getByRole('searchbox', { name: 'Find bundle' });
  await search.fill('');
  await search.press('?');
  await expect(search).toHaveValue('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('descriptions render as sanitized Markdown when expanded: no raw HTML, only safe links', async ({
  page,
}) => {
  await stubDirectoryPicker(page, 'md');
  await page.goto('/');
  await waitForCatalog(page);
  const description = [
    'Line one is long enough to be folded, with **bold** and `code` and more words to pass the limit.',
    '',
    '- [docs](https://example.com/docs)',
    '- [bad](javascript:alert(1))',
    '',
    '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b onclick="x()">html</b>',
  ].join('\n');
  await seedOpfs(
    page,
    {
      'md-operator/catalog.json': `${JSON.stringify({ schema: 'olm.package', name: 'md-operator', defaultChannel: 'stable', description })}\n${JSON.stringify({ schema: 'olm.channel', package: 'md-operator', name: 'stable', entries: [{ name: 'md-operator.v1.0.0' }] })}\n${JSON.stringify({ schema: 'olm.bundle', package: 'md-operator', name: 'md-operator.v1.0.0', image: 'quay.io/example/md:v1', properties: [{ type: 'olm.package', value: { packageName: 'md-operator', version: '1.0.0' } }] })}\n`,
    },
    'md',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('md');
  await waitForCatalog(page);
  await page.getByRole('navigation', { name: 'Packages' }).getByRole('option').first().click();
  // Folded: rendered too, to its first line.
  const folded = page.locator('#package-description');
  await expect(folded.locator('strong')).toHaveText('bold');
  await expect(folded).not.toContainText('**bold**');
  await page.getByRole('button', { name: 'Show more' }).click();
  const md = page.locator('#package-description.markdown');
  await expect(md.locator('strong')).toHaveText('bold');
  await expect(md.locator('code')).toHaveText('code');
  const docs = md.getByRole('link', { name: 'docs' });
  await expect(docs).toHaveAttribute('href', 'https://example.com/docs');
  await expect(docs).toHaveAttribute('target', '_blank');
  await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(md.getByRole('link', { name: 'bad' })).toHaveCount(0);
  await expect(md).toContainText('bad');
  expect(await md.locator('script, img, [onclick], [onerror]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
