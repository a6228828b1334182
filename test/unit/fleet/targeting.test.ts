/**
 * Which target each cluster gets and what it receives: first match wins, `{}` matches all while
 * null is dropped, overlays apply in order (referenced ones first), `_patch.` files merge into
 * their base, and two clusters' files can be compared.
 */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  diffClusters,
  openFleetBundle,
  readClusters,
  readTargetsFile,
  targetMatrix,
} from '../../../src/core/fleet';
import { MemorySource } from '../../../src/core/source/memory';
import { CLUSTERS, FLEET_YAML, webBundle } from './fixtures';

async function matrix(files: Record<string, string>, clusters = CLUSTERS) {
  const bundle = await openFleetBundle(new MemorySource(files, 'web'));
  return { bundle, ...targetMatrix(bundle, readClusters('fleet-clusters.yaml', clusters)) };
}

describe('Fleet target matrix', () => {
  it('gives each cluster the first target that matches', async () => {
    const { rows } = await matrix(webBundle());
    expect(rows.map((r) => [r.cluster, r.target])).toEqual([
      ['prod-east', 'prod'],
      ['canary-1', 'canary'],
      ['dev-1', 'everyone'],
    ]);
    // A cluster matching two targets takes the earlier: prod-east also matches `everyone`.
    const swapped = FLEET_YAML.replace(
      'targets:\n',
      'targets:\n  - name: first\n    clusterSelector: {matchLabels: {region: east}}\n',
    );
    expect((await matrix(webBundle({ 'bundle.yaml': swapped }))).rows[0]?.target).toBe('first');
  });

  it('gives no cluster a target whose selector Fleet cannot build (one bad expression fails the whole selector)', async () => {
    const bad = `targets:\n  - name: broken\n    clusterSelector:\n      matchExpressions:\n        - {key: env, operator: In, values: [prod]}\n        - {key: env, operator: Equals, values: [prod]}\n  - name: all\n    clusterSelector: {}\n`;
    const { rows } = await matrix(webBundle({ 'bundle.yaml': bad }));
    expect(rows.map((r) => r.target)).toEqual(['all', 'all', 'all']);
  });

  it('treats clusterSelector {} as match-all and null as dropped (a target with nothing left matches nothing)', async () => {
    const nullOnly = `targets:\n  - name: dropped\n    clusterSelector: null\n  - name: all\n    clusterSelector: {}\n`;
    const { rows, bundle } = await matrix(webBundle({ 'bundle.yaml': nullOnly }));
    expect(rows.map((r) => r.target)).toEqual(['all', 'all', 'all']);
    expect(bundle.diagnostics.map((d) => [d.rule, d.location?.start.line])).toEqual([
      ['fleet-target-empty', 2],
    ]);
    // null beside another criterion is just dropped: the group alone decides.
    const withGroup = `targets:\n  - name: canaries\n    clusterSelector: null\n    clusterGroup: canaries\n`;
    expect((await matrix(webBundle({ 'bundle.yaml': withGroup }))).rows.map((r) => r.target)).toEqual([
      undefined,
      'canaries',
      undefined,
    ]);
  });

  it('applies referenced overlays before the overlay naming them, and patches in that order', async () => {
    const { rows } = await matrix(webBundle());
    const prod = rows[0];
    expect(prod?.overlays).toEqual(['big', 'prod']);
    expect(prod?.defaultNamespace).toBe('web-prod');
    const deployment = parse(
      prod?.resources.find((r) => r.name === 'manifests/deployment.yaml')?.content ?? '',
    ) as {
      spec: { replicas: number; template: { spec: { containers: { name: string; image: string }[] } } };
    };
    expect(deployment.spec.replicas).toBe(3);
    // The container named web is merged by name; the sidecar is kept.
    expect(deployment.spec.template.spec.containers).toEqual([
      { name: 'web', image: 'web:1.0-prod' },
      { name: 'sidecar', image: 'proxy:2' },
    ]);
    expect(prod?.resources.map((r) => r.name)).toEqual([
      'configmap.yaml',
      'manifests/deployment.yaml',
      'manifests/svc.yaml',
    ]);
    // Clusters without overlays get the base as written.
    expect(rows[2]?.resources.find((r) => r.name === 'manifests/deployment.yaml')?.content).toContain(
      'replicas: 1',
    );
  });

  it('replaces a base file with an overlay file of the same name, and applies a JSON Patch list', async () => {
    const { rows } = await matrix(
      webBundle({
        'overlays/prod/svc.yaml': 'apiVersion: v1\nkind: Service\nmetadata: {name: web-prod}\n',
        'overlays/big/deployment_patch.yaml': '- op: replace\n  path: /spec/replicas\n  value: 5\n',
      }),
    );
    const files = Object.fromEntries((rows[0]?.resources ?? []).map((r) => [r.name, r.content]));
    expect(files['manifests/svc.yaml']).toContain('web-prod');
    expect(files['manifests/deployment.yaml']).toContain('replicas: 5');
  });

  it('reads Fleet Cluster and ClusterGroup resources as the clusters file', async () => {
    const resources = `apiVersion: fleet.cattle.io/v1alpha1
kind: Cluster
metadata: {name: c1, labels: {ring: canary}}
---
apiVersion: fleet.cattle.io/v1alpha1
kind: ClusterGroup
metadata: {name: canaries}
spec:
  selector: {matchLabels: {ring: canary}}
`;
    expect((await matrix(webBundle(), resources)).rows.map((r) => [r.cluster, r.groups, r.target])).toEqual([
      ['c1', ['canaries'], 'canary'],
    ]);
  });

  it('says which target no cluster gets, and diffs two clusters file by file', async () => {
    const { rows, diagnostics } = await matrix(
      webBundle(),
      'clusters:\n  - name: a\n    labels: {env: prod}\n  - name: b\n    labels: {}\n',
    );
    expect(diagnostics.map((d) => [d.rule, d.message])).toEqual([
      ['fleet-target-no-cluster', 'target canary is chosen for none of the 2 clusters given'],
    ]);
    const files = diffClusters(rows[0]!, rows[1]!);
    expect(files.map((f) => [f.name, f.status])).toEqual([
      ['configmap.yaml', 'only-a'],
      ['manifests/deployment.yaml', 'changed'],
      ['manifests/svc.yaml', 'same'],
    ]);
    // The line diff of the changed file: prod's image and replicas against the base.
    expect(files[1]?.patch).toContain('-          image: web:1.0-prod\n');
    expect(files[1]?.patch).toContain('+          image: web:1.0\n');
  });
});

