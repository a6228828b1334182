import { expect, test, type Page } from '@playwright/test';
import { waitForCatalog } from './helpers';

interface CyNodes {
  nodes(selector: string): { map<T>(f: (n: { id(): string }) => T): T[] };
}

const selectedNodes = (page: Page) =>
  page.evaluate(() => {
    const cy = (window as unknown as { __fbcGraph?: CyNodes }).__fbcGraph;
    return cy ? cy.nodes('.sel').map((n) => n.id()) : [];
  });

const CLUSTER_EXTENSION = `apiVersion: olm.operatorframework.io/v1
kind: ClusterExtension
metadata:
  name: aurora
spec:
  namespace: aurora
  source:
    sourceType: Catalog
    catalog:
      packageName: aurora-operator
      channels: [stable]
      version: ">=1.0.0"
`;

/** The demo catalog open, the OLM v1 panel opened from the palette, `manifest` previewed in it. */
async function preview(page: Page, manifest: string) {
  await page.goto('/');
  await waitForCatalog(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: /Type a command/ }).fill('ClusterExtension');
  await palette.getByRole('option', { name: /OLM v1: preview a ClusterExtension/ }).click();
  const panel = page.getByRole('complementary', { name: 'OLM v1 preview' });
  await panel.getByRole('textbox', { name: 'ClusterExtension YAML' }).fill(manifest);
  await panel.getByRole('button', { name: 'Preview', exact: true }).click();
  return panel;
}

/**
 * OLM v1 preview: a ClusterExtension pasted into the panel resolves against the open (demo)
 * catalog as operator-controller would; the resolved bundle is selected on the graph, in its
 * channel, with every candidate's reason and the deprecation conditions listed beside it.
 */
test('paste a ClusterExtension: the resolved bundle is highlighted on the graph, with the reasons', async ({
  page,
}) => {
  const panel = await preview(page, CLUSTER_EXTENSION);

  await expect(panel.getByTestId('olmv1-resolved')).toHaveText(
    'Resolves to aurora-operator.v1.2.0 (version 1.2.0, channel stable)',
  );
  await expect(page.getByRole('tab', { name: /stable/, selected: true })).toBeVisible();
  await expect(page.getByTestId('channel-graph')).toHaveAttribute('data-ready', 'true');
  await expect.poll(() => selectedNodes(page)).toEqual(['aurora-operator.v1.2.0']);

  const table = panel.getByRole('table', { name: 'Candidates and why' });
  const row = (bundle: string) =>
    table.getByRole('row').filter({ has: page.getByRole('cell', { name: bundle, exact: true }) });
  await expect(row('aurora-operator.v1.3.0')).toContainText('not in channels [stable]');
  await expect(row('aurora-operator.v1.0.0')).toContainText(
    'deprecated; the non-deprecated aurora-operator.v1.2.0 is preferred',
  );
  await expect(row('aurora-operator.v1.2.0')).toContainText('resolved');
  await expect(panel.getByRole('list', { name: 'Conditions it would set' })).toContainText(
    'PackageDeprecated=False (NotDeprecated): package not deprecated',
  );

  // The bundle panel of the resolved bundle: its OLM v1 eligibility, unknown where the catalog's
  // csv metadata lacks what operator-controller checks.
  await panel.getByRole('button', { name: 'Close the OLM v1 preview' }).click();
  await expect(panel).toHaveCount(0);
  const bundlePanel = page.getByRole('article', { name: 'Bundle aurora-operator.v1.2.0' });
  await bundlePanel.getByRole('button', { name: 'Check eligibility' }).click();
  await expect(bundlePanel.getByTestId('olmv1-eligibility')).toHaveText('OLM v1: unknown');
  await expect(bundlePanel).toContainText('olm.csv.metadata carries no install modes');
});

/**
 * A ClusterExtension the API server would refuse is refused in the panel too, in the API server's
 * words, instead of being resolved as if it were valid.
 */
test('paste a ClusterExtension the API server refuses: the panel says why, nothing resolves', async ({
  page,
}) => {
  const panel = await preview(page, CLUSTER_EXTENSION.replace('namespace: aurora', 'namespace: Aurora_NS'));
  // One error: the API server's format without brackets (two or more are listed in [ ]).
  await expect(panel.getByTestId('olmv1-resolved')).toHaveText(
    'Does not resolve: ClusterExtension: ClusterExtension.olm.operatorframework.io "aurora" is invalid: spec.namespace: Invalid value: "string": namespace must be a valid DNS1123 label',
  );
  await expect(panel.getByRole('table', { name: 'Candidates and why' })).toHaveCount(0);
  await expect.poll(() => selectedNodes(page)).toEqual([]);
});

/**
 * A catalog selector operator-controller cannot build (LabelSelectorAsSelector) stops the
 * resolution with apimachinery's words, as the controller's status would say it.
 */
test('a catalog selector that does not build: the panel gives apimachinery’s reason', async ({ page }) => {
  const panel = await preview(
    page,
    CLUSTER_EXTENSION.replace(
      '      version: ">=1.0.0"\n',
      '      version: ">=1.0.0"\n      selector:\n        matchExpressions:\n          - {key: env, operator: In, values: []}\n',
    ),
  );
  await expect(panel.getByTestId('olmv1-resolved')).toContainText(
    "desired catalog selector is invalid: values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty",
  );
  await expect.poll(() => selectedNodes(page)).toEqual([]);
});
