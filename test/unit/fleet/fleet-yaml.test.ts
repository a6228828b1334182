/**
 * fleet.yaml bundles as a user opens them: our fleet-examples-shaped folders validate clean, each
 * cluster gets the target the Fleet controller would choose and the file contents the agent would
 * deploy after its overlays, and what Fleet accepts silently is our warning.
 */
import { describe, expect, it } from 'vitest';
import { diffClusters, openFleetBundle, readClusters, targetMatrix } from '../../../src/core/fleet';
import { MemorySource } from '../../../src/core/source/memory';
import {
  EXAMPLE_CLUSTERS,
  MULTI_HELM,
  MULTI_MANIFESTS,
  SINGLE_HELM,
  SINGLE_KUSTOMIZE,
  SINGLE_MANIFESTS,
} from './examples';

const open = (files: Record<string, string>, name = 'example') =>
  openFleetBundle(new MemorySource(files, name));

async function matrix(files: Record<string, string>, clusters = EXAMPLE_CLUSTERS) {
  const bundle = await open(files);
  return { bundle, ...targetMatrix(bundle, readClusters('fleet-clusters.yaml', clusters)) };
}

describe('fleet-examples-shaped bundles', () => {
  it.each([
    ['single-cluster/manifests', SINGLE_MANIFESTS, 3],
    ['single-cluster/helm', SINGLE_HELM, 3],
    ['single-cluster/kustomize', SINGLE_KUSTOMIZE, 3],
    ['multi-cluster/manifests', MULTI_MANIFESTS, 6],
    ['multi-cluster/helm', MULTI_HELM, 3],
  ])('%s validates clean, every file but fleet.yaml a resource', async (_, files, count) => {
    const b = await open(files);
    expect(b.diagnostics).toEqual([]);
    expect([b.layout, b.resources.length]).toEqual(['fleet', count]);
  });
});

