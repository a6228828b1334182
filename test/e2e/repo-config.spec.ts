import { expect, test } from '@playwright/test';
import { editorCursor, monacoMarkers, monacoText } from './edit-helpers';
import { problems, seedOpfs, shot, stubDirectoryPicker, waitForCatalog } from './helpers';

const REASON = 'skips kept for the 0.2 hotfix';

/**
 * One package, three bundles; `replaces` links them, or `skips` alone does (0.2.0 skips 0.1.0, 0.3.0
 * skips 0.2.0): a warning of ours on 0.3.0, whose skips leave 0.1.0 out (skips do not chain).
 */
function catalog(link: 'replaces' | 'skips'): string {
  const image = (v: string) => `quay.io/acme/foo-bundle@sha256:${v.replace(/\D/g, '').padStart(64, '0')}`;
  const bundle = (v: string) => ({
    schema: 'olm.bundle',
    package: 'foo',
    name: `foo.v${v}`,
    image: image(v),
    properties: [{ type: 'olm.package', value: { packageName: 'foo', version: v } }],
  });
  const after = (v: string) => (link === 'skips' ? { skips: [`foo.v${v}`] } : { replaces: `foo.v${v}` });
  return [
    { schema: 'olm.package', name: 'foo', defaultChannel: 'stable' },
    {
      schema: 'olm.channel',
      package: 'foo',
      name: 'stable',
      entries: [
        { name: 'foo.v0.1.0' },
        { name: 'foo.v0.2.0', ...after('0.1.0') },
        { name: 'foo.v0.3.0', ...after('0.2.0') },
      ],
    },
    bundle('0.1.0'),
    bundle('0.2.0'),
    bundle('0.3.0'),
  ]
    .map((b) => JSON.stringify(b, null, 2))
    .join('\n');
}

/**
 * A repository with a configuration that accepts one of our warnings: the Problems panel lists it
 * marked accepted with its reason, and the configuration opens in the editor with its schema.
 */
test('repository configuration: an accepted finding shows its reason; the file is completed from its schema', async ({
  page,
}, info) => {
  await stubDirectoryPicker(page, 'config-repo');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    {
      '.fbc-studio.yaml': `apiVersion: fbc-studio/v1\naccepted:\n  - rule: skips-only\n    package: foo\n    reason: ${REASON}\n`,
      'v4.16/catalog/foo/catalog.json': catalog('replaces'),
      'v4.17/catalog/foo/catalog.json': catalog('skips'),
    },
    'config-repo',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('config-repo/v4.17/catalog');
  await waitForCatalog(page);

  const row = problems(page).getByRole('option').filter({ hasText: 'Accepted:' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('FBC Studio warning');
  await expect(row).toContainText(`Accepted: ${REASON}`);
  // The warning names the older entry 0.3.0's skips leave out.
  await expect(row).toContainText('its skips leave out "foo.v0.1.0"');
  await expect(problems(page).getByText('0 errors, 1 warning (1 accepted)')).toBeVisible();
  // opm's verdict is its own.
  await expect(problems(page).getByText('opm validate: passed')).toBeVisible();
  await shot(page, 'repo-config-accepted', info);

  await page.getByRole('button', { name: 'Repository configuration' }).click();
  await expect.poll(() => monacoText(page, '.fbc-studio.yaml')).toContain(REASON);
  // The schema applies (not the FBC one, which would want a `schema` key): a misspelt key is flagged.
  const last = await page.evaluate(() => {
    const w = window as unknown as {
      __fbcEditor: {
        getModel(): { getLineCount(): number; uri: { path: string } };
        executeEdits(s: string, e: { range: unknown; text: string }[]): void;
      };
      __fbcMonaco: { Range: new (a: number, b: number, c: number, d: number) => unknown };
    };
    const model = w.__fbcEditor.getModel();
    const n = model.getLineCount();
    w.__fbcEditor.executeEdits('test', [
      { range: new w.__fbcMonaco.Range(n, 1, n, 1), text: 'mirror: []\n' },
    ]);
    return n + 1;
  });
  await expect
    .poll(async () =>
      (await monacoMarkers(page, '.fbc-studio.yaml')).filter((m) => m.owner === 'yaml').map((m) => m.message),
    )
    .toEqual([expect.stringContaining('Property mirror is not allowed')]);
  // Keys are completed from the schema.
  await editorCursor(page, last, 1);
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget')).toContainText('catalogs');
  await expect(page.locator('.suggest-widget')).toContainText('mirrors');
  await shot(page, 'repo-config-editor', info);
  await page.keyboard.press('Escape');
  // An accepted entry's rule is completed from the rule catalogue's own checks.
  await page.evaluate(() => {
    const w = window as unknown as {
      __fbcEditor: { executeEdits(s: string, e: { range: unknown; text: string }[]): void };
      __fbcMonaco: { Range: new (a: number, b: number, c: number, d: number) => unknown };
    };
    w.__fbcEditor.executeEdits('test', [
      { range: new w.__fbcMonaco.Range(6, 1, 6, 1), text: '  - rule: \n' },
    ]);
  });
  await editorCursor(page, 6, 11);
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget')).toContainText('indexignore-hides-everything');
  await page.keyboard.type('skew-b');
  await expect(page.locator('.suggest-widget')).toContainText('skew-bundle-dropped');
  await expect(page.locator('.editor-status')).toContainText('repository configuration schema');
  await page.keyboard.press('Escape');
});