describe('cluster labels in helm values (fleet.yaml)', () => {
  it('puts the label a value names, "" for one the cluster lacks, and leaves cattle.io labels out but Fleet’s own', async () => {
    const fleetYaml = `helm:
  values:
    env: global.fleet.clusterLabels.env
    missing: global.fleet.clusterLabels.region
    rancher: global.fleet.clusterLabels.provider.cattle.io/name
    display: global.fleet.clusterLabels.management.cattle.io/cluster-display-name
    listed: [global.fleet.clusterLabels.env]
`;
    const bundle = await openFleetBundle(
      new MemorySource({ 'fleet.yaml': fleetYaml, 'cm.yaml': 'kind: ConfigMap\n' }, 'app'),
    );
    const clusters = `clusters:
  - name: c1
    labels: {env: prod, provider.cattle.io/name: rke2, management.cattle.io/cluster-display-name: east}
  - name: bare
clusterGroups:
  - name: default
    selector: {}
`;
    const rows = targetMatrix(bundle, readClusters('fleet-clusters.yaml', clusters)).rows;
    expect(rows[0]?.values).toEqual({
      env: 'prod',
      missing: '',
      rancher: '',
      display: 'east',
      // Only mappings inside lists are looked into, as upstream.
      listed: ['global.fleet.clusterLabels.env'],
    });
    // A cluster without labels keeps the values as written.
    expect(rows[1]?.values.env).toBe('global.fleet.clusterLabels.env');
  });
});

