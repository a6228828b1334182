import { expect, test } from '@playwright/test';
import { bundleFiles } from '../unit/bundle/bundle-fixture';
import { demoFiles, readOpfs, seedOpfs, waitForCatalog } from './helpers';
import { nodePoint } from './edit-helpers';

const AURORA = 'aurora-operator/catalog.yaml';

/**
 * A bundle folder (built here from our own small fixture) added to the open demo catalog: picked
 * through the palette, its proposed entry accepted, the new node in the graph, written to the folder.
 */
test('add a bundle folder: proposed entry, new node and edge, written to the folder', async ({ page }) => {
  // The folder picker returns the OPFS folder named by window.__pick (the catalog, then the bundle).
  await page.addInitScript(() => {
    const w = window as unknown as { __pick?: string; showDirectoryPicker: () => Promise<unknown> };
    w.showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(w.__pick ?? 'catalog', { create: true });
  });
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, demoFiles());
  // The CSV lists a property in its olm.properties annotation, as many operators declare
  // olm.maxOpenShiftVersion: opm makes it one of the bundle's properties.
  const files = bundleFiles({
    pkg: 'aurora-operator',
    version: '1.5.0',
    replaces: 'aurora-operator.v1.2.0',
    skipRange: '>=1.0.0 <1.5.0',
    channels: 'stable',
  });
  for (const [path, text] of Object.entries(files)) {
    if (path.includes('clusterserviceversion'))
      files[path] = text.replace(
        '  annotations:\n',
        `  annotations:\n    olm.properties: '[{"type": "olm.maxOpenShiftVersion", "value": "4.19"}]'\n`,
      );
  }
  await seedOpfs(page, files, 'bundle');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('catalog');
  await waitForCatalog(page);

  await page.evaluate(() => ((window as unknown as { __pick: string }).__pick = 'bundle'));
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('add bundle');
  await palette.getByRole('option', { name: /Add bundle from folder/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Add bundle aurora-operator.v1.5.0' });
  await expect(dialog.getByText('bundle: registry+v1')).toBeVisible();
  // operator-framework/api's CSV warnings reach the dialog with their rule (the fixture sets no
  // minKubeVersion and no alm-examples); they do not stop the bundle from being added.
  const findings = dialog.getByRole('region', { name: 'Findings' });
  await expect(findings).toContainText('warning [bundle-csv-min-kube-version-missing]');
  await expect(findings).toContainText(
    'warning [bundle-csv-examples-missing] (aurora-operator.v1.5.0) example annotations not found',
  );
  const table = dialog.getByRole('table', { name: 'Proposed entries' });
  await expect(table.getByLabel('Channel of entry 1')).toHaveValue('stable');
  await expect(table.getByLabel('Replaces of entry 1')).toHaveValue('aurora-operator.v1.2.0');
  await expect(table).toContainText("the CSV's spec.replaces");
  await dialog.getByLabel(/Bundle image/).fill('quay.io/acme/aurora-operator-bundle:v1.5.0');
  await expect(dialog.getByText(`Changes ${AURORA} in one step.`)).toBeVisible();

  // Before Apply: the stable graph as it will be, the new node (highlighted) its head, its new edges.
  const preview = dialog.getByRole('region', { name: 'Graph after adding' });
  await expect(preview.getByTestId('channel-graph')).toHaveAttribute('data-node-count', '4');
  await expect(preview).toContainText('aurora-operator.v1.5.0 would be the head of the channel.');
  await expect(preview.getByRole('list', { name: 'New edges' })).toContainText(
    'aurora-operator.v1.2.0 → aurora-operator.v1.5.0 (replaces)',
  );
  expect(
    await page.evaluate(() => {
      const cy = (
        window as unknown as { __fbcGraph: { getElementById(id: string): { hasClass(c: string): boolean } } }
      ).__fbcGraph;
      return cy.getElementById('aurora-operator.v1.5.0').hasClass('hl');
    }),
  ).toBe(true);
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('Added aurora-operator.v1.5.0. Undo with Ctrl+Z.')).toBeVisible();

  // The stable graph has the new node, the head now, replacing v1.2.0.
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-node-count', '4');
  await nodePoint(page, 'aurora-operator.v1.5.0');

  await page.getByRole('button', { name: /Review changes/ }).click();
  await page
    .getByRole('dialog', { name: 'Review changes' })
    .getByRole('button', { name: 'Write to folder…' })
    .click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  await write.getByLabel(/I understand/).check();
  await write.getByRole('button', { name: 'Continue' }).click();
  await expect(write.getByRole('status')).toContainText('Done.');
  const text = await readOpfs(page, AURORA);
  expect(text).toContain(
    "    skipRange: '>=1.0.0 <1.2.0'\n  - name: aurora-operator.v1.5.0\n    replaces: aurora-operator.v1.2.0\n    skipRange: '>=1.0.0 <1.5.0'\n---\n",
  );
  expect(text).toContain(
    '\nimage: quay.io/acme/aurora-operator-bundle:v1.5.0\nname: aurora-operator.v1.5.0\n',
  );
  expect(text).toContain('\n- type: olm.maxOpenShiftVersion\n  value: "4.19"\n- type: olm.package\n');
});

