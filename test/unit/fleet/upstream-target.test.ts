/**
 * rancher/fleet's controller tests of what a cluster's BundleDeployment options become, re-created as
 * what `fbc-studio fleet render DIR --clusters FILE` reads (a fleet.yaml with those options, a cluster
 * with those labels in the default group) and asserting on the options the cluster's row shows.
 *
 *   internal/cmd/controller/target/target_test.go 5b92b7212fc5965ff5dc288e41273c0ecd834bd4 (main)
 *
 * TestProcessTemplateValues calls processTemplateValues with a template context it builds; here the
 * same context comes from a cluster (namespace, labels, annotations, templateValues) in the clusters
 * file, which gives the controller the same values.
 *
 * Left out:
 * - TestTplFuncMap_ExcludesGetHostByName: the Go template function map itself (ours has no
 *   getHostByName: test/unit/fleet/template-values.test.ts).
 * - TestBundleDeployment_DoesNotApplyUnmatchedNamespaceMetadata: only on an unmerged pull request
 *   (commit 010a87318ef59afdaf1ac93a4df5e3d6a7e5a414); main still gives every BundleDeployment
 *   every target's namespaceLabels/namespaceAnnotations, as we do.
 * - selector_test.go has only BenchmarkStore (a cluster group cache), and builder_test.go exists only
 *   on an unmerged pull request, about Policy objects in the cluster: nothing to port.
 */
import { describe, expect, it } from 'vitest';
import { openFleetBundle, readClusters, targetMatrix } from '../../../src/core/fleet';
import { MemorySource } from '../../../src/core/source/memory';
import { BUNDLE_YAML_WITH_TEMPLATE } from './examples';

type Json = Record<string, unknown>;

async function optionsFor(fleetYaml: string, labels: Record<string, string>, more = '') {
  const bundle = await openFleetBundle(
    new MemorySource({ 'fleet.yaml': fleetYaml, 'cm.yaml': 'kind: ConfigMap\n' }, 'labels'),
  );
  // No finding: every key is one Fleet reads (disablePreprocess included).
  expect(bundle.diagnostics).toEqual([]);
  // The default target is clusterGroup: default; the cluster is in it.
  const clusters = `clusters:
  - name: test-cluster
    labels: ${JSON.stringify(labels)}
${more}clusterGroups:
  - name: default
    selector: {}
`;
  const [row] = targetMatrix(bundle, readClusters('fleet-clusters.yaml', clusters)).rows;
  expect([row?.target, row?.errors]).toEqual(['default', []]);
  return row?.options as Json & { helm: Json & { values: Json } };
}

describe('target_test.go', () => {
  it('TestProcessLabelValues', async () => {
    const options = await optionsFor(
      `namespace: default
helm:
  releaseName: labels
  values:
    clusterName: global.fleet.clusterLabels.name
    customStruct:
      - name: global.fleet.clusterLabels.name
        key1: value1
        key2: value2
      - element1: global.fleet.clusterLabels.envType
      - element2: global.fleet.clusterLabels.name
diff:
  comparePatches:
  - apiVersion: networking.k8s.io/v1
    kind: Ingress
    name: labels-fleetlabelsdemo
    namespace: default
    operations:
    - op: remove
      path: /spec/rules/0/host
`,
      { name: 'local', envType: 'dev' },
    );
    expect(options.helm.values).toEqual({
      clusterName: 'local',
      customStruct: [
        { name: 'local', key1: 'value1', key2: 'value2' },
        { element1: 'dev' },
        { element2: 'local' },
      ],
    });
    expect([options.namespace, options.helm.releaseName]).toEqual(['default', 'labels']);
  });

  it('TestDisablePreProcessFlagEnabled', async () => {
    const options = await optionsFor(
      `namespace: default
helm:
  disablePreprocess: true
  releaseName: labels
  values:
    clusterName: "\${ .ClusterName }"
    clusterContext: "\${ .Values.someKey }"
    templateFn: '\${ index .ClusterLabels "testLabel" }'
    syntaxError: "\${ non_existent_function }"
`,
      { testLabel: 'test-label-value' },
    );
    // disablePreprocess is Go's case-insensitive match of disablePreProcess: the values stay as written.
    expect(options.helm.disablePreProcess).toBe(true);
    expect(options.helm.values).toEqual({
      clusterName: '${ .ClusterName }',
      clusterContext: '${ .Values.someKey }',
      templateFn: '${ index .ClusterLabels "testLabel" }',
      syntaxError: '${ non_existent_function }',
    });
  });
});

