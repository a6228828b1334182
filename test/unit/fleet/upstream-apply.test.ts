/**
 * rancher/fleet's `fleet apply` tests (integrationtests/cli/apply: apply_test.go, targetsfile_test.go),
 * re-created with folders of ours shaped like the test assets: each asserts on the Bundle what the
 * upstream test asserts on the Bundle `fleet apply -o -` prints. Cases that need a Helm repository,
 * an OCI registry or a cluster (remote charts, driven scans, existing bundles) are not here.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openFleetBundle, readClusters, readTargetsFile, targetMatrix } from '../../../src/core/fleet';
import { MemorySource } from '../../../src/core/source/memory';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\n';
const SVC = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: app\n';
const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  k: v\n';

type Json = Record<string, unknown>;

async function apply(name: string, files: Record<string, string>) {
  const b = await openFleetBundle(new MemorySource(files, name), { md5 });
  const bundle = b.bundle as { metadata: Json; spec: Json };
  const names = ((bundle.spec.resources as Json[] | undefined) ?? []).map((r) => r.name);
  return { b, bundle, spec: bundle.spec, names };
}

describe('Fleet apply (apply_test.go)', () => {
  it('simple: a Bundle with all the resources, keepResources false, the default target', async () => {
    const { bundle, names } = await apply('simple', { 'deployment.yaml': DEPLOYMENT, 'svc.yaml': SVC });
    expect(bundle).toEqual({
      kind: 'Bundle',
      apiVersion: 'fleet.cattle.io/v1alpha1',
      metadata: { name: 'simple', namespace: 'fleet-local', creationTimestamp: null },
      spec: {
        resources: [
          { name: 'deployment.yaml', content: DEPLOYMENT },
          { name: 'svc.yaml', content: SVC },
        ],
        targets: [{ name: 'default', clusterGroup: 'default' }],
      },
      status: {
        summary: { ready: 0, desiredReady: 0 },
        unavailable: 0,
        unavailablePartitions: 0,
        maxUnavailable: 0,
        maxUnavailablePartitions: 0,
        display: {},
        observedGeneration: 0,
      },
    });
    expect(names).toHaveLength(2);
  });

  it('simple-fleet-yaml: the name fleet.yaml gives, fleet.yaml itself not a resource', async () => {
    const { bundle, names, spec } = await apply('simple-fleet-yaml', {
      'fleet.yaml': "name: 'my-great-bundle'\n",
      'deployment.yaml': DEPLOYMENT,
      'svc.yaml': SVC,
    });
    expect(bundle.metadata.name).toBe('my-great-bundle');
    expect(names).toEqual(['deployment.yaml', 'svc.yaml']);
    expect(spec.keepResources).toBeUndefined();
  });

  it('nested_simple: files in sub-folders and a README are resources too', async () => {
    const { names } = await apply('nested_simple', {
      'README.md': '# nested\n',
      'simple/deployment.yaml': DEPLOYMENT,
      'simple/svc.yaml': SVC,
    });
    expect(names).toEqual(['README.md', 'simple/deployment.yaml', 'simple/svc.yaml']);
  });

  it('nested_two_levels', async () => {
    const { names } = await apply('nested_two_levels', {
      'nested/deployment/deployment.yaml': DEPLOYMENT,
      'nested/svc/svc.yaml': SVC,
    });
    expect(names).toHaveLength(2);
  });

  it('nested_mixed_two_levels: the root bundle holds the nested folders, their fleet.yaml files included', async () => {
    const { names } = await apply('nested_mixed_two_levels', {
      'nested/deploymentA/deployment.yaml': DEPLOYMENT,
      'nested/deploymentA/fleet.yaml': 'namespace: deploymenta\n',
      'nested/deploymentB/svc.yaml': SVC,
      'nested/deploymentC/cm.yaml': CM,
      'nested/deploymentC/fleet.yaml': 'namespace: deploymentc\n',
      'nested/deploymentD/deployment.yaml': DEPLOYMENT,
    });
    expect(names).toHaveLength(6);
    expect(names).toContain('nested/deploymentA/deployment.yaml');
  });

  it('nested_mixed_two_levels: a nested folder with fleet.yaml is its own bundle, namespace from it', async () => {
    const { spec, names } = await apply('deploymentA', {
      'deployment.yaml': DEPLOYMENT,
      'fleet.yaml': 'namespace: deploymenta\n',
    });
    expect([spec.namespace, names]).toEqual(['deploymenta', ['deployment.yaml']]);
  });

  it('keep_resources: keepResources true', async () => {
    const { spec } = await apply('keep_resources', {
      'fleet.yaml': 'keepResources: true\n',
      'svc.yaml': SVC,
    });
    expect(spec.keepResources).toBe(true);
  });

  it('helm_options_enabled: helm options passed along', async () => {
    const { spec } = await apply('helm_options_enabled', {
      'fleet.yaml':
        'helm:\n  releaseName: enabled\n  takeOwnership: true\n  atomic: true\n  force: true\n  waitForJobs: true\n  disablePreProcess: true\n',
      'configmap.yaml': CM,
    });
    expect(spec.helm).toEqual({
      releaseName: 'enabled',
      force: true,
      takeOwnership: true,
      waitForJobs: true,
      atomic: true,
      disablePreProcess: true,
    });
    expect(Object.keys(spec.helm as Json)).toEqual([
      'releaseName',
      'force',
      'takeOwnership',
      'waitForJobs',
      'atomic',
      'disablePreProcess',
    ]);
  });

  it('helm_options_disabled: false options are left out as Go omits them', async () => {
    const { spec } = await apply('helm_options_disabled', {
      'fleet.yaml':
        'helm:\n  releaseName: disabled\n  takeOwnership: false\n  atomic: false\n  force: false\n  waitForJobs: false\n  disablePreProcess: false\n',
      'configmap.yaml': CM,
    });
    expect(spec.helm).toEqual({ releaseName: 'disabled' });
  });

  it('helm_options_kustomize: helm options with a kustomize bundle', async () => {
    const { spec, names } = await apply('helm_options_kustomize', {
      'fleet.yaml': 'helm:\n  releaseName: kustomize\n  takeOwnership: true\n',
      'kustomization.yaml': 'resources: []\n',
    });
    expect([(spec.helm as Json).releaseName, (spec.helm as Json).takeOwnership, names]).toEqual([
      'kustomize',
      true,
      ['kustomization.yaml'],
    ]);
  });

  it('helm-values-ignore: the values file is not a resource, and its values are merged in', async () => {
    const { spec, names } = await apply('helm-values-ignore', {
      'fleet.yaml':
        "helm:\n  chart: config-chart\n  version: '0.1.0'\n  valuesFiles:\n    - config-chart/values.yaml\n",
      'config-chart/Chart.yaml': 'apiVersion: v2\nname: config-chart\nversion: 0.1.0\n',
      'config-chart/templates/configmap.yaml': CM,
      'config-chart/values.yaml': 'replicas: 2\n',
    });
    expect(names).toEqual(['config-chart/Chart.yaml', 'config-chart/templates/configmap.yaml']);
    expect((spec.helm as Json).values).toEqual({ replicas: 2 });
  });

  it('helm-in-chart-fleetyaml-values-ignore: fleet.yaml inside the chart folder', async () => {
    const { names } = await apply('config-chart', {
      'fleet.yaml': 'helm:\n  chart: .\n  valuesFiles:\n    - values.yaml\n',
      'Chart.yaml': 'apiVersion: v2\nname: config-chart\nversion: 0.1.0\n',
      'templates/configmap.yaml': CM,
      'values.yaml': 'a: 1\n',
    });
    expect(names).toEqual(['Chart.yaml', 'templates/configmap.yaml']);
  });

  const dependsOn = async (yaml: string) =>
    (
      await apply('dependson', {
        'fleet.yaml': `defaultNamespace: test-dependson\n${yaml}targets:\n- clusterSelector: {}\n`,
        'configmap.yaml': CM,
      })
    ).spec.dependsOn as Json[];

  it('dependson_valid', async () => {
    expect(
      await dependsOn('dependsOn:\n- name: my-dependency\n  acceptedStates:\n  - Ready\n  - Modified\n'),
    ).toEqual([{ name: 'my-dependency', acceptedStates: ['Ready', 'Modified'] }]);
  });
  it('dependson_all_states', async () => {
    const all = ['Ready', 'NotReady', 'WaitApplied', 'ErrApplied', 'OutOfSync', 'Pending', 'Modified'];
    expect(
      (await dependsOn(`dependsOn:\n- name: my-dependency\n  acceptedStates: [${all.join(', ')}]\n`))[0]
        ?.acceptedStates,
    ).toEqual(all);
  });
  it('dependson_no_acceptedstates: left empty (Ready at run time)', async () => {
    expect(await dependsOn('dependsOn:\n- name: my-dependency\n')).toEqual([{ name: 'my-dependency' }]);
  });
  it('dependson_with_selector', async () => {
    expect(
      await dependsOn(
        'dependsOn:\n- selector:\n    matchLabels:\n      app: database\n      tier: backend\n  acceptedStates: [Ready, Modified]\n',
      ),
    ).toEqual([
      {
        selector: { matchLabels: { app: 'database', tier: 'backend' } },
        acceptedStates: ['Ready', 'Modified'],
      },
    ]);
  });
  it('dependson_multiple', async () => {
    const deps = await dependsOn(
      'dependsOn:\n- name: first-dependency\n  acceptedStates: [Ready]\n- name: second-dependency\n  acceptedStates: [Ready, Modified]\n- selector:\n    matchLabels:\n      app: third\n  acceptedStates: [Ready, NotReady]\n',
    );
    expect(deps.map((d) => d.name ?? (d.selector as Json).matchLabels)).toEqual([
      'first-dependency',
      'second-dependency',
      { app: 'third' },
    ]);
  });
});

describe('Fleet apply targets (targetsfile_test.go)', () => {
  it('no targets and no overrideTargets: the default target, no targetRestrictions', async () => {
    const { spec } = await apply('targets', { 'fleet.yaml': 'namespace: test\n', 'cm.yaml': CM });
    expect([spec.targets, spec.targetRestrictions]).toEqual([
      [{ name: 'default', clusterGroup: 'default' }],
      undefined,
    ]);
  });
  it('overrideTargets: targets and targetRestrictions from it', async () => {
    const { spec } = await apply('targets', {
      'fleet.yaml': 'namespace: test\noverrideTargets:\n  - clusterName: overridden\n',
      'cm.yaml': CM,
    });
    expect([spec.targets, spec.targetRestrictions]).toEqual([
      [{ clusterName: 'overridden' }],
      [{ clusterName: 'overridden' }],
    ]);
  });
});

describe('Fleet apply --targets-file (targetsfile_test.go)', () => {
  const targetsFile = readTargetsFile(
    'targets.yaml',
    'targets:\n  - name: gitrepo-target\n    clusterSelector:\n      matchLabels: {env: prod}\ntargetRestrictions:\n  - name: gitrepo-target\n    clusterSelector:\n      matchLabels: {env: prod}\n',
  ).targets;
  const open = (fleetYaml: string) =>
    openFleetBundle(new MemorySource({ 'fleet.yaml': fleetYaml, 'cm.yaml': CM }, 'targets'), {
      md5,
      targetsFile,
    });

  it('one target in the file, no overrideTargets: targets and targetRestrictions from the file', async () => {
    const spec = (await open('namespace: test\n')).bundle?.spec as Json;
    const expected = [{ name: 'gitrepo-target', clusterSelector: { matchLabels: { env: 'prod' } } }];
    expect([spec.targets, spec.targetRestrictions]).toEqual([expected, expected]);
  });
  it('one target in the file and overrideTargets: overrideTargets win', async () => {
    const spec = (await open('namespace: test\noverrideTargets:\n  - clusterName: overridden\n')).bundle
      ?.spec as Json;
    expect([spec.targets, spec.targetRestrictions]).toEqual([
      [{ clusterName: 'overridden' }],
      [{ clusterName: 'overridden' }],
    ]);
  });
  it('a GitRepo target chooses the clusters; fleet.yaml targetCustomizations only customize them', async () => {
    const b = await open(
      'targetCustomizations:\n  - name: eu\n    clusterSelector:\n      matchLabels: {region: eu}\n    defaultNamespace: eu\n',
    );
    const m = targetMatrix(
      b,
      readClusters(
        'c.yaml',
        'clusters:\n  - name: p-eu\n    labels: {env: prod, region: eu}\n  - name: d-eu\n    labels: {env: dev, region: eu}\n',
      ),
    );
    expect(
      m.rows.map((r) => [r.cluster, r.target ?? null, r.customizations ?? [], r.defaultNamespace]),
    ).toEqual([
      ['p-eu', 'gitrepo-target', ['eu'], 'eu'],
      ['d-eu', null, [], ''],
    ]);
  });
});

describe('Bundle names as fleet apply derives them (names.HelmReleaseName)', () => {
  it('from NAME/DIR when given (driven scan: assets-driven-fleet-yaml-subfolder-helm-f49dc35c)', async () => {
    const b = await openFleetBundle(new MemorySource({ 'a.yaml': CM }, 'helm'), {
      md5,
      name: 'assets/driven_fleet_yaml_subfolder/helm',
    });
    // The upstream test's expected name, from the same path.
    expect(b.name).toBe('assets-driven-fleet-yaml-subfolder-helm-f49dc35c');
    // With a bundle file test/fleet.yaml: the ID grows past 53 characters and is cut with an MD5.
    const long = await openFleetBundle(new MemorySource({ 'a.yaml': CM }, 'helm'), {
      md5,
      name: 'assets/driven_fleet_yaml_subfolder/helm/test/fleet',
    });
    expect(long.name).toBe('assets-driven-fleet-yaml-subfolder-helm-test-fl-b676f');
  });

  it('keeps a clean name, and adds an MD5 suffix to one with capitals or other characters', async () => {
    expect((await apply('web-app', { 'a.yaml': CM })).bundle.metadata.name).toBe('web-app');
    const camel = (await apply('fleetDev', { 'a.yaml': CM })).bundle.metadata.name as string;
    expect(camel).toBe(`fleetdev-${md5('fleetDev').slice(0, 8)}`);
  });
});
