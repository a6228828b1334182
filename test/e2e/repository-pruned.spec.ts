import { expect, test, type Page } from '@playwright/test';
import { prunedRepositoryFiles } from '../support/drop-versions-repository';
import { openSeededFolder } from './helpers';

/**
 * A repository whose pipeline prunes its template per OpenShift version (a drop-versions map): the
 * overview judges each catalog against the pruned render, and a drifted catalog's summary says
 * which pruning it was judged by, so a maintainer can tell the map's cutoff from a hand edit.
 */

async function openRepo(page: Page, name: string, files: Record<string, string>): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('fbc-studio.tour', 'seen'));
  await openSeededFolder(page, name, files, new RegExp(name));
}

const overview = (page: Page) => page.getByRole('main', { name: 'Catalog overview' });

test('a catalog pruned as the map says is in sync; one the map does not explain is drift, naming the pruning', async ({
  page,
}) => {
  await openRepo(
    page,
    'pruned-repo',
    prunedRepositoryFiles({ 'drop-versions.json': '{"4.16": "0.0", "4.17": "0.1"}\n' }),
  );
  await expect(overview(page).getByTestId('repository-summary')).toContainText(
    '2 catalogs · all pass opm validate · 1 template · loaded in',
  );
  await expect(overview(page).locator('.template-drift')).toHaveCount(0);

  // The map's cutoff for 4.17 below the stream the catalog lacks: that catalog is now drift.
  await openRepo(
    page,
    'pruned-repo-2',
    prunedRepositoryFiles({ 'drop-versions.yaml': '4.16:\n  drop: 0.0\n4.17:\n  drop: 0.0\n' }),
  );
  const drift = overview(page).locator('.template-drift');
  await expect(drift).toHaveCount(1);
  await expect(drift.locator('summary')).toHaveText(
    'catalog-4-17 differs from the render at migrate level bundle-object-to-csv-metadata ' +
      '(OpenShift 4.17 ≥ 4.17, where the pipelines require it), ' +
      'pruned as drop-versions.yaml says for OpenShift 4.17: Y-streams up to 0.0 dropped',
  );
  await drift.locator('summary').click();
  await expect(drift).toContainText('channel stable-0.1 added by the render');
});