describe('target_test.go: templates', () => {
  // getClusterAndBundle's cluster: clusterYamlWithTemplateValues.
  const testCluster = [
    { testLabel: 'test-label-value' },
    '    templateValues: {someKey: someValue}\n',
  ] as const;

  it('TestProcessTemplateValues', async () => {
    const cluster = `    namespace: dev-clusters
    annotations: {testAnnotation: test}
    templateValues:
      topLevel: foo
      nested: {secondTier: {thirdTier: bar}}
      items: [one, two]
      list: [alpha, beta, omega]
`;
    const options = await optionsFor(
      BUNDLE_YAML_WITH_TEMPLATE,
      { name: 'local', envType: 'dev', 'really-long-label-name-with-many-many-characters-in-it': 'foobar' },
      cluster,
    );
    const v = options.helm.values;
    expect([v.clusterName, v.fromAnnotation, v.clusterNamespace]).toEqual(['local', 'test', 'dev-clusters']);
    // The test names its cluster my-cluster; ours is test-cluster.
    expect(v.fleetClusterName).toBe('test-cluster');
    expect(v.reallyLongClusterName).toBe('kubernets.io/cluster/foobar');
    expect(v.missingLabel).toBe('missing');
    expect(v.customStruct).toEqual([
      { name: 'foo', key1: 'value1', key2: 'value2' },
      { element2: 'bar' },
      { element3_dev: 'local' },
    ]);
    expect(v.funcs).toEqual({ upper: 'FOO_test', join: 'alpha,beta,omega' });
    // processTemplateValuesData: each templateValues entry read back as YAML, over the values.
    expect(v.mapData).toEqual({ one: { nested: 'true' }, two: { nested: 'true' } });
    expect(v.listData).toEqual([
      { one: null, nested: 'true' },
      { two: null, nested: 'true' },
    ]);
    // Not asserted upstream: `list 1 2 3 | toJson` read back as YAML is a list of numbers.
    expect(v.list).toEqual([1, 2, 3]);
  });

  it('TestDisablePreProcessFlagDisabled', async () => {
    const options = await optionsFor(
      `namespace: default
helm:
  disablePreprocess: false
  releaseName: labels
  templateValues:
    overridden: "something_templated"
  values:
    clusterName: "\${ .ClusterName }"
    overridden: ""
`,
      ...testCluster,
    );
    expect(options.helm.values).toEqual({ clusterName: 'test-cluster', overridden: 'something_templated' });
  });

  it('TestDisablePreProcessFlagMissing', async () => {
    const options = await optionsFor(
      `namespace: default
helm:
  releaseName: labels
  values:
    clusterName: "\${ .ClusterName }"
`,
      ...testCluster,
    );
    expect(options.helm.values).toEqual({ clusterName: 'test-cluster' });
  });
});

// Not an upstream case: values nested past the controller's limit (maxTemplateRecursionDepth, 50)
// leave the cluster with its error, in the controller's words.
describe('helm values nested too deep for the cluster-label pass', () => {
  it('the row carries the controller’s error', async () => {
    let values = 'leaf: global.fleet.clusterLabels.name';
    for (let i = 0; i < 52; i++) values = `l${i}: {${values}}`;
    const bundle = await openFleetBundle(
      new MemorySource(
        { 'fleet.yaml': `helm:\n  values: {${values}}\n`, 'cm.yaml': 'kind: ConfigMap\n' },
        'deep',
      ),
    );
    const clusters = `clusters:\n  - name: c\n    labels: {name: local}\nclusterGroups:\n  - name: default\n    selector: {}\n`;
    const [row] = targetMatrix(bundle, readClusters('fleet-clusters.yaml', clusters)).rows;
    expect(row?.errors).toEqual([
      'maximum recursion depth of 50 exceeded for cluster label prefix processing, too many nested values',
    ]);
  });
});
