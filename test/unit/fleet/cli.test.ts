/** `fbc-studio fleet validate|render` as CI runs them: the matrix, the Bundle YAML, exit codes. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { EXAMPLE_CLUSTERS, MULTI_MANIFESTS } from './examples';
import { CLUSTERS, webBundle } from './fixtures';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** Every folder a test made, removed at the end. */
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'fleet-cli-'));
  made.push(root);
  const dir = join(root, 'web');
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

describe('fbc-studio fleet', () => {
  it('validate prints each cluster of fleet-clusters.yaml with its target and overlays', async () => {
    const { code, out } = await run(
      'fleet',
      'validate',
      folder({ ...webBundle(), 'fleet-clusters.yaml': CLUSTERS }),
    );
    expect(code).toBe(0);
    expect(out).toContain('  prod-east → prod [big, prod]\n  canary-1 → canary\n  dev-1 → everyone\n');
  });

  it('validate exits 1 on an error, with file:line:column', async () => {
    const dir = folder(webBundle({ 'overlays/prod/ingress_patch.yaml': 'spec: {}\n' }));
    const { code, err } = await run('fleet', 'validate', dir);
    expect(code).toBe(1);
    expect(err).toMatch(/overlays\/prod\/ingress_patch\.yaml:1:1 +error +\[fleet-patch-no-base\] /);
  });

  it('render writes the Bundle, then the matrix and a diff when asked', async () => {
    const dir = folder(webBundle());
    const clusters = join(dir, '..', 'clusters.yaml');
    writeFileSync(clusters, CLUSTERS);
    const { code, out } = await run(
      'fleet',
      'render',
      dir,
      '--clusters',
      clusters,
      '--diff',
      'prod-east,dev-1',
    );
    expect(code).toBe(0);
    const docs = parseAllDocuments(out) as unknown as { toJS(): Record<string, unknown> }[];
    // The Bundle, the matrix, each file each cluster gets (3 clusters), then the diff.
    const firsts = docs.map((d) => Object.keys(d.toJS() ?? {})[0]);
    expect(firsts[0]).toBe('apiVersion');
    expect(firsts[1]).toBe('matrix');
    expect(firsts.at(-1)).toBe('diff');
    expect(docs[0]?.toJS()).toMatchObject({ kind: 'Bundle', metadata: { name: 'web' } });
    expect(out).toContain('# prod-east (target prod): manifests/deployment.yaml\n');
    const json = JSON.parse((await run('fleet', 'render', dir, '-o', 'json')).out) as {
      bundle: { kind: string };
      matrix: unknown;
    };
    expect([json.bundle.kind, json.matrix]).toEqual(['Bundle', null]);
  });

  it('exits 2 when it cannot run', async () => {
    const dir = folder(webBundle());
    expect((await run('fleet', 'render', dir, '--clusters', join(dir, 'nope.yaml'))).code).toBe(2);
    expect((await run('fleet', 'render', dir, '--diff', 'a,b')).code).toBe(2);
    expect((await run('fleet', 'apply', dir)).code).toBe(2);
  });
});

describe('fbc-studio fleet on a fleet.yaml bundle', () => {
  it("render -o json prints {bundle, matrix}: the Bundle fleet apply creates and each cluster's file contents", async () => {
    const dir = folder({ ...MULTI_MANIFESTS, 'fleet-clusters.yaml': EXAMPLE_CLUSTERS });
    const { code, out } = await run('fleet', 'render', dir, '-o', 'json', '--diff', 'dev-1,prod-eu');
    expect(code).toBe(0);
    const json = JSON.parse(out) as {
      bundle: {
        metadata: { name: string };
        spec: { resources: { name: string }[]; targets: { name: string }[] };
      };
      matrix: { cluster: string; target: string | null; resources: { name: string; content: string }[] }[];
      diff: { files: { name: string; status: string; patch?: string }[] };
    };
    // fleet-clusters.yaml sits in the folder, so it is a resource too, as Fleet would take it.
    expect(json.bundle.spec.resources.map((r) => r.name)).toContain('overlays/prod/pdb.yaml');
    expect(json.bundle.spec.targets.map((t) => t.name)).toEqual(['dev', 'prod']);
    const prod = json.matrix.find((r) => r.cluster === 'prod-eu');
    expect(prod?.resources.find((r) => r.name === 'pdb.yaml')?.content).toContain('minAvailable: 2');
    expect(json.diff.files.find((f) => f.name === 'storefront-deployment.yaml')?.patch).toContain(
      '"replicas":3',
    );
  });

  it('validate fails when an overlay patch does not apply for a cluster, naming the clusters', async () => {
    const dir = folder({
      ...MULTI_MANIFESTS,
      'overlays/prod/storefront-service_patch.yaml': '[{"op": "test", "path": "/spec/type", "value": "x"}]\n',
      'fleet-clusters.yaml': EXAMPLE_CLUSTERS,
    });
    const { code, err } = await run('fleet', 'validate', dir);
    expect(code).toBe(1);
    expect(err).toMatch(
      /error +\[fleet-patch-failed\] +failed to patch storefront-service\.yaml: .* \(on prod-eu\)/,
    );
  });

  it('render -o json gives each cluster the helm values its BundleDeployment gets, templates rendered', async () => {
    const dir = folder({
      'fleet.yaml':
        'helm:\n  values:\n    env: global.fleet.clusterLabels.env\n    url: https://${ .ClusterName }.${ .ClusterNamespace }.example.com\n    annotated: ${ index .ClusterAnnotations "team" | upper }\n',
      'cm.yaml': 'kind: ConfigMap\n',
      '.fleetignore': 'fleet-clusters.yaml\n',
      'fleet-clusters.yaml': `apiVersion: fleet.cattle.io/v1alpha1
kind: Cluster
metadata:
  name: prod-1
  namespace: fleet-default
  labels: {env: prod}
  annotations: {team: storefront}
---
kind: ClusterGroup
apiVersion: fleet.cattle.io/v1alpha1
metadata: {name: default}
spec: {selector: {}}
`,
    });
    const { code, out } = await run('fleet', 'render', dir, '-o', 'json');
    expect(code).toBe(0);
    const [row] = (JSON.parse(out) as { matrix: { options: { helm: { values: unknown } } }[] }).matrix;
    expect(row?.options.helm.values).toEqual({
      annotated: 'STOREFRONT',
      env: 'prod',
      url: 'https://prod-1.fleet-default.example.com',
    });
  });

  it("render prints the Bundle with sorted keys, then each cluster's files as documents", async () => {
    const dir = folder({ ...MULTI_MANIFESTS, 'fleet-clusters.yaml': EXAMPLE_CLUSTERS });
    const { out } = await run('fleet', 'render', dir);
    expect(out.startsWith('apiVersion: fleet.cattle.io/v1alpha1\nkind: Bundle\nmetadata:\n')).toBe(true);
    expect(out).toContain('---\n# prod-eu (target prod): pdb.yaml\napiVersion: policy/v1\n');
    // Plain YAML: no anchors where the matrix repeats a list.
    expect(out).not.toMatch(/[&*]a\d/);
  });

  it("validate exits 1 with Fleet's own text for a dependsOn it refuses", async () => {
    const dir = folder({
      'fleet.yaml': 'dependsOn:\n  - acceptedStates: [Ready]\n',
      'cm.yaml': 'kind: ConfigMap\n',
    });
    const { code, err } = await run('fleet', 'validate', dir);
    expect(code).toBe(1);
    expect(err).toContain(
      "fleet.yaml:2:5  error    [fleet-depends-on]  dependsOn[0]: must specify either 'name' or 'selector'",
    );
  });
});
