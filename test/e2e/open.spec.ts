/**
 * `fbc-studio open <repository> --no-browser` with the production build (dist/, what the
 * webServer step builds), a real server on a free port started and stopped here, and a repository
 * written by the test in a temporary folder: the app opens it at start, writes through the server,
 * offers a reload when a file changes outside, and shows a conflicting outside change instead of
 * overwriting it.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForCatalog } from './helpers';
import { startOpen } from './open-helpers';
import { goTo } from './edit-helpers';

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
schema: olm.channel
package: foo
name: fast
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
const V418 = 'v4.18/catalog/foo/catalog.yaml';
const V419 = 'v4.19/catalog/foo/catalog.yaml';

interface Served {
  dir: string;
  url: string;
  stop: () => Promise<void>;
}

let served: Served | undefined;

/** A two-version repository in a fresh folder, served by `fbc-studio open` from the sources. */
async function openRepository(...flags: string[]): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'fbc-open-e2e-'));
  for (const p of [V418, V419]) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), CATALOG);
  }
  const { url, stop } = await startOpen(dir, flags);
  return (served = { dir, url, stop });
}

test.afterEach(async () => {
  if (!served) return;
  const { stop, dir } = served;
  served = undefined;
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

const onDisk = (p: string) => readFileSync(join(served!.dir, p), 'utf8');

async function makeFastDefault(page: Page): Promise<void> {
  const q = new URL(page.url()).searchParams;
  q.set('pkg', 'foo');
  q.set('ch', 'fast');
  await goTo(page, `/?${q}`);
  await page.getByRole('button', { name: 'Channel actions ▾' }).click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  await expect(page.getByRole('tab', { name: /fast.*default/ })).toBeVisible();
}

test('open a repository: its catalogs listed, an action written through the server, exactly those bytes', async ({
  page,
}) => {
  const { url } = await openRepository();
  await page.goto(url);
  // The token left the address bar for a cookie.
  await expect(page).not.toHaveURL(/token=/);
  await waitForCatalog(page);
  const catalog = page.getByRole('combobox', { name: 'Catalog' });
  await expect(catalog.getByRole('option')).toHaveText([
    /^OpenShift 4\.18 · v4\.18\/catalog · valid$/,
    /^OpenShift 4\.19 · v4\.19\/catalog · valid$/,
  ]);
  await expect(page.locator('.catalog-name')).toContainText('v4.19/catalog');

  await makeFastDefault(page);
  await page.getByRole('button', { name: 'Write to folder' }).click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  await expect(write.getByRole('status')).toContainText('Done.');
  await expect(write).toContainText('foo/catalog.yaml');
  expect(onDisk(V419)).toBe(CATALOG.replace('defaultChannel: stable\n', 'defaultChannel: fast\n'));
  expect(onDisk(V418)).toBe(CATALOG);
  // The server's own write is not offered as an outside change.
  await page.waitForTimeout(800);
  await expect(page.getByRole('alert', { name: 'Changed on disk' })).toHaveCount(0);
});

test('a file changed outside is offered as a reload, and unsaved edits come back as a draft', async ({
  page,
}) => {
  const { url } = await openRepository();
  await page.goto(url);
  await waitForCatalog(page);
  await makeFastDefault(page);

  // An editor (or git checkout) changes the other version's catalog.
  writeFileSync(
    join(served!.dir, V418),
    CATALOG.replace('image: quay.io/example/', 'image: registry.example/'),
  );
  const offer = page.getByRole('alert', { name: 'Changed on disk' });
  await expect(offer).toContainText(`Changed on disk: ${V418}`);
  await offer.getByRole('button', { name: 'Reload' }).click();
  await expect(offer).toHaveCount(0);
  await waitForCatalog(page);
  // Read again: the edit is not applied any more, but kept and offered.
  const draft = page.getByRole('alert', { name: 'Unsaved edits' });
  await expect(draft).toContainText('Unsaved edits to 1 file');
  await draft.getByRole('button', { name: 'Restore edits' }).click();
  await expect(page.getByRole('button', { name: /Review changes\s*1/ })).toBeVisible();
  expect(onDisk(V419)).toBe(CATALOG);
});

test('a conflicting outside change is shown in the review, never overwritten', async ({ page }) => {
  const { url } = await openRepository();
  await page.goto(url);
  await waitForCatalog(page);
  await makeFastDefault(page);

  const theirs = CATALOG.replace(
    'name: foo\ndefaultChannel',
    '# edited elsewhere\nname: foo\ndefaultChannel',
  );
  writeFileSync(join(served!.dir, V419), theirs);
  await page.getByRole('button', { name: 'Write to folder' }).click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  await expect(write.getByRole('alert')).toContainText('1 file changed on disk since it was loaded');
  await expect(write).toContainText('the file was changed on disk since loading');
  await expect(write.getByTestId('diff-editor')).toContainText('# edited elsewhere');
  await write.getByRole('button', { name: 'Cancel (write nothing)' }).click();
  expect(onDisk(V419)).toBe(theirs);
});

test('--read-only: shown read-only, and a write sent straight to the server is refused', async ({ page }) => {
  const { url } = await openRepository('--read-only');
  await page.goto(url);
  await waitForCatalog(page);
  await expect(page.locator('header .tag', { hasText: 'read-only' })).toBeVisible();
  const status = await page.evaluate(async (path) => {
    const r = await fetch(`/api/file?path=${encodeURIComponent(path)}`, {
      method: 'PUT',
      headers: { 'If-None-Match': '*' },
      body: 'owned',
    });
    return r.status;
  }, 'v4.19/catalog/foo/new.yaml');
  expect(status).toBe(403);
  expect(onDisk(V419)).toBe(CATALOG);
});
