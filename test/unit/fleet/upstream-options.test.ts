/**
 * rancher/fleet's options.Merge tables: what a cluster's options become when a target (or
 * targetCustomization) lays its options over the Bundle's. Re-created as what `fbc-studio fleet render
 * DIR --clusters FILE` reads: the base options at the top of fleet.yaml, each custom one a
 * targetCustomization matching every cluster (without a GitRepo's targets file these are the targets),
 * and for the Merge chains two customizations in targetCustomizationMode AllMatches against a GitRepo
 * target, as the controller chains Merge there. Each case asserts on the options the cluster's row shows.
 *
 *   internal/cmd/controller/options/calculate_test.go c35ddfc6db5788320e920e6dddabc58e796d60f4 (main)
 *
 * Nothing is left out.
 */
import { describe, expect, it } from 'vitest';
import { openFleetBundle, readClusters, readTargetsFile, targetMatrix } from '../../../src/core/fleet';
import { MemorySource } from '../../../src/core/source/memory';

type Json = Record<string, unknown>;
type Options = Json & { helm: Json & { values: Json; valuesFrom: Json[] }; diff: { comparePatches: Json[] } };

const CLUSTERS = 'clusters:\n  - name: c1\n';
const GITREPO = `targets:
  - name: gitrepo
    clusterName: c1
targetRestrictions:
  - clusterName: c1
`;

/** The options cluster c1 gets, and the Bundle's own spec (which merging must leave as it was). */
async function merged(base: string, ...custom: string[]): Promise<{ options: Options; spec: Json }> {
  const chain = custom.length > 1;
  // `{}`: no options of its own (upstream's zero BundleDeploymentOptions).
  base = base === '{}' ? '' : `${base}\n`;
  custom = custom.map((c) => (c === '{}' ? '' : `${c}\n`));
  const items = custom.map(
    (c, i) => `  - name: custom${i}\n    clusterName: c1\n${c.replace(/^(?=.)/gm, '    ')}`,
  );
  const fleetYaml = `${chain ? 'targetCustomizationMode: AllMatches\n' : ''}${base}targetCustomizations:\n${items.join('')}`;
  const bundle = await openFleetBundle(
    new MemorySource({ 'fleet.yaml': fleetYaml, 'cm.yaml': 'kind: ConfigMap\n' }, 'app'),
    chain ? { targetsFile: readTargetsFile('targets.yaml', GITREPO).targets } : {},
  );
  expect(bundle.diagnostics.map((d) => d.message)).toEqual([]);
  const before = structuredClone(bundle.bundle);
  const [row] = targetMatrix(bundle, readClusters('fleet-clusters.yaml', CLUSTERS)).rows;
  expect(row?.target).toBe(chain ? 'gitrepo' : 'custom0');
  expect(bundle.bundle).toEqual(before);
  return { options: row?.options as Options, spec: (bundle.bundle as { spec: Json }).spec };
}

const cm = (name: string, key: string) => `{configMapKeyRef: {name: ${name}, namespace: ns, key: ${key}}}`;

describe('calculate_test.go DownstreamResources', () => {
  it('TestMerge_DownstreamResources_Appends', async () => {
    const { options, spec } = await merged(
      'downstreamResources: [{kind: Secret, name: base-secret}]',
      'downstreamResources: [{kind: ConfigMap, name: target-cm}]',
    );
    expect(options.downstreamResources).toEqual([
      { kind: 'Secret', name: 'base-secret' },
      { kind: 'ConfigMap', name: 'target-cm' },
    ]);
    // Pure function: inputs must not be modified.
    expect(spec.downstreamResources).toEqual([{ kind: 'Secret', name: 'base-secret' }]);
  });

  it('TestMerge_DownstreamResources_DeduplicatesExact', async () => {
    const { options } = await merged(
      'downstreamResources: [{kind: Secret, name: shared}]',
      'downstreamResources: [{kind: Secret, name: shared}]',
    );
    expect(options.downstreamResources).toEqual([{ kind: 'Secret', name: 'shared' }]);
  });

  it('TestMerge_DownstreamResources_DeduplicatesCaseInsensitiveKind', async () => {
    const { options } = await merged(
      'downstreamResources: [{kind: Secret, name: sec}]',
      'downstreamResources: [{kind: secret, name: sec}]',
    );
    expect(options.downstreamResources).toHaveLength(1);
  });

  it('TestMerge_DownstreamResources_EmptyCustom', async () => {
    const { options } = await merged('downstreamResources: [{kind: Secret, name: base-secret}]', '{}');
    expect(options.downstreamResources).toEqual([{ kind: 'Secret', name: 'base-secret' }]);
  });

  it('TestMerge_DownstreamResources_EmptyBase', async () => {
    const { options } = await merged('{}', 'downstreamResources: [{kind: Secret, name: target-secret}]');
    expect(options.downstreamResources).toEqual([{ kind: 'Secret', name: 'target-secret' }]);
  });
});

