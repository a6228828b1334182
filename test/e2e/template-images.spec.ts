/**
 * A repository whose template names the bundle just built — pushed to a registry, in no catalog of
 * the repository — opened with `fbc-studio open` against Debian's docker-registry on 127.0.0.1
 * (the bundle pushed by skopeo): the app offers to pull it through the local server; once pulled,
 * the template renders (its catalog's drift says the bundle is missing from it), and an edit of
 * the catalog goes to the template and renders the catalog again with the pulled bundle, written
 * to disk through the server; an image the registry lacks is named on its template with the
 * registry's reason. Served statically (no `fbc-studio open`), the images are listed as before.
 */
import { expect, test } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bundleFiles } from '../unit/bundle/bundle-fixture';
import {
  BUNDLE_LABELS,
  hasRegistryTools,
  registrySkipReason,
  startRegistry,
  type TestRegistry,
  pushFiles,
} from '../support/registry';
import { goTo } from './edit-helpers';
import { seedOpfs, stubDirectoryPicker, waitForCatalog } from './helpers';
import { startOpen, type OpenServer } from './open-helpers';

/** The committed catalog: 1.0.0 on two channels; the template adds the built 1.1.0 to stable. */
const CATALOG = `---
schema: olm.package
name: op
defaultChannel: stable
---
schema: olm.channel
package: op
name: fast
entries:
  - name: op.v1.0.0
---
schema: olm.channel
package: op
name: stable
entries:
  - name: op.v1.0.0
---
schema: olm.bundle
name: op.v1.0.0
package: op
image: quay.io/acme/op-bundle:v1.0.0
properties:
  - type: olm.package
    value: {packageName: op, version: 1.0.0}
`;

const template = (built: string) => `schema: olm.template.basic
entries:
  - schema: olm.package
    name: op
    defaultChannel: stable
  - schema: olm.channel
    package: op
    name: fast
    entries:
      - name: op.v1.0.0
  - schema: olm.channel
    package: op
    name: stable
    entries:
      - name: op.v1.0.0
      - name: op.v1.1.0
        replaces: op.v1.0.0
  - schema: olm.bundle
    image: quay.io/acme/op-bundle:v1.0.0
  - schema: olm.bundle
    image: ${built}
`;

let reg: TestRegistry | undefined;
let server: OpenServer | undefined;
let dir: string | undefined;

test.afterEach(async () => {
  await server?.stop();
  server = undefined;
  await reg?.stop();
  reg = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
}

async function serve(built: string, missing: string): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'fbc-template-images-'));
  write(join(dir, 'repo'), {
    'v4.17/catalog/op/catalog.yaml': CATALOG,
    // v4.17's template names an image the registry does not have.
    'v4.17/catalog-template.yaml': template(missing),
    'v4.18/catalog/op/catalog.yaml': CATALOG,
    'v4.18/catalog-template.yaml': template(built),
  });
  server = await startOpen(join(dir, 'repo'), ['--use-http'], join(dir, 'home'));
  return server.url;
}

