import { expect, test } from '@playwright/test';
import { problemRows, problems, seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';

/**
 * Hostile input in the browser's catalog worker, whose stack is its own: YAML nested up to 10,000
 * levels loads (as in opm), 10,001 fails with go-yaml's message; a problem whose message is 10 KB
 * is shown cut with "show all" revealing the whole.
 */

const GOOD = [
  'schema: olm.package\nname: good\ndefaultChannel: stable\n',
  'schema: olm.channel\npackage: good\nname: stable\nentries:\n- name: good.v1.0.0\n',
  'schema: olm.bundle\npackage: good\nname: good.v1.0.0\nimage: quay.io/good/b:v1.0.0\n' +
    'properties:\n- type: olm.package\n  value: {packageName: good, version: 1.0.0}\n',
].join('---\n');

function blockMappings(levels: number): string {
  const lines = ['schema: example.deep\n'];
  for (let i = 0; i < levels; i++) lines.push(' '.repeat(i) + 'x:\n');
  return lines.join('') + ' '.repeat(levels) + '1\n';
}

test('YAML 9,999 levels deep loads in the worker and the catalog passes, as in opm', async ({ page }) => {
  await stubDirectoryPicker(page, 'deep');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    {
      'good/index.yaml': GOOD,
      'deep/flow.yaml': 'schema: example.deep\nx: ' + '['.repeat(9999) + ']'.repeat(9999) + '\n',
      'deep/maps.yaml': 'schema: example.deep\nx: ' + '{a: '.repeat(9999) + '1' + '}'.repeat(9999) + '\n',
      'deep/seqs.yaml': 'schema: example.deep\nx:\n' + '- '.repeat(9999) + '1\n',
      // 3,000 block levels (4.5 MB): past what a worker's stack parses in one go.
      'deep/block.yaml': blockMappings(3000),
    },
    'deep',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(problems(page).getByText('opm validate: passed')).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('navigation', { name: 'Packages' }).getByRole('option', { name: /good/ }),
  ).toBeVisible();
});

test("YAML 10,001 levels deep fails in the worker with go-yaml's located message", async ({ page }) => {
  await stubDirectoryPicker(page, 'over');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    { 'good/index.yaml': GOOD, 'deep/over.yaml': '# one level too many\n' + '- '.repeat(10001) + '1\n' },
    'over',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(problems(page).getByText('opm validate: failed')).toBeVisible({ timeout: 30_000 });
  await expect(
    problemRows(page).filter({
      hasText: 'error converting YAML to JSON: yaml: line 2: exceeded max depth of 10000',
    }),
  ).toHaveCount(1);
});

test('a 10 KB message is shown cut with "… N more characters"; "show all" reveals the whole', async ({
  page,
}) => {
  await stubDirectoryPicker(page, 'long');
  await page.goto('/');
  await waitForCatalog(page);
  const name = 'n'.repeat(10_000);
  await seedOpfs(
    page,
    { 'good/index.yaml': GOOD, 'long/index.json': JSON.stringify({ schema: 'olm.package', name }) + '\n' },
    'long',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(problems(page).getByText('opm validate: failed')).toBeVisible();
  const row = problemRows(page).filter({ hasText: 'invalid package name' });
  await expect(row).toHaveCount(1);
  // The row carries 2,048 characters of the message and says how many more there are.
  const shown = (await row.locator('.message').textContent()) ?? '';
  expect(shown).toMatch(/^invalid package name "n+… \d+ more characters$/);
  const more = Number(/… (\d+) more characters$/.exec(shown)![1]);
  expect(shown.length).toBeLessThan(2100);
  expect(shown.includes(name)).toBe(false);

  await row.getByRole('button', { name: 'show all' }).click();
  const whole = problems(page).getByLabel('Whole message');
  await expect(whole).toBeVisible();
  const text = (await whole.textContent()) ?? '';
  expect(text.startsWith(`invalid package name "${name}": `)).toBe(true);
  expect(text.length).toBe(shown.indexOf('…') + more);
  await expect(row.getByRole('button', { name: 'show all' })).toHaveAttribute('aria-expanded', 'true');
});
