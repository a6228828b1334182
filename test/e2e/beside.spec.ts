import { expect, test } from '@playwright/test';
import {
  corpusPath,
  hasShared,
  readTree,
  seedOpfs,
  sharedSkipReason,
  shot,
  stubDirectoryPicker,
  waitForCatalog,
} from './helpers';

/**
 * Formats beside OLM: a folder that is a Crossplane package shows its findings and its dependency
 * graph; a Fleet bundle with a fleet-clusters.yaml shows its target matrix.
 */
test('open a Crossplane configuration: its kind, no findings, the dependency graph with versions', async ({
  page,
}, info) => {
  if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
  test.skip(!hasShared, sharedSkipReason);
  await stubDirectoryPicker(page, 'platform-ref-aws');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    readTree(corpusPath('crossplane/upbound-platform-ref-aws@529b370')),
    'platform-ref-aws',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  const view = page.getByRole('region', { name: 'Crossplane package' });
  await expect(view).toContainText('Configuration platform-ref-aws');
  await expect(view.getByText('No problems found.')).toBeVisible();
  const graph = page.getByTestId('crossplane-graph');
  await expect(graph.getByRole('row')).toHaveCount(1 + 8 + 1 + 1 + 6);
  await expect(
    graph.getByRole('row', {
      name: /Configuration platform-ref-aws depends on Configuration xpkg\.upbound\.io\/upbound\/configuration-aws-network v0\.23\.0/,
    }),
  ).toBeVisible();
  await expect(
    graph.getByRole('row', { name: /XRD XCluster .* is composed by Composition xclusters/ }),
  ).toBeVisible();
  // Not an OLM catalog: no opm verdict (its errors would be false ones), the package's own instead.
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems).toContainText('Crossplane package: passed');
  await expect(page.getByText('opm validate: failed')).toHaveCount(0);
  await expect(problems.getByText('No problems found.')).toBeVisible();
  await shot(page, 'beside-crossplane', info);
});

const FLEET: Record<string, string> = {
  'fleet.yaml':
    'defaultNamespace: web\noverlays:\n  - name: prod\n    defaultNamespace: web-prod\ntargets:\n  - name: prod\n    clusterSelector:\n      matchLabels: {env: prod}\n    overlays: [prod]\n  - name: canary\n    clusterGroup: canaries\n  - name: rest\n    clusterSelector: {}\n  - name: never\n    clusterSelector: {matchLabels: {env: dev}}\n',
  'manifests/deployment.yaml':
    'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 1\n',
  'overlays/prod/deployment_patch.yaml': 'spec:\n  replicas: 3\n',
  'fleet-clusters.yaml':
    'clusters:\n  - name: prod-east\n    labels: {env: prod}\n  - name: canary-1\n    labels: {ring: canary}\n  - name: dev-1\n    labels: {env: dev}\nclusterGroups:\n  - name: canaries\n    selector: {matchLabels: {ring: canary}}\n',
};

test('open a Fleet bundle: the shadowed target is flagged at its line (14), the matrix shows first-match targets', async ({
  page,
}, info) => {
  await stubDirectoryPicker(page, 'web');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, FLEET, 'web');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  const view = page.getByRole('region', { name: 'Fleet bundle' });
  await expect(view).toContainText('Fleet bundle web');
  await expect(view.getByRole('list', { name: 'Findings' })).toContainText(
    'fleet.yaml:14:5 warning [fleet-target-shadowed]',
  );
  const matrix = page.getByTestId('fleet-matrix');
  await expect(matrix.getByRole('row')).toHaveText([
    /^Cluster\s*Groups\s*Target/,
    /^prod-east\s*prod\s*prod\s*web-prod/,
    /^canary-1\s*canaries\s*canary\s*web/,
    /^dev-1\s*rest\s*web/,
  ]);
  await shot(page, 'beside-fleet', info);
});

test('a Crossplane package with a finding: it shows in Problems at its line, not opm’s errors', async ({
  page,
}) => {
  await stubDirectoryPicker(page, 'config-db');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    {
      'crossplane.yaml':
        'apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: config-db\nspec:\n  crossplane:\n    version: ">=one.two"\n',
    },
    'config-db',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Crossplane package' })).toContainText('config-db');
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems).toContainText('Crossplane package: failed');
  await expect(page.getByText('opm validate: failed')).toHaveCount(0);
  const row = problems.getByRole('listbox', { name: 'Problems' }).getByRole('option');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAccessibleName(
    /^Crossplane error package version constraints are poorly formatted/,
  );
  await expect(row).toContainText('crossplane.yaml:7');
  await expect(problems.getByText(/opm error/)).toHaveCount(0);
  // Located like any problem: a double click opens its file in the editor.
  await row.dblclick();
  await expect(
    page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'crossplane.yaml' }),
  ).toBeVisible();
});
