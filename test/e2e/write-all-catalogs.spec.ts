import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { goTo, nodeMenu } from './edit-helpers';
import {
  corpusPath,
  hasShared,
  readOpfs,
  readTree,
  seedOpfs,
  sharedSkipReason,
  shot,
  stubDirectoryPicker,
  waitForCatalog,
} from './helpers';
import { startOpen } from './open-helpers';
import {
  applyToTwoVersions,
  confirmWrite,
  draftKeys,
  editTwoVersions,
  FILES,
  REPO,
  unreplaced,
  V19,
  V20,
  writeFromReview,
} from './write-all-helpers';

/**
 * Review's one Write for every catalog's pending edits: in a repository, an edit applied to two
 * OpenShift versions with "Also apply to" is written by one Write, as VS Code's "Save All" does —
 * both catalogs' files on disk, nothing pending anywhere; a file changed on disk meanwhile is shown
 * and kept, the other catalog written.
 */

/** No critical or serious axe violation in the dialog, in the light and the dark theme. */
async function axeClean(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    // Monaco's diff takes the theme on the next render.
    await page.waitForFunction(
      (dark) =>
        !document.querySelector('.monaco-diff-editor') ||
        (document.querySelector('.monaco-editor.vs-dark') !== null) === dark,
      colorScheme === 'dark',
    );
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map(
        (v) =>
          `${colorScheme} ${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data ?? '')}`).join(', ')}`,
      );
    expect(bad, bad.join('\n')).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const pendingNote = (page: Page) => page.getByRole('status').filter({ hasText: 'Edits pending in' });

test('one Write from Review writes both versions’ files; nothing shows as pending afterwards', async ({
  page,
}, info) => {
  await editTwoVersions(page);
  const impact = page.getByRole('region', { name: 'Impact of pending edits' });
  await expect(impact).toBeVisible();

  // The edits are kept as a draft of the catalog shown until written.
  await expect.poll(() => draftKeys(page)).toEqual([expect.stringMatching(/#v4\.20\/catalog$/)]);

  await page.getByRole('button', { name: /Review changes\s*1/ }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review.getByRole('region', { name: 'Pending edits by catalog' })).toContainText(
    'Edits are pending in 2 catalogs (2 files): “Write 2 catalogs” writes them all',
  );
  await expect(review.getByRole('button', { name: 'Write this catalog…' })).toBeVisible();
  await axeClean(page);
  await review.getByRole('button', { name: 'Write 2 catalogs (2 files)…' }).click();

  const write = page.getByRole('dialog', { name: 'Write every catalog' });
  // Both fail opm validate as edited (stable has two heads; 4.19's broken-operator already failed):
  // written only once that is confirmed — by keyboard, focus on the confirmation.
  await expect(write).toContainText('2 of the edited catalogs do not pass opm validate.');
  await expect(write.getByRole('listitem')).toHaveText([
    'OpenShift 4.20 · v4.20/catalog: 1 error',
    'OpenShift 4.19 · v4.19/catalog: 2 errors',
  ]);
  const confirm = write.getByLabel(/I understand/);
  await expect(confirm).toBeFocused();
  await axeClean(page);
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(write.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');

  const done = write.getByRole('status');
  await expect(done).toContainText('Done: 2 files written in 2 catalogs.');
  await expect(done.getByRole('region', { name: 'Written in OpenShift 4.20 · v4.20/catalog' })).toContainText(
    `Written (1)${V20}`,
  );
  await expect(done.getByRole('region', { name: 'Written in OpenShift 4.19 · v4.19/catalog' })).toContainText(
    `Written (1)${V19}`,
  );
  // Focus is on the step's own button, not lost with the one clicked.
  await expect(write.getByRole('button', { name: 'Close', exact: true }).last()).toBeFocused();
  await axeClean(page);
  await shot(page, '33-write-every-catalog', info);

  // Exactly the edits, on disk; every other file as it was.
  expect(await readOpfs(page, V20, REPO)).toBe(unreplaced(FILES[V20]!));
  expect(await readOpfs(page, V19, REPO)).toBe(unreplaced(FILES[V19]!));
  expect(await readOpfs(page, 'v4.18/catalog/alpha-operator/catalog.json', REPO)).toBe(
    FILES['v4.18/catalog/alpha-operator/catalog.json'],
  );

  await page.keyboard.press('Enter');
  await expect(write).toHaveCount(0);
  // Nothing pending anywhere: Review, the impact panel, the note of other versions' edits.
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
  await expect(impact).toHaveCount(0);
  await expect(pendingNote(page)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Catalog' }).selectOption('v4.19/catalog');
  await expect(page.locator('.catalog-name')).toHaveText(`${REPO}/v4.19/catalog`);
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
  await expect(pendingNote(page)).toHaveCount(0);
  await expect(impact).toHaveCount(0);

  // Nor after a reload: no draft of the written edits is kept to be offered back.
  await expect.poll(() => draftKeys(page)).toEqual([]);
  let asked = false;
  page.once('dialog', (d) => {
    asked = true;
    void d.accept();
  });
  await page.reload();
  await waitForCatalog(page);
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  // Either written catalog: the newest opens first, and the URL still names 4.19 (chosen above),
  // which the repository bar switches to once the repository is open; neither may offer a draft.
  await expect(page.locator('.catalog-name')).toHaveText(new RegExp(`^${REPO}/v4\\.(20|19)/catalog$`));
  await waitForCatalog(page);
  // The offer would come with the catalog (drafts are looked up as it opens, the banner loads lazily).
  await page.waitForTimeout(2000);
  await expect(page.getByRole('alert', { name: 'Unsaved edits' })).toHaveCount(0);
  expect(asked).toBe(false);
});

test('a file of one catalog changed on disk meanwhile is shown, not overwritten; the other catalog is written', async ({
  page,
}, info) => {
  await editTwoVersions(page);
  // Another program (an editor, git checkout) changes 4.19's file after it was read.
  const theirs = `${FILES[V19]!}\n`;
  await seedOpfs(page, { [V19]: theirs }, REPO);

  const write = await writeFromReview(page, 'Write 2 catalogs (2 files)…', 'Write every catalog');

  await expect(write.getByRole('alert')).toContainText('1 file changed on disk since it was read.');
  await expect(write.getByRole('alert')).toContainText('Nothing has been written.');
  const conflict = write.getByRole('region', { name: 'Changed on disk in OpenShift 4.19 · v4.19/catalog' });
  await expect(conflict.getByRole('button', { name: V19 })).toBeVisible();
  await expect(conflict).toContainText('the file was changed on disk since loading');
  // Side by side: the disk now against the edited version.
  await expect(write).toContainText('On disk now');
  await expect(write).toContainText('Your edited version');
  const proceed = write.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();
  await axeClean(page);
  await shot(page, '34-write-every-catalog-conflict', info);
  // Focus is on the conflict's first choice (the gate's button is gone): arrows choose, as in any radio group.
  await expect(conflict.getByLabel('Overwrite the disk with my edits')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(conflict.getByLabel('Skip it for now (my edits stay pending)')).toBeChecked();
  await proceed.click();

  const report = write.getByRole('alert');
  await expect(report).toContainText('Not everything was written: 1 of 2 files.');
  await expect(report).toContainText('still show as pending in their catalog');
  await expect(
    report.getByRole('region', { name: 'Written in OpenShift 4.20 · v4.20/catalog' }),
  ).toContainText(`Written (1)${V20}`);
  await expect(
    report.getByRole('region', { name: 'Written in OpenShift 4.19 · v4.19/catalog' }),
  ).toContainText(`Not written: changed on disk meanwhile (1)${V19}`);
  expect(await readOpfs(page, V20, REPO)).toBe(unreplaced(FILES[V20]!));
  expect(await readOpfs(page, V19, REPO)).toBe(theirs);
  await axeClean(page);
  await write.getByRole('button', { name: 'Close', exact: true }).last().click();

  // 4.20 is written; 4.19's edit stays pending, and Review writes it once chosen.
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
  await expect(pendingNote(page)).toHaveText('Edits pending in v4.19/catalog Review');
  await writeFromReview(page, 'Write 1 catalog (1 file)…', 'Write every catalog', () =>
    pendingNote(page).getByRole('button', { name: 'Review' }).click(),
  );
  await conflict.getByLabel('Overwrite the disk with my edits').check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('status')).toContainText('Done: 1 file written in 1 catalog.');
  expect(await readOpfs(page, V19, REPO)).toBe(unreplaced(FILES[V19]!));
  await page.keyboard.press('Escape');
  await expect(write).toHaveCount(0);
  await expect(pendingNote(page)).toHaveCount(0);
});

test('a catalog’s own Write still writes only it; the other version’s edits stay pending, and leaving the page asks first', async ({
  page,
}) => {
  await editTwoVersions(page);
  const write = await writeFromReview(page, 'Write this catalog…', 'Write to folder');
  await expect(write.getByRole('status')).toContainText('Done.');
  await write.getByRole('button', { name: 'Close', exact: true }).last().click();
  expect(await readOpfs(page, V20, REPO)).toBe(unreplaced(FILES[V20]!));
  expect(await readOpfs(page, V19, REPO)).toBe(FILES[V19]);
  await expect(pendingNote(page)).toHaveText('Edits pending in v4.19/catalog Review');

  let asked = '';
  page.once('dialog', (d) => {
    asked = d.type();
    void d.accept();
  });
  await page.reload();
  expect(asked).toBe('beforeunload');
});

test('through `fbc-studio open`’s server: one Write writes both versions, a file changed outside is kept', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'fbc-write-all-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const { url, stop } = await startOpen(dir, []);
  const onDisk = (p: string) => readFileSync(join(dir, p), 'utf8');
  try {
    await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
    await page.goto(url);
    await waitForCatalog(page);
    await expect(page.locator('.catalog-name')).toContainText('v4.20/catalog');
    await applyToTwoVersions(page);
    // An editor saves 4.19's file meanwhile.
    writeFileSync(join(dir, V19), `${FILES[V19]!}\n`);

    const write = await writeFromReview(page, 'Write 2 catalogs (2 files)…', 'Write every catalog');
    const conflict = write.getByRole('region', { name: 'Changed on disk in OpenShift 4.19 · v4.19/catalog' });
    await conflict.getByLabel('Skip it for now (my edits stay pending)').check();
    await write.getByRole('button', { name: 'Continue' }).click();
    await expect(write.getByRole('alert')).toContainText('Not everything was written: 1 of 2 files.');
    expect(onDisk(V20)).toBe(unreplaced(FILES[V20]!));
    expect(onDisk(V19)).toBe(`${FILES[V19]!}\n`);

    // Overwritten once chosen: both versions on disk as edited, nothing pending.
    await write.getByRole('button', { name: 'Write again' }).click();
    await confirmWrite(write);
    await conflict.getByLabel('Overwrite the disk with my edits').check();
    await write.getByRole('button', { name: 'Continue' }).click();
    await expect(write.getByRole('status')).toContainText('Done: 1 file written in 1 catalog.');
    expect(onDisk(V19)).toBe(unreplaced(FILES[V19]!));
    expect(onDisk(V20)).toBe(unreplaced(FILES[V20]!));
    await write.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(pendingNote(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('catalogs generated from templates: each one’s edit lands in its template and its render, one Write for both', async ({
  page,
}) => {
  if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
  // Reads ../shared (the corpus, not ours to copy; seeded into the browser's private folder only):
  // skipped with the printed reason where it is absent; CI has it.
  test.skip(!hasShared, sharedSkipReason);
  const repo = 'openshift-kueue-fbc';
  const tree = readTree(corpusPath(`fbc/${repo}`));
  await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
  await stubDirectoryPicker(page, repo);
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, tree, repo);
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText(`${repo}/v5.0/catalog`);
  await page.getByRole('combobox', { name: 'Catalog' }).selectOption('v4.22/catalog');
  await expect(page.locator('.catalog-name')).toHaveText(`${repo}/v4.22/catalog`);
  await goTo(page, '/?cat=v4.22%2Fcatalog&pkg=kueue-operator&ch=stable-v1.4&bundle=kueue-operator.v1.4.1');
  await nodeMenu(page, 'kueue-operator.v1.4.1', 'Promote to channel…');
  const promote = page.getByRole('dialog', { name: 'Promote to channel' });
  await promote.getByLabel('Channel (pick one, or type a new name)').fill('fast-v1.4');
  await promote
    .getByRole('group', { name: 'Also apply to' })
    .getByLabel(/OpenShift 4\.21/)
    .check();
  await promote.getByRole('button', { name: /^Apply/ }).click();
  await expect(promote).toHaveCount(0);

  await page.getByRole('button', { name: /Review changes\s*2/ }).click();
  await page
    .getByRole('dialog', { name: 'Review changes' })
    .getByRole('button', { name: 'Write 2 catalogs (4 files)…' })
    .click();
  const write = page.getByRole('dialog', { name: 'Write every catalog' });
  // Both pass opm validate: written at once.
  const done = write.getByRole('status');
  await expect(done).toContainText('Done: 4 files written in 2 catalogs.');
  for (const v of ['v4.22', 'v4.21']) {
    await expect(
      done.getByRole('region', { name: `Written in OpenShift ${v.slice(1)} · ${v}/catalog` }),
    ).toContainText(`Written (2)${v}/catalog-template.yaml${v}/catalog/kueue-operator/catalog.json`);
    const template = await readOpfs(page, `${v}/catalog-template.yaml`, repo);
    expect(template.startsWith('Schema: olm.semver\n')).toBe(true);
    expect(template).toMatch(/^Fast:\n {2}Bundles:\n {2}- Image: /m);
    expect(await readOpfs(page, `${v}/catalog/kueue-operator/catalog.json`, repo)).toContain(
      '"name": "fast-v1.4"',
    );
  }
  // The other versions are as they were.
  expect(await readOpfs(page, 'v4.23/catalog-template.yaml', repo)).toBe(tree['v4.23/catalog-template.yaml']);
  await write.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('button', { name: /Review changes/ })).toBeDisabled();
  await expect(pendingNote(page)).toHaveCount(0);
  await expect(page.getByText(/these edits change/)).toHaveCount(0);
});
