import { expect, test, type Page } from '@playwright/test';
import { smallRepository } from '../support/small-repository';
import { corpusPath, hasShared, readTree, sharedSkipReason, shot, openSeededFolder } from './helpers';

/**
 * A repository opens on its overview: each catalog's verdict and template, the findings across
 * versions as links into their catalog, and every package across the versions with what changes.
 */

async function openRepo(page: Page, name: string, files: Record<string, string>): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
  // The catalog shown is one of the repository's: its name holds the folder's.
  await openSeededFolder(page, name, files, new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

const overview = (page: Page) => page.getByRole('main', { name: 'Catalog overview' });
const matrix = (page: Page) => page.getByRole('table', { name: 'Packages across OpenShift versions' });
const cell = (page: Page, pkg: string, version: string) =>
  matrix(page).getByRole('button', { name: new RegExp(`^${pkg} in OpenShift ${version}:`) });

test('a repository opens on its overview: verdicts, findings that open their catalog, what changes across versions', async ({
  page,
}, info) => {
  await openRepo(page, 'small-repo', smallRepository());
  const main = overview(page);
  await expect(main.getByRole('heading', { name: 'small-repo', level: 2 })).toBeVisible();
  // A real load time, never "0 ms".
  await expect(main.getByTestId('repository-summary')).toHaveText(
    /^3 catalogs · 1 failing opm validate · 0 templates · loaded in [1-9]\d* (ms|\.\d s)$/,
  );
  const catalogs = main.getByRole('table').first();
  await expect(catalogs.getByRole('row')).toHaveText([
    /^Catalogopm validateFBC Studio warningsPackagesTemplate$/,
    /^OpenShift 4\.18v4\.18\/catalogpassed 0 errors02none/,
    /^OpenShift 4\.19v4\.19\/catalogfailed 1 error\d+2none/,
    /^OpenShift 4\.20v4\.20\/catalogpassed 0 errors03none/,
  ]);

  // The matrix: the first version says what is there; later ones only what changed.
  await expect(cell(page, 'alpha-operator', '4.18')).toHaveText('stable · 1.0.1');
  await expect(cell(page, 'alpha-operator', '4.19')).toHaveText('head 1.1.0 (was 1.0.1)+1−1');
  await expect(cell(page, 'alpha-operator', '4.19')).toHaveAccessibleName(
    'alpha-operator in OpenShift 4.19: default channel stable, head 1.1.0; head was 1.0.1; added alpha-operator.v1.1.0; dropped alpha-operator.v1.0.0',
  );
  await expect(cell(page, 'alpha-operator', '4.20')).toHaveText('default fast (was stable)');
  await expect(cell(page, 'beta-operator', '4.20')).toHaveText('back');
  await expect(cell(page, 'gamma-operator', '4.20')).toHaveText('stable · 0.1.0');
  await expect(
    matrix(page)
      .getByRole('row', { name: /^beta-operator/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('gonenot in OpenShift 4.19');
  // A changed cell is marked so the eye finds it; an unchanged one is not.
  await expect(cell(page, 'alpha-operator', '4.19').locator('..')).toHaveClass(/changed/);
  await expect(cell(page, 'gamma-operator', '4.20').locator('..')).not.toHaveClass(/changed/);
  await shot(page, '31-repository-overview', info);

  // A cell opens that catalog at the package, on its default channel there.
  await cell(page, 'alpha-operator', '4.20').click();
  await expect(page.locator('.catalog-name')).toHaveText('small-repo/v4.20/catalog');
  await expect(page).toHaveURL(/cat=v4\.20%2Fcatalog&pkg=alpha-operator&ch=fast/);
  await expect(page.getByRole('tab', { name: /fast/, selected: true })).toBeVisible();

  // The overview is one click away in the repository bar.
  await page.getByRole('button', { name: /^Repository overview/ }).click();
  await expect(matrix(page)).toBeVisible();

  // A finding across versions opens in its catalog, at the bundle it names.
  const finding = main.getByRole('button', {
    name: /bundle alpha-operator\.v1\.0\.0 is in the OpenShift 4\.18 catalog but not in 4\.19/,
  });
  await finding.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.catalog-name')).toHaveText('small-repo/v4.18/catalog');
  await expect(page).toHaveURL(/cat=v4\.18%2Fcatalog&pkg=alpha-operator.*bundle=alpha-operator\.v1\.0\.0/);
  await expect(page.getByRole('complementary', { name: 'Bundle details' })).toContainText('1.0.0');

  // The catalogs table switches the catalog on screen and stays on the overview.
  await page.getByRole('button', { name: /^Repository overview/ }).click();
  await main.getByRole('button', { name: 'OpenShift 4.19', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('small-repo/v4.19/catalog');
  await expect(main.getByRole('row', { name: /^OpenShift 4\.19 v4\.19\/catalog/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(matrix(page)).toBeVisible();

  // One package's matrix: a bundle per row; a cell like the one before says "same", a change is
  // spelt out and marked, a bundle dropped says "gone"; a cell opens the bundle in that catalog.
  await cell(page, 'alpha-operator', '4.18').click();
  await page.getByRole('button', { name: 'Versions matrix' }).click();
  const dialog = page.getByRole('dialog', { name: 'Versions of alpha-operator' });
  const row = (b: string) => dialog.getByRole('row', { name: new RegExp(`^alpha-operator\\.v${b}`) });
  await expect(row('1\\.0\\.0').getByRole('cell')).toHaveText([
    'stable · default channel',
    'gonenot in this catalog',
    'gonenot in this catalog',
  ]);
  await expect(row('1\\.1\\.0').getByRole('cell')).toHaveText([
    '—not in this catalog',
    'stable (head) · default channel',
    'fast (head), stable (head) · default channel',
  ]);
  await expect(row('1\\.1\\.0').getByRole('cell').nth(2)).toHaveClass(/changed/);
  await row('1\\.1\\.0')
    .getByRole('button', { name: /^fast \(head\)/ })
    .click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.catalog-name')).toHaveText('small-repo/v4.20/catalog');
  await expect(page).toHaveURL(
    /cat=v4\.20%2Fcatalog&pkg=alpha-operator&ch=fast&bundle=alpha-operator\.v1\.1\.0/,
  );
});

/** The real repositories from ../shared/corpus: skipped, printing why, where it is absent. */
const CORPUS: { repo: string; pick?: (path: string) => boolean; catalogs: number; pkg: string }[] = [
  { repo: 'openshift-kueue-fbc', catalogs: 7, pkg: 'kueue-operator' },
  { repo: 'stolostron-gatekeeper-operator-fbc', catalogs: 6, pkg: 'gatekeeper-operator-product' },
  {
    repo: 'community-operators-prod',
    // Two of its four versions (v4.16 among them) keep the seeding within the test's time.
    pick: (p) => p.startsWith('catalogs/v4.16/') || p.startsWith('catalogs/v4.22/'),
    catalogs: 2,
    pkg: 'dell-csm-operator',
  },
];

for (const c of CORPUS) {
  test(`the overview of ${c.repo} (../shared/corpus)`, async ({ page }, info) => {
    if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
    // Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
    test.skip(!hasShared, sharedSkipReason);
    test.setTimeout(180_000);
    const tree = readTree(corpusPath(`fbc/${c.repo}`));
    const files = c.pick ? Object.fromEntries(Object.entries(tree).filter(([p]) => c.pick!(p))) : tree;
    await openRepo(page, c.repo, files);
    const main = overview(page);
    await expect(main.getByTestId('repository-summary')).toContainText(`${c.catalogs} catalogs · `);
    await expect(main.getByTestId('repository-summary')).toHaveText(/loaded in [1-9]/);
    await expect(main.getByRole('table').first().getByRole('row')).toHaveCount(c.catalogs + 1);
    await expect(matrix(page).getByRole('rowheader', { name: c.pkg })).toBeVisible();
    await shot(page, `31-overview-${c.repo}`, info);
    // Every finding that names a file in a catalog is a link; following the first lands in a catalog.
    const links = main.locator('.ro-findings button');
    if ((await links.count()) > 0) {
      await links.first().click();
      await expect(page).toHaveURL(/cat=/);
    }
  });
}