/** A catalog kept one blob per file, bundles named by version (as Red Hat's catalogs are). */
const bundleDoc = (v: string) =>
  `---\nimage: quay.io/acme/op-bundle:v${v}\nname: op.v${v}\npackage: op\nproperties:\n  - type: olm.package\n    value:\n      packageName: op\n      version: ${v}\nschema: olm.bundle\n`;
const PER_FILE: Record<string, string> = {
  'package.yaml': '---\ndefaultChannel: stable\nname: op\nschema: olm.package\n',
  'channels/channel-stable.yaml':
    '---\nentries:\n  - name: op.v1.1.0\n  - name: op.v1.2.0\n    replaces: op.v1.1.0\nname: stable\npackage: op\nschema: olm.channel\n',
  'bundles/bundle-v1.1.0.yaml': bundleDoc('1.1.0'),
  'bundles/bundle-v1.2.0.yaml': bundleDoc('1.2.0'),
};

test('add bundle: refuses an empty image before Apply; the bundle gets a file of its own, named as its siblings', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __pick?: string; showDirectoryPicker: () => Promise<unknown> };
    w.showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(w.__pick ?? 'catalog', { create: true });
  });
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, PER_FILE);
  await seedOpfs(
    page,
    bundleFiles({ version: '1.3.0', replaces: 'op.v1.2.0', channels: 'stable' }),
    'bundle',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.locator('.catalog-name')).toHaveText('catalog');
  await waitForCatalog(page);

  await page.evaluate(() => ((window as unknown as { __pick: string }).__pick = 'bundle'));
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('add bundle');
  await palette.getByRole('option', { name: /Add bundle from folder/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Add bundle op.v1.3.0' });
  const image = dialog.getByLabel(/Bundle image/);
  // Focus opens on what needs an answer; with no image, opm's words and no Apply.
  await expect(image).toBeFocused();
  await expect(dialog.getByRole('alert')).toContainText('bundle image must be set');
  await expect(dialog.getByRole('button', { name: /^Apply/ })).toBeDisabled();

  await image.fill('quay.io/acme/op-bundle:v1.3.0');
  await expect(
    dialog.getByText('Changes channels/channel-stable.yaml, bundles/bundle-v1.3.0.yaml in one step.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('Added op.v1.3.0. Undo with Ctrl+Z.')).toBeVisible();

  await page.getByRole('button', { name: /Review changes/ }).click();
  await page
    .getByRole('dialog', { name: 'Review changes' })
    .getByRole('button', { name: 'Write to folder…' })
    .click();
  const write = page.getByRole('dialog', { name: 'Write to folder' });
  // Nothing written elsewhere since opening, so it writes without asking.
  await expect(write.getByRole('status')).toContainText('Done.');
  expect(await readOpfs(page, 'bundles/bundle-v1.3.0.yaml')).toMatch(
    /^---\nimage: quay\.io\/acme\/op-bundle:v1\.3\.0\nname: op\.v1\.3\.0\n/,
  );
  // The sibling keeps only its own bundle.
  expect(await readOpfs(page, 'bundles/bundle-v1.2.0.yaml')).toBe(bundleDoc('1.2.0'));
});
