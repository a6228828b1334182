import { expect, test } from '@playwright/test';
import { problems, seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';

/**
 * Hostile files opened in the app: the worker loads its on-demand checks and shows go-yaml's
 * messages, while the good files beside them load.
 */
function billionLaughs(): string {
  let s = 'schema: olm.package\nname: lol\na: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  for (let i = 1; i < 9; i++) {
    const n = String.fromCharCode(97 + i);
    s += `${n}: &${n} [${Array(9)
      .fill('*' + String.fromCharCode(96 + i))
      .join(',')}]\n`;
  }
  return s;
}

test('an alias bomb and a too-deep file fail with go-yaml messages; the good package loads', async ({
  page,
}) => {
  await stubDirectoryPicker(page, 'hostile');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    {
      'bomb/index.yaml': billionLaughs(),
      'deep/index.yaml': '['.repeat(20000),
      'good/index.yaml': 'schema: olm.package\nname: good\n',
    },
    'hostile',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(problems(page).getByText('opm validate: failed')).toBeVisible();
  await expect(
    problems(page)
      .getByText(/yaml: document contains excessive aliasing/)
      .first(),
  ).toBeVisible();
  await expect(
    problems(page)
      .getByText(/yaml: exceeded max depth of 10000/)
      .first(),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Packages' }).getByRole('option', { name: /good/ }),
  ).toBeVisible();
});
