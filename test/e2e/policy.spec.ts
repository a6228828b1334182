import { expect, test } from '@playwright/test';
import { seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';

/** A one-bundle catalog of package foo; `props` are the bundle's properties beyond olm.package. */
function catalog(props: string): string {
  const digest = 'a'.repeat(64);
  return `---
schema: olm.package
name: foo
defaultChannel: stable
---
schema: olm.channel
package: foo
name: stable
entries:
  - name: foo.v1.0.0
---
schema: olm.bundle
package: foo
name: foo.v1.0.0
image: registry.redhat.io/acme/foo-bundle@sha256:${digest}
properties:
  - type: olm.package
    value:
      packageName: foo
      version: 1.0.0
${props}`;
}
const BUNDLE_OBJECT = '  - type: olm.bundle.object\n    value:\n      data: e30=\n';
const CSV_METADATA = '  - type: olm.csv.metadata\n    value:\n      displayName: Foo\n';

/**
 * A Konflux repository of ours (a .tekton FBC PipelineRun, catalogs for 4.16 and 4.17): the
 * repository bar names the pack, the Problems panel lists the task's failure as a Konflux error
 * beside opm's passed verdict, offers a filter by source, and the rule's entry links to the task.
 */
test('a pipeline pack’s findings in the Problems panel: named, filtered by source, linked to the check', async ({
  page,
}) => {
  await stubDirectoryPicker(page, 'konflux-repo');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    {
      '.tekton/foo-push.yaml':
        'apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  pipelineRef:\n    name: fbc-builder\n',
      'v4.16/catalog/foo/catalog.yaml': catalog(BUNDLE_OBJECT),
      // 4.17 with olm.bundle.object: validate-fbc refuses it, opm passes it.
      'v4.17/catalog/foo/catalog.yaml': catalog(CSV_METADATA + BUNDLE_OBJECT),
    },
    'konflux-repo',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.policy-pack')).toHaveText('Policy: Konflux');

  const panel = page.getByRole('region', { name: 'Problems' });
  const rows = panel.getByRole('listbox', { name: 'Problems' }).getByRole('option');
  const row = rows.filter({ hasText: 'Konflux error' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('olm.bundle.object bundle properties are not permitted');

  // The filter by source appears with a pack's findings; Konflux alone keeps that row only.
  const source = panel.getByLabel('Source');
  await expect(source).toBeVisible();
  await source.selectOption('konflux');
  await expect(rows).toHaveCount(1);
  await source.selectOption('');

  // The rule's catalogue entry names the pack and links to the pipeline's check.
  await row.click();
  await panel.getByRole('button', { name: /About rule konflux-/ }).click();
  const about = panel.getByRole('region', { name: /About rule konflux-/ });
  await expect(about).toContainText('Source: Konflux pack');
  await expect(about.getByRole('link')).toHaveAttribute('href', /konflux-ci\/.*validate-fbc/);
});