test("a template's bundle image no catalog holds: pulled through the server, rendered, edited", async ({
  page,
}) => {
  if (!hasRegistryTools) console.log(`skipped: ${registrySkipReason}`);
  // Runs Debian's docker-registry and skopeo (.ci/run installs both): skipped, saying why, where they are absent.
  test.skip(!hasRegistryTools, registrySkipReason);
  reg = await startRegistry('none');
  const files = bundleFiles({
    version: '1.1.0',
    channels: 'stable',
    defaultChannel: 'stable',
    replaces: 'op.v1.0.0',
  });
  const built = await pushFiles(reg, files, BUNDLE_LABELS, 'acme/op-bundle:v1.1.0');

  const missing = `${reg.host}/acme/op-bundle@sha256:${'0'.repeat(64)}`;
  await page.goto(await serve(built, missing));
  await waitForCatalog(page);
  await expect(page.locator('.catalog-name')).toContainText('v4.18/catalog');

  // Offline, the template does not render: the repository's overview names its image and offers the pull.
  const row = page.locator('.ro-table td div', {
    hasText: 'v4.18/catalog-template.yaml (olm.template.basic)',
  });
  await expect(row).toContainText(`not rendered offline: unresolved image ${built}`);
  await row.getByRole('button', { name: 'Pull 1 image through fbc-studio open and render' }).click();

  // Pulled: said on the template and in a notice; the drift verdict is the render's.
  await expect(row.getByRole('list', { name: 'Images pulled' })).toHaveText(`pulled ${built}`);
  await expect(
    page.getByText(`Pulled ${built}: v4.18/catalog-template.yaml is rendered with them`),
  ).toBeVisible();
  await expect(row).not.toContainText('not rendered offline');
  const drift = row.locator('.template-drift', {
    hasText: 'v4.18/catalog differs from the render at migrate level',
  });
  await expect(drift.locator('li')).toHaveText([
    'channel entries/edges (as the template lists them): stable: entry op.v1.1.0 added by the render',
    "bundles added/removed (exactly the template's images): op.v1.1.0 added by the render",
  ]);
  await drift.locator('summary').click();
  await expect(drift.locator('.template-diff')).toContainText(`+image: ${built}`);
  await expect(
    page.getByText(/v4\.18\/catalog is not what v4\.18\/catalog-template\.yaml renders at migrate level/),
  ).toBeVisible();

  // An image the registry does not have: the registry's reason, on that template.
  const other = page.locator('.ro-table td div', {
    hasText: 'v4.17/catalog-template.yaml (olm.template.basic)',
  });
  await other.getByRole('button', { name: 'Pull 1 image through fbc-studio open and render' }).click();
  await expect(other.getByRole('list', { name: 'Images pulled' })).toHaveText(
    `cannot pull ${missing}: pulling ${missing}: manifest unknown (${reg.host}/acme/op-bundle:sha256:${'0'.repeat(64)} not found)`,
  );
  await expect(other).toContainText('not rendered offline');
  await expect(page.getByText(/could not be pulled \(see v4\.17\/catalog-template\.yaml\)/)).toBeVisible();
  // The template pulled before keeps what it was told.
  await expect(row.getByRole('list', { name: 'Images pulled' })).toHaveText(`pulled ${built}`);

  // An action on the catalog now goes to its template, and the catalog is rendered with the pulled bundle.
  await goTo(page, '/?cat=v4.18%2Fcatalog&pkg=op&ch=fast');
  await page.getByRole('button', { name: 'Channel actions ▾' }).click();
  await page.getByRole('menuitem', { name: 'Set as default channel' }).click();
  // Routed to the template, the action asks first and says both files change.
  const action = page.getByRole('dialog', { name: 'Set as default channel' });
  await expect(action).toContainText(
    'v4.18/catalog-template.yaml is changed (the catalog is generated from it) and op/catalog.yaml is rendered from it again',
  );
  await action.getByRole('button', { name: 'Apply anyway' }).click();
  await expect(page.getByRole('tab', { name: /fast.*default/ })).toBeVisible();
  await expect(page.getByText(/these edits change v4\.18\/catalog-template\.yaml/)).toBeVisible();
  await page.getByRole('button', { name: 'Write to folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to folder' });
  await expect(dialog.getByRole('status')).toContainText('Done.');
  const onDisk = (p: string) => readFileSync(join(dir!, 'repo', p), 'utf8');
  expect(onDisk('v4.18/catalog-template.yaml')).toBe(
    template(built).replace('defaultChannel: stable', 'defaultChannel: fast'),
  );
  const rendered = onDisk('v4.18/catalog/op/catalog.yaml');
  expect(rendered).toContain('defaultChannel: fast');
  expect(rendered).toContain(`image: ${built}`);
  expect(rendered).toMatch(/name: op\.v1\.1\.0\n/);
  expect(onDisk('v4.17/catalog/op/catalog.yaml')).toBe(CATALOG);
  expect(onDisk('v4.17/catalog-template.yaml')).toBe(template(missing));
});

test('without fbc-studio open (static hosting), the unresolved images are listed and no pull is offered', async ({
  page,
}) => {
  const built = `quay.io/acme/op-bundle@sha256:${'ab'.repeat(32)}`;
  await stubDirectoryPicker(page, 'repo');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    {
      'v4.17/catalog/op/catalog.yaml': CATALOG,
      'v4.18/catalog/op/catalog.yaml': CATALOG,
      'v4.18/catalog-template.yaml': template(built),
    },
    'repo',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('repo/v4.18/catalog');
  await waitForCatalog(page);
  const row = page.locator('.ro-table td div', {
    hasText: 'v4.18/catalog-template.yaml (olm.template.basic)',
  });
  await expect(row).toContainText(`not rendered offline: unresolved image ${built}`);
  await expect(row.getByRole('button')).toHaveCount(0);
});
