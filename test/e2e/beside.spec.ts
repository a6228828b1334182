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
import { editorCursor, monacoMarkers, monacoText, openFromFiles } from './edit-helpers';

/**
 * Formats beside OLM: a folder that is a Crossplane package shows its findings and its dependency
 * graph; a Fleet bundle with a fleet-clusters.yaml shows its target matrix, each cluster's files and a diff.
 */
test('open a Crossplane configuration: its kind, no findings, the dependency graph with versions', async ({
  page,
}, info) => {
  // The package is the real platform-ref-aws from ../shared/corpus: skipped, printing why, where it is absent.
  if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
  // Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
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
  // The kinds it ships: one Composition and its XRD, in file order.
  await expect(view.getByTestId('crossplane-kinds')).toHaveText(
    ' (1 Composition, 1 CompositeResourceDefinition)',
  );
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

test('Crossplane: the graph is drawn; add a dependency and bump a constraint, then review the file', async ({
  page,
}, info) => {
  // The package is the real platform-ref-aws from ../shared/corpus: skipped, printing why, where it is absent.
  if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
  // Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
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
  const canvas = page.getByTestId('crossplane-canvas');
  await expect(canvas.locator('canvas').first()).toBeVisible();
  await expect(canvas).toHaveAttribute('aria-label', /1 package, 8 dependencies, 0 conflicting/);
  const drawn = () =>
    page.evaluate(() => {
      const cy = (
        window as unknown as {
          __fbcCrossplaneGraph?: { edges(): { map<T>(f: (e: { data(k: string): unknown }) => T): T[] } };
        }
      ).__fbcCrossplaneGraph;
      return cy ? cy.edges().map((e) => String(e.data('label'))) : [];
    });
  await expect.poll(drawn).toContain('v0.23.0');

  const form = page.getByRole('form', { name: 'Add dependency' });
  await form.getByLabel('Kind').selectOption('Provider');
  await form.getByLabel('Package').fill('xpkg.upbound.io/upbound/provider-aws-s3');
  await form.getByLabel('Version').fill('>=v1.0.0');
  await form.getByRole('button', { name: 'Add dependency' }).click();
  await expect(form.getByRole('status')).toContainText('Added xpkg.upbound.io/upbound/provider-aws-s3');
  const graph = page.getByTestId('crossplane-graph');
  await expect(
    graph.getByRole('row', {
      name: /depends on Provider xpkg\.upbound\.io\/upbound\/provider-aws-s3 >=v1\.0\.0/,
    }),
  ).toBeVisible();
  await expect.poll(drawn).toContain('>=v1.0.0');

  await graph
    .getByRole('button', { name: 'Bump constraint of xpkg.upbound.io/upbound/configuration-aws-network' })
    .click();
  await graph.getByRole('textbox', { name: 'New constraint', exact: true }).fill('>=v0.24.0');
  await graph.getByRole('button', { name: 'Set', exact: true }).click();
  await expect(graph.getByRole('row', { name: /configuration-aws-network >=v0\.24\.0/ })).toBeVisible();
  await shot(page, 'beside-crossplane-edit', info);

  // Both edits are one changed file, as any edit: reviewed with the comments kept.
  await page.getByRole('button', { name: /Review changes\s*1/ }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review.getByRole('listbox', { name: 'Changed files' }).getByRole('option')).toHaveText([
    /crossplane\.yaml\s*\+3\s*−1/,
  ]);
  await expect(review.getByTestId('diff-editor')).toContainText(
    '- provider: xpkg.upbound.io/upbound/provider-aws-s3',
  );
  await expect(review.getByTestId('diff-editor')).toContainText('version: ">=v0.24.0"');
});

test('Crossplane: crossplane.yaml in the editor has its own schema: a misspelt dependency key is flagged, keys are completed', async ({
  page,
}) => {
  // The package is the real platform-ref-aws from ../shared/corpus: skipped, printing why, where it is absent.
  if (!hasShared) console.log(`skipped: ${sharedSkipReason}`);
  // Reads ../shared (the corpus, not ours to copy): skipped with the printed reason where it is absent; CI has it.
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
  await expect(page.getByRole('region', { name: 'Crossplane package' })).toBeVisible();
  await openFromFiles(page, 'crossplane.yaml');
  await expect.poll(() => monacoText(page, 'crossplane.yaml')).toContain('configuration-aws-network');
  // A new last entry with a misspelt key (the file ends with a newline: its last line is empty).
  const last = await page.evaluate(() => {
    const ed = (
      window as unknown as {
        __fbcEditor: {
          getModel(): { getLineCount(): number };
          executeEdits(s: string, e: { range: unknown; text: string }[]): void;
        };
        __fbcMonaco: { Range: new (a: number, b: number, c: number, d: number) => unknown };
      }
    ).__fbcEditor;
    const { Range } = (
      window as unknown as {
        __fbcMonaco: { Range: new (a: number, b: number, c: number, d: number) => unknown };
      }
    ).__fbcMonaco;
    const n = ed.getModel().getLineCount();
    ed.executeEdits('test', [
      { range: new Range(n, 1, n, 1), text: '    - provder: xpkg.upbound.io/a/b\n      ' },
    ]);
    return n + 1;
  });
  await expect
    .poll(async () =>
      (await monacoMarkers(page, 'crossplane.yaml')).filter((m) => m.owner === 'yaml').map((m) => m.message),
    )
    .toContainEqual(expect.stringContaining('Property provder is not allowed'));
  // That one only: the FBC schema (which would want a `schema` key) does not apply to it.
  expect(
    (await monacoMarkers(page, 'crossplane.yaml')).filter((m) => m.owner === 'yaml').map((m) => m.message),
  ).toEqual([expect.stringContaining('Property provder is not allowed')]);
  await editorCursor(page, last, 7);
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget')).toContainText('version');
  await page.keyboard.press('Escape');
});

const FLEET: Record<string, string> = {
  'fleet.yaml':
    'defaultNamespace: web\ntargetCustomizations:\n  - name: prod\n    clusterSelector:\n      matchLabels: {env: prod}\n    defaultNamespace: web-prod\n    yaml:\n      overlays: [prod]\n  - name: canary\n    clusterGroup: canaries\n  - name: rest\n    clusterSelector: {}\n  - name: never\n    clusterSelector: {matchLabels: {env: dev}}\n',
  'deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 1\n',
  'overlays/prod/deployment_patch.yaml': 'spec:\n  replicas: 3\n',
  '.fleetignore': 'fleet-clusters.yaml\n',
  'fleet-clusters.yaml':
    'clusters:\n  - name: prod-east\n    labels: {env: prod}\n  - name: canary-1\n    labels: {ring: canary}\n  - name: dev-1\n    labels: {env: dev}\nclusterGroups:\n  - name: canaries\n    selector: {matchLabels: {ring: canary}}\n',
};

test('open a Fleet bundle: the shadowed target is flagged at its line (13), the matrix shows each cluster its target, files and diff', async ({
  page,
}, info) => {
  await stubDirectoryPicker(page, 'web');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, FLEET, 'web');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  const view = page.getByRole('region', { name: 'Fleet bundle' });
  await expect(view).toContainText('Fleet bundle web');
  // deployment.yaml and the overlay's patch: both are resources of the Bundle, as fleet apply stores them.
  await expect(view).toContainText(/ · 2 resources · overlays: prod/);
  await expect(view.getByRole('list', { name: 'Findings' })).toContainText(
    'FBC Studio warning fleet.yaml:13:5 [fleet-target-shadowed]',
  );
  const matrix = page.getByTestId('fleet-matrix');
  await expect(matrix.getByRole('table').getByRole('row')).toHaveText([
    /^Cluster\s*Groups\s*Target/,
    /^prod-east\s*prod\s*prod\s*web-prod/,
    /^canary-1\s*canaries\s*canary\s*web/,
    /^dev-1\s*rest\s*web/,
  ]);
  // prod-east gets the patched Deployment (the JSON Fleet writes); against dev-1, the line diff.
  const content = page.getByTestId('fleet-content');
  await content.getByText('deployment.yaml').click();
  await expect(content.locator('pre')).toContainText('"replicas":3');
  await content.getByLabel('compared with').selectOption('dev-1');
  await expect(content.locator('pre')).toContainText('-{"apiVersion":"apps/v1"');
  await expect(content.locator('pre')).toContainText('+  replicas: 1');
  await shot(page, 'beside-fleet', info);
});

const FLEET_HELM: Record<string, string> = {
  'fleet.yaml':
    'helm:\n  chart: ./chart\n  values:\n    replicas: ${ .ClusterValues.replicas }\n    host: "${ .ClusterName }.${ .ClusterLabels.region }.example.com"\n',
  'chart/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\n',
  'chart/templates/cm.yaml': 'kind: ConfigMap\n',
  '.fleetignore': 'fleet-clusters.yaml\n',
  'fleet-clusters.yaml':
    'clusters:\n  - name: east\n    labels: {region: us-east}\n    templateValues: {replicas: 3}\n  - name: west\n    labels: {region: us-west}\n    templateValues: {replicas: 1}\nclusterGroups:\n  - name: default\n    selector: {}\n',
};

test('a Fleet helm bundle: each cluster shows its helm values with the ${ } templates rendered, and two clusters’ values compare', async ({
  page,
}) => {
  await stubDirectoryPicker(page, 'web');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(page, FLEET_HELM, 'web');
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  const content = page.getByTestId('fleet-content');
  await content.getByText('(helm values)').click();
  await expect(content.locator('pre').first()).toHaveText(
    // Read back from the YAML the controller renders, whose keys are sorted.
    'host: east.us-east.example.com\nreplicas: 3\n',
  );
  await content.getByLabel('compared with').selectOption('west');
  await expect(content.locator('pre').first()).toContainText('-replicas: 3');
  await expect(content.locator('pre').first()).toContainText('+replicas: 1');
  await expect(content.locator('pre').first()).toContainText('+host: west.us-west.example.com');
});

test('a Fleet helm bundle whose values template fails for a cluster: Fleet’s error, at the template', async ({
  page,
}) => {
  await stubDirectoryPicker(page, 'web');
  await page.goto('/');
  await waitForCatalog(page);
  await seedOpfs(
    page,
    {
      ...FLEET_HELM,
      'fleet.yaml': 'helm:\n  chart: ./chart\n  values:\n    zone: ${ .ClusterLabels.zone }\n',
    },
    'web',
  );
  await page.getByRole('button', { name: 'Open folder', exact: true }).click();
  const view = page.getByRole('region', { name: 'Fleet bundle' });
  await expect(view.getByRole('list', { name: 'Findings' })).toContainText(
    'Fleet error fleet.yaml:4:11 [fleet-values-render-error]',
  );
  await expect(view.getByRole('list', { name: 'Findings' })).toContainText(
    'helm values of east, west: failed to render helm values template',
  );
  await expect(view.getByRole('list', { name: 'Findings' })).toContainText('map has no entry for key "zone"');
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