describe('helm value templates (fleet.yaml)', () => {
  const clusters = `clusters:
  - name: labelled
    labels: {env: prod}
    templateValues: {replicas: 3, big: 1000000}
  - name: bare
clusterGroups:
  - name: default
    selector: {}
`;
  const matrix = async (values: string, extra = '') => {
    const bundle = await openFleetBundle(
      new MemorySource(
        { 'fleet.yaml': `helm:\n${extra}  values:\n${values}`, 'cm.yaml': 'kind: ConfigMap\n' },
        'app',
      ),
    );
    const m = targetMatrix(bundle, readClusters('fleet-clusters.yaml', clusters));
    return {
      rows: m.rows.map((r) => [r.cluster, r.values, r.errors]),
      findings: m.diagnostics.map((d) => [d.rule, d.source, d.message, d.location?.start.line]),
    };
  };

  it('renders each cluster’s values as the controller does; a cluster without labels is not templated', async () => {
    const { rows, findings } = await matrix(
      '    name: "${ .ClusterName }-${ .ClusterLabels.env }"\n    replicas: ${ .ClusterValues.replicas }\n' +
        '    tag: "v${ .ClusterValues.big }"\n',
    );
    expect(rows).toEqual([
      // Read back as YAML: 3 is a number; templateValues numbers are float64, printed as Go's %v.
      ['labelled', { name: 'labelled-prod', replicas: 3, tag: 'v1e+06' }, []],
      [
        'bare',
        {
          name: '${ .ClusterName }-${ .ClusterLabels.env }',
          replicas: '${ .ClusterValues.replicas }',
          tag: 'v${ .ClusterValues.big }',
        },
        [],
      ],
    ]);
    expect(findings).toEqual([]);
  });

  it('a template error is the cluster’s error, in the controller’s words', async () => {
    const { rows, findings } = await matrix('    region: "${ .ClusterLabels.region }"\n');
    // Column 25 is `.region`: Go's parser gives a field chain the position of its second field.
    const text =
      'failed to render helm values template: template: values:1:25: executing "values" at <.ClusterLabels.region>: map has no entry for key "region"';
    expect(rows[0]?.[2]).toEqual([text]);
    // The controller's Targets() fails for the whole Bundle: Fleet's error, at the template.
    expect(findings).toEqual([['fleet-values-render-error', 'fleet', `helm values of labelled: ${text}`, 3]]);
    const parse = await matrix('    x: "${ .ClusterName | nosuchfunction }"\n');
    expect(parse.rows[0]?.[2]).toEqual([
      'failed to parse helm values template: template: values:1: function "nosuchfunction" not defined',
    ]);
  });

  it('a sprig function we do not run leaves the values as written, and says which', async () => {
    const { rows, findings } = await matrix(
      '    token: "${ randAlphaNum 8 }"\n    name: "${ .ClusterName }"\n',
    );
    expect(rows[0]?.[1]).toEqual({ token: '${ randAlphaNum 8 }', name: '${ .ClusterName }' });
    expect(findings).toEqual([
      [
        'fleet-values-template',
        'fbc-studio',
        "helm values templates call sprig's randAlphaNum, which FBC Studio does not run; the values of labelled are shown as written, the Fleet controller renders them",
        3,
      ],
    ]);
    // disablePreProcess: nothing is rendered, nothing to say.
    const off = await matrix('    token: "${ randAlphaNum 8 }"\n', '  disablePreProcess: true\n');
    expect([off.rows[0]?.[1], off.findings]).toEqual([{ token: '${ randAlphaNum 8 }' }, []]);
  });
});

describe('target restrictions (fleet.yaml with a targets file)', () => {
  it('needs a restriction and the target to hold with the same cluster group', async () => {
    const targets = readTargetsFile(
      'targets.yaml',
      `targets:
  - name: blue
    clusterGroup: blue
targetRestrictions:
  - clusterGroup: green
`,
    ).targets;
    const bundle = await openFleetBundle(new MemorySource({ 'cm.yaml': 'kind: ConfigMap\n' }, 'app'), {
      targetsFile: targets,
    });
    const clusters = `clusters:
  - name: both
    labels: {blue: "y", green: "y"}
clusterGroups:
  - name: blue
    selector: {matchLabels: {blue: "y"}}
  - name: green
    selector: {matchLabels: {green: "y"}}
`;
    // The cluster is in both groups, but blue is not allowed through green's restriction.
    const [row] = targetMatrix(bundle, readClusters('fleet-clusters.yaml', clusters)).rows;
    expect([row?.groups, row?.target]).toEqual([['blue', 'green'], undefined]);
  });
});
