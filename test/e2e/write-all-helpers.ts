/** A repository with edits pending in two OpenShift versions: Review's "Write 2 catalogs" (write-all-catalogs.spec.ts, ux-axe). */
import { expect, type Locator, type Page } from '@playwright/test';
import { smallRepository } from '../support/small-repository';
import { goTo, nodeMenu } from './edit-helpers';
import { openSeededFolder } from './helpers';

export const REPO = 'small-repo';
export const FILES = smallRepository();
export const V19 = 'v4.19/catalog/alpha-operator/catalog.json';
export const V20 = 'v4.20/catalog/alpha-operator/catalog.json';

/** A catalog file as "Remove replaces edge" of alpha-operator 1.1.0 leaves it. */
export const unreplaced = (text: string): string =>
  text.replace(
    '{"name":"alpha-operator.v1.1.0","replaces":"alpha-operator.v1.0.1"}',
    '{"name":"alpha-operator.v1.1.0"}',
  );

/**
 * Opens the repository (4.20 shown) and removes alpha-operator 1.1.0's replaces edge there and, with
 * "Also apply to", in 4.19: one file changed in each.
 */
export async function editTwoVersions(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
  await openSeededFolder(page, REPO, FILES, `${REPO}/v4.20/catalog`);
  await applyToTwoVersions(page);
}

/** The same edit, in the repository already open (4.20 shown). */
export async function applyToTwoVersions(page: Page): Promise<void> {
  await goTo(page, '/?cat=v4.20%2Fcatalog&pkg=alpha-operator&ch=stable&bundle=alpha-operator.v1.1.0');
  await nodeMenu(page, 'alpha-operator.v1.1.0', 'Remove replaces edge');
  const remove = page.getByRole('dialog', { name: 'Remove replaces edge' });
  await remove
    .getByRole('group', { name: 'Also apply to' })
    .getByLabel(/OpenShift 4\.19/)
    .check();
  await remove.getByRole('button', { name: /^Apply/ }).click();
  await expect(remove).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Edits pending in' })).toHaveText(
    'Edits pending in v4.19/catalog Review',
  );
}

/** The keys of the drafts kept in IndexedDB (src/browser/write-drafts.ts). */
export const draftKeys = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((done, fail) => {
      const r = indexedDB.open('fbc-studio-drafts');
      r.onsuccess = () => done(r.result);
      r.onerror = () => fail(r.error);
    });
    const store = [...db.objectStoreNames][0];
    if (!store) return [];
    const all = await new Promise<{ key: string }[]>((done) => {
      const q = db.transaction(store, 'readonly').objectStore(store).getAll();
      q.onsuccess = () => done(q.result as { key: string }[]);
    });
    db.close();
    return all.map((d) => d.key);
  });

/**
 * From Review (opened with `review`, else already open), a write button, then its confirmation that
 * the catalogs fail opm validate and Continue: the write dialog (`dialog`), at its next step.
 */
export async function writeFromReview(
  page: Page,
  button: string,
  dialog: 'Write every catalog' | 'Write to folder',
  review?: () => Promise<void>,
): Promise<Locator> {
  await (review ? review() : page.getByRole('button', { name: /Review changes\s*1/ }).click());
  await page.getByRole('dialog', { name: 'Review changes' }).getByRole('button', { name: button }).click();
  return confirmWrite(page.getByRole('dialog', { name: dialog }));
}

/** The write dialog's "I understand" (the catalogs fail opm validate), then Continue. */
export async function confirmWrite(write: Locator): Promise<Locator> {
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  return write;
}