describe('calculate_test.go ValuesFrom', () => {
  it('TestMerge_ValuesFrom_Appends', async () => {
    const { options } = await merged(
      `helm: {valuesFrom: [${cm('base-cm', 'values.yaml')}]}`,
      'helm: {valuesFrom: [{secretKeyRef: {name: custom-sec, namespace: ns, key: values.yaml}}]}',
    );
    expect(options.helm.valuesFrom).toHaveLength(2);
  });

  it('TestMerge_ValuesFrom_DeduplicatesConfigMap', async () => {
    const vf = `helm: {valuesFrom: [${cm('cm', 'values.yaml')}]}`;
    const { options } = await merged(vf, vf);
    expect(options.helm.valuesFrom).toHaveLength(1);
  });

  it('TestMerge_ValuesFrom_DeduplicatesSecret', async () => {
    const vf = 'helm: {valuesFrom: [{secretKeyRef: {name: sec, namespace: ns, key: values.yaml}}]}';
    const { options } = await merged(vf, vf);
    expect(options.helm.valuesFrom).toHaveLength(1);
  });

  it('TestMerge_ValuesFrom_SameNameDifferentKey', async () => {
    const { options } = await merged(
      `helm: {valuesFrom: [${cm('cm', 'key1')}]}`,
      `helm: {valuesFrom: [${cm('cm', 'key2')}]}`,
    );
    expect(options.helm.valuesFrom).toHaveLength(2);
  });
});

describe('calculate_test.go ComparePatches', () => {
  const patch = (kind: string, name: string, ops = '') =>
    `{apiVersion: v1, kind: ${kind}, namespace: ns, name: ${name}${ops}}`;

  it('TestMerge_ComparePatches_Appends', async () => {
    const { options } = await merged(
      `diff: {comparePatches: [${patch('Secret', 'sec')}]}`,
      `diff: {comparePatches: [${patch('ConfigMap', 'cm')}]}`,
    );
    expect(options.diff.comparePatches).toHaveLength(2);
  });

  it('TestMerge_ComparePatches_CustomTakesPrecedence', async () => {
    const { options } = await merged(
      `diff: {comparePatches: [${patch('Secret', 'shared', ', operations: [{op: remove, path: /metadata/labels/base}]')}]}`,
      `diff: {comparePatches: [${patch('Secret', 'shared', ', operations: [{op: remove, path: /metadata/labels/custom}]')}]}`,
    );
    expect(options.diff.comparePatches).toHaveLength(1);
    expect(options.diff.comparePatches[0]?.operations).toEqual([
      { op: 'remove', path: '/metadata/labels/custom' },
    ]);
  });

  it('TestMerge_ComparePatches_EmptyCustom', async () => {
    const { options } = await merged(`diff: {comparePatches: [${patch('Secret', 'sec')}]}`, '{}');
    expect(options.diff.comparePatches).toEqual([
      { apiVersion: 'v1', kind: 'Secret', namespace: 'ns', name: 'sec' },
    ]);
  });
});

describe('calculate_test.go Merge chains (AllMatches)', () => {
  it('TestMergeChain', async () => {
    const { options } = await merged(
      `defaultNamespace: base-ns
helm:
  releaseName: base-release
  values: {source: base, edge: "false", extra: "false"}`,
      'helm: {values: {source: edge, edge: "true"}}',
      'helm: {values: {source: extra, extra: "true"}}',
    );
    expect(options.defaultNamespace).toBe('base-ns');
    expect(options.helm.releaseName).toBe('base-release');
    expect(options.helm.values).toEqual({ source: 'extra', edge: 'true', extra: 'true' });
  });

  it('TestMergeChain_ValuesFrom', async () => {
    const { options } = await merged(
      '{}',
      'helm: {valuesFrom: [{configMapKeyRef: {name: cm-edge}}]}',
      'helm: {valuesFrom: [{configMapKeyRef: {name: cm-extra}}]}',
    );
    expect(options.helm.valuesFrom).toEqual([
      { configMapKeyRef: { name: 'cm-edge' } },
      { configMapKeyRef: { name: 'cm-extra' } },
    ]);
  });

  it('TestMergeChain_ScalarLastWins', async () => {
    const { options } = await merged(
      'defaultNamespace: base-ns',
      'defaultNamespace: first-ns',
      'defaultNamespace: second-ns',
    );
    expect(options.defaultNamespace).toBe('second-ns');
  });

  it('TestMergeChain_BoolSticky', async () => {
    const { options } = await merged('{}', 'helm: {force: true}', 'helm: {force: false}');
    expect(options.helm.force).toBe(true);
  });
});