describe('the target matrix of a fleet.yaml bundle', () => {
  it('multi-cluster/manifests: dev and prod get their overlay, the lab cluster nothing', async () => {
    const { rows, diagnostics } = await matrix(MULTI_MANIFESTS);
    expect(
      rows.map((r) => [r.cluster, r.target ?? null, r.overlays, r.resources.map((x) => x.name)]),
    ).toEqual([
      ['dev-1', 'dev', ['dev'], ['storefront-deployment.yaml', 'storefront-service.yaml']],
      ['prod-eu', 'prod', ['prod'], ['pdb.yaml', 'storefront-deployment.yaml', 'storefront-service.yaml']],
      ['lab', null, [], []],
    ]);
    expect(diagnostics).toEqual([]);
    // A patched file is the JSON Fleet writes: keys sorted, the strategic merge kept the ports.
    const prodDeploy = rows[1]?.resources.find((x) => x.name === 'storefront-deployment.yaml')?.content ?? '';
    const parsed = JSON.parse(prodDeploy) as { spec: { replicas: number } };
    expect(parsed.spec.replicas).toBe(3);
    expect(prodDeploy.startsWith('{"apiVersion":"apps/v1","kind":"Deployment","metadata"')).toBe(true);
    const devDeploy = JSON.parse(rows[0]?.resources[0]?.content ?? '{}') as {
      spec: { template: { spec: { containers: { image: string; ports: unknown[] }[] } } };
    };
    expect(devDeploy.spec.template.spec.containers).toEqual([
      {
        name: 'storefront',
        image: 'registry.example.org/shop/storefront:1.5-rc',
        ports: [{ containerPort: 8080 }],
      },
    ]);
    // The JSON Patch list added the Service type in prod only.
    expect(rows[1]?.resources[2]?.content).toContain('"type":"LoadBalancer"');
    expect(rows[0]?.resources[1]?.content).toBe(MULTI_MANIFESTS['storefront-service.yaml']);
  });

  it('--diff dev-1,prod-eu: the line diff of each file that differs', async () => {
    const { rows } = await matrix(MULTI_MANIFESTS);
    const files = diffClusters(rows[0]!, rows[1]!);
    expect(files.map((f) => [f.name, f.status])).toEqual([
      ['pdb.yaml', 'only-b'],
      ['storefront-deployment.yaml', 'changed'],
      ['storefront-service.yaml', 'changed'],
    ]);
    expect(files[0]?.patch).toContain('+  minAvailable: 2');
    expect(files[1]?.patch).toMatch(/^-\{"apiVersion".*"replicas":1,/m);
    expect(files[1]?.patch).toMatch(/^\+\{"apiVersion".*"replicas":3,/m);
  });

  it('multi-cluster/helm: helm values merged as Fleet merges them; a cluster group target', async () => {
    const { rows } = await matrix(MULTI_HELM);
    expect(rows.map((r) => [r.cluster, r.target ?? null, r.style, r.values])).toEqual([
      ['dev-1', 'dev', 'helm', { replicas: 1, ingress: { enabled: false } }],
      ['prod-eu', 'prod', 'helm', { replicas: 3, ingress: { enabled: true } }],
      ['lab', null, undefined, {}],
    ]);
  });

  it('overrideTargets choose the clusters; the fleet.yaml targets then only customize (first match)', async () => {
    const files = {
      ...MULTI_MANIFESTS,
      'fleet.yaml': `${MULTI_MANIFESTS['fleet.yaml']}overrideTargets:\n  - clusterSelector:\n      matchExpressions:\n        - {key: env, operator: In, values: [prod, lab]}\n`,
    };
    const { rows, bundle } = await matrix(files);
    expect(rows.map((r) => [r.cluster, r.target ?? null, r.customizations ?? [], r.overlays])).toEqual([
      ['dev-1', null, [], []],
      // Fleet names targets before it appends the override ones, which keep their (empty) name.
      ['prod-eu', '', ['prod'], ['prod']],
      ['lab', '', [], []],
    ]);
    expect((bundle.bundle?.spec as Record<string, unknown>).targetRestrictions).toHaveLength(1);
  });

  it('doNotDeploy skips a cluster its target matches', async () => {
    const files = {
      ...SINGLE_MANIFESTS,
      'fleet.yaml': 'targets:\n  - clusterName: lab\n    doNotDeploy: true\n  - clusterSelector: {}\n',
    };
    const { rows } = await matrix(files);
    expect(rows.map((r) => [r.cluster, r.target, r.skipped ?? null, r.resources.length])).toEqual([
      ['dev-1', 'target001', null, 3],
      ['prod-eu', 'target001', null, 3],
      ['lab', 'target000', 'doNotDeploy on the target', 0],
    ]);
  });

  it('the default target matches only clusters of the group named default', async () => {
    const { rows } = await matrix(
      SINGLE_MANIFESTS,
      `${EXAMPLE_CLUSTERS}  - name: default\n    selector: {matchLabels: {env: lab}}\n`,
    );
    expect(rows.map((r) => r.target ?? null)).toEqual([null, null, 'default']);
  });

  it("a patch that does not apply is Fleet's error (fleet-patch-failed), with the clusters it fails on", async () => {
    const files = {
      ...MULTI_MANIFESTS,
      // A JSON Patch whose test fails: the Service has no spec.type.
      'overlays/prod/storefront-service_patch.yaml':
        '[{"op": "test", "path": "/spec/type", "value": "NodePort"}]\n',
    };
    const { rows, diagnostics } = await matrix(files);
    const prod = rows.filter((r) => r.target === 'prod');
    expect(prod.map((r) => [r.cluster, r.resources.length, r.errors.length])).toEqual([['prod-eu', 0, 1]]);
    expect(diagnostics.map((d) => [d.rule, d.severity, d.source, d.message])).toEqual([
      ['fleet-patch-failed', 'error', 'fleet', `${prod[0]?.errors[0]} (on prod-eu)`],
    ]);
    expect(prod[0]?.errors[0]).toMatch(/^failed to patch storefront-service\.yaml: /);
  });

  it("a patch without its base is Fleet's error, on the clusters using it and when validating", async () => {
    const files = { ...MULTI_MANIFESTS, 'overlays/dev/frontend_patch.yaml': 'spec: {}\n' };
    const { rows, bundle } = await matrix(files);
    expect(rows[0]?.errors).toEqual(['failed to find base file frontend.yaml to patch']);
    expect(bundle.diagnostics.map((d) => [d.rule, d.source, d.location?.file, d.message])).toEqual([
      [
        'fleet-patch-no-base',
        'fleet',
        'overlays/dev/frontend_patch.yaml',
        'failed to find base file frontend.yaml to patch',
      ],
    ]);
  });
});

describe('what Fleet accepts silently is our warning', () => {
  it("unknown fields, keys of the bundle.yaml layout, a wrong type (Fleet's text)", async () => {
    const b = await open({
      'fleet.yaml':
        'defaultNamespaces: x\noverlays:\n  - name: a\nkeepResources: "yes"\ntargets:\n  - clusterSelectors: {}\n    clusterSelector: {}\n',
      'cm.yaml': 'kind: ConfigMap\n',
    });
    expect(
      b.diagnostics.map((d) => [
        d.rule,
        d.severity,
        d.source,
        `${d.location?.start.line}:${d.location?.start.column}`,
        d.message,
      ]),
    ).toEqual([
      [
        'fleet-unknown-field',
        'warning',
        'fbc-studio',
        '1:1',
        'unknown field "defaultNamespaces": Fleet ignores it',
      ],
      [
        'fleet-unknown-field',
        'warning',
        'fbc-studio',
        '2:1',
        'unknown field "overlays" (fleet.yaml has no overlays list: files under overlays/<name>/ are the overlay, chosen by yaml.overlays): Fleet ignores it',
      ],
      [
        'fleet-field-type',
        'error',
        'fleet',
        '4:16',
        'json: cannot unmarshal string into Go struct field FleetYAML.keepResources of type bool',
      ],
      [
        'fleet-unknown-field',
        'warning',
        'fbc-studio',
        '6:5',
        'unknown field "clusterSelectors" (did you mean clusterSelector?): Fleet ignores it',
      ],
    ]);
  });

  it('yaml.overlays naming no folder, an overlay folder no target uses, a missing kustomize.dir', async () => {
    const b = await open({
      'fleet.yaml':
        'kustomize:\n  dir: overlays/qa\ntargetCustomizations:\n  - clusterSelector: {}\n    yaml:\n      overlays: [stage]\n',
      'cm.yaml': 'kind: ConfigMap\n',
      'overlays/prod/cm_patch.yaml': 'data: {}\n',
    });
    expect(b.diagnostics.map((d) => [d.rule, d.severity, d.message])).toEqual([
      [
        'fleet-overlay-missing',
        'warning',
        'yaml.overlays names "stage", but there is no overlays/stage/ folder: Fleet applies nothing for it',
      ],
      [
        'fleet-overlay-unused',
        'info',
        "overlays/prod/ is chosen by no target's yaml.overlays: its 1 file(s) reach no cluster",
      ],
      ['fleet-local-path-missing', 'warning', 'kustomize.dir overlays/qa is not a folder of the bundle'],
    ]);
  });

  it('our clusters file in the folder is a resource Fleet would deploy, unless .fleetignore names it', async () => {
    const files = { ...SINGLE_MANIFESTS, 'fleet-clusters.yaml': EXAMPLE_CLUSTERS };
    expect((await open(files)).diagnostics.map((d) => d.rule)).toEqual(['fleet-clusters-file-deployed']);
    const ignored = await open({ ...files, '.fleetignore': 'fleet-clusters.yaml\n' });
    expect([ignored.diagnostics, ignored.resources.length]).toEqual([[], 3]);
  });

  it("a target's namespaceLabels reach every cluster, as Fleet copies them into every BundleDeployment", async () => {
    const files = {
      ...SINGLE_MANIFESTS,
      'fleet.yaml':
        'namespaceLabels: {team: shop}\ntargets:\n  - clusterSelector: {matchLabels: {env: prod}}\n    namespaceLabels: {tier: gold}\n  - clusterSelector: {}\n',
    };
    const { rows, bundle } = await matrix(files);
    expect(bundle.diagnostics.map((d) => [d.rule, `${d.location?.start.line}`])).toEqual([
      ['fleet-namespace-labels-every-target', '4'],
    ]);
    expect(rows.map((r) => [r.cluster, r.target, r.options?.namespaceLabels])).toEqual([
      ['dev-1', 'target001', { team: 'shop', tier: 'gold' }],
      ['prod-eu', 'target000', { team: 'shop', tier: 'gold' }],
      ['lab', 'target001', { team: 'shop', tier: 'gold' }],
    ]);
  });

  it('reads fleet.yaml as YAML 1.1, as sigs.k8s.io/yaml does: `yes` is a boolean', async () => {
    const b = await open({
      'fleet.yaml': 'keepResources: yes\npaused: on\n',
      'cm.yaml': 'kind: ConfigMap\n',
    });
    expect(b.diagnostics).toEqual([]);
    expect(b.bundle?.spec).toMatchObject({ keepResources: true, paused: true });
  });

  it('a folder with nothing to deploy', async () => {
    const b = await open({ 'fleet.yaml': 'namespace: x\n', '.hidden.yaml': 'a: 1\n' });
    expect(b.diagnostics.map((d) => [d.rule, d.message])).toEqual([
      ['fleet-no-resources', 'no resources found to deploy'],
    ]);
  });
});
