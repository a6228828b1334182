/**
 * rancher/fleet's target matcher tables, re-created as what `fbc-studio fleet render DIR --clusters
 * FILE --targets FILE` reads: a fleet.yaml (targets, targetCustomizations, targetCustomizationMode),
 * a GitRepo's targets and restrictions as a targets file, and the clusters with their labels and
 * groups. Each case asserts what the matrix shows for the cluster: the target it gets and the
 * customizations laid over it.
 *
 *   internal/cmd/controller/target/matcher/bundlematch_test.go    c35ddfc6db5788320e920e6dddabc58e796d60f4
 *   internal/cmd/controller/target/matcher/clustermatcher_test.go 525b130d2325cae044d5013aadece83b09c11ff5
 *
 * Upstream's makeBundle puts the customizations first and the GitRepo target last, with the GitRepo
 * target as the only restriction: that is the Bundle `fleet apply --targets-file` writes for a
 * fleet.yaml with targetCustomizations, which is how each case is written here. The
 * MatchTargetCustomizations / MatchAllTargetCustomizations calls are the FirstMatch /
 * AllMatches values of targetCustomizationMode. TestDetermineIsCustomization's (index,
 * numCustomizations, numRestrictions) rows are Bundles of that shape, the target at `index` the only
 * one naming the cluster: a customization alone deploys nothing, a GitRepo target deploys.
 * Nothing is left out.
 */
import { describe, expect, it } from 'vitest';
import { openFleetBundle, readClusters, readTargetsFile, targetMatrix } from '../../../src/core/fleet';
import { chooseFleetTarget } from '../../../src/core/fleet/fleet-targeting';
import { groupsOf } from '../../../src/core/fleet/targeting';
import { MemorySource } from '../../../src/core/source/memory';

const SVC = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: app\n';
const DISPLAY_NAME = 'management.cattle.io/cluster-display-name';

/** A GitRepo target (and the same restriction) matching every cluster, as makeBundle's `gitrepo`. */
const GITREPO_ALL = `targets:
  - name: gitrepo
    clusterSelector: {}
targetRestrictions:
  - name: gitrepo
    clusterSelector: {}
`;

async function render(fleetYaml: string, clusters: string, targets?: string) {
  const file = targets === undefined ? undefined : readTargetsFile('targets.yaml', targets);
  expect(file?.diagnostics ?? []).toEqual([]);
  const bundle = await openFleetBundle(
    new MemorySource({ 'fleet.yaml': fleetYaml, 'svc.yaml': SVC }, 'app'),
    file ? { targetsFile: file.targets } : {},
  );
  expect(bundle.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const set = readClusters('fleet-clusters.yaml', clusters);
  expect(set.diagnostics).toEqual([]);
  return { bundle, set, rows: targetMatrix(bundle, set).rows };
}

/** One cluster with these labels (no groups), as upstream's Match(name, nil, labels). */
function cluster(name: string, labels: Record<string, string>): string {
  return `clusters:\n  - name: ${name}\n    labels: ${JSON.stringify(labels)}\n`;
}

/** targetCustomizations of `name: {label: "true"}` selectors (upstream's labelSelector), or `{}`. */
function customizations(mode: 'FirstMatch' | 'AllMatches', list: [string, string | null][]): string {
  const items = list.map(
    ([name, label]) =>
      `  - name: ${name}\n    clusterSelector: ${label ? `{matchLabels: {${label}: "true"}}` : '{}'}\n`,
  );
  return `targetCustomizationMode: ${mode}\ntargetCustomizations:\n${items.join('')}`;
}

describe('bundlematch_test.go TestMatchAllTargetCustomizations_NoGroups', () => {
  const cases: {
    name: string;
    custom: [string, string | null][];
    labels: Record<string, string>;
    want: string[];
  }[] = [
    { name: 'no customizations match', custom: [['edge', 'edge']], labels: {}, want: [] },
    {
      name: 'one customization matches',
      custom: [
        ['edge', 'edge'],
        ['extra', 'extra'],
      ],
      labels: { edge: 'true' },
      want: ['edge'],
    },
    {
      name: 'both customizations match',
      custom: [
        ['edge', 'edge'],
        ['extra', 'extra'],
      ],
      labels: { edge: 'true', extra: 'true' },
      want: ['edge', 'extra'],
    },
    {
      name: 'order is preserved',
      custom: [
        ['extra', 'extra'],
        ['edge', 'edge'],
      ],
      labels: { edge: 'true', extra: 'true' },
      want: ['extra', 'edge'],
    },
    {
      name: 'catch-all customization matches everything',
      custom: [
        ['edge', 'edge'],
        ['all', null],
      ],
      labels: { edge: 'true' },
      want: ['edge', 'all'],
    },
  ];
  for (const c of cases)
    it(c.name, async () => {
      const { rows } = await render(
        customizations('AllMatches', c.custom),
        cluster('local', c.labels),
        GITREPO_ALL,
      );
      expect(rows.map((r) => [r.target, r.customizations ?? []])).toEqual([['gitrepo', c.want]]);
    });
});

describe('bundlematch_test.go', () => {
  it('TestMatchAllTargetCustomizations_DoNotDeployIncluded', async () => {
    const fleetYaml = `targetCustomizationMode: AllMatches
targetCustomizations:
  - name: edge
    clusterSelector: {matchLabels: {edge: "true"}}
  - name: stopper
    doNotDeploy: true
    clusterSelector: {matchLabels: {edge: "true"}}
`;
    const { bundle, set, rows } = await render(fleetYaml, cluster('local', { edge: 'true' }), GITREPO_ALL);
    const local = set.clusters[0]!;
    // Both match as customizations, gitrepo is not among them ...
    expect(
      chooseFleetTarget(bundle, local, groupsOf(local, set.groups)).customizations.map((t) => t.name),
    ).toEqual(['edge', 'stopper']);
    // ... and stopper's doNotDeploy is what keeps the cluster from getting the bundle.
    expect(rows.map((r) => [r.target, r.skipped, r.resources.length])).toEqual([
      ['gitrepo', 'doNotDeploy on targetCustomization stopper', 0],
    ]);
  });

  it('TestMatchTargetCustomizations_StillFirstMatch', async () => {
    const { rows } = await render(
      customizations('FirstMatch', [
        ['edge', 'edge'],
        ['extra', 'extra'],
      ]),
      cluster('local', { edge: 'true', extra: 'true' }),
      GITREPO_ALL,
    );
    expect(rows.map((r) => [r.target, r.customizations])).toEqual([['gitrepo', ['edge']]]);
  });

  describe('TestCustomizationWithSameSelectorsAsGitRepoTarget', () => {
    // The customization has the GitRepo target's name and selector, and options of its own.
    const targets = `targets:
  - name: production
    clusterSelector: {matchLabels: {env: prod}}
targetRestrictions:
  - name: production
    clusterSelector: {matchLabels: {env: prod}}
`;
    const custom = (mode: string) => `targetCustomizationMode: ${mode}
targetCustomizations:
  - name: production
    clusterSelector: {matchLabels: {env: prod}}
    defaultNamespace: customized
`;
    it('MatchTargetCustomizations should return the customization', async () => {
      const { rows } = await render(custom('FirstMatch'), cluster('cluster1', { env: 'prod' }), targets);
      expect(rows.map((r) => [r.target, r.customizations, r.defaultNamespace])).toEqual([
        ['production', ['production'], 'customized'],
      ]);
    });
    it('MatchAllTargetCustomizations should include the customization', async () => {
      const { rows } = await render(custom('AllMatches'), cluster('cluster1', { env: 'prod' }), targets);
      expect(rows.map((r) => [r.target, r.customizations, r.defaultNamespace])).toEqual([
        ['production', ['production'], 'customized'],
      ]);
    });
  });
});

describe('bundlematch_test.go TestDetermineIsCustomization', () => {
  const cases = [
    { name: 'position-based customization', index: 0, numCustomizations: 1, numRestrictions: 1, want: true },
    {
      name: 'position-based gitrepo target',
      index: 1,
      numCustomizations: 1,
      numRestrictions: 1,
      want: false,
    },
    {
      name: 'no customizations (all gitrepo)',
      index: 0,
      numCustomizations: 0,
      numRestrictions: 1,
      want: false,
    },
    {
      name: 'standalone bundle (no restrictions)',
      index: 0,
      numCustomizations: 1,
      numRestrictions: 0,
      want: false,
    },
    { name: 'multiple customizations', index: 2, numCustomizations: 3, numRestrictions: 2, want: true },
    {
      name: 'boundary case (last customization)',
      index: 2,
      numCustomizations: 3,
      numRestrictions: 1,
      want: true,
    },
    {
      name: 'boundary case (first gitrepo target)',
      index: 3,
      numCustomizations: 3,
      numRestrictions: 1,
      want: false,
    },
  ];
  for (const c of cases)
    it(c.name, async () => {
      // numCustomizations = len(Targets) - len(TargetRestrictions): the GitRepo gives one target per
      // restriction, fleet.yaml the rest. Only the target at `index` names the cluster `probe`.
      const total = c.numCustomizations + c.numRestrictions;
      const entry = (i: number) =>
        `  - name: t${i}\n    clusterName: ${i === c.index ? 'probe' : 'nobody'}\n`;
      const ids = [...Array(total).keys()];
      const fleetYaml = `targetCustomizations:\n${ids.slice(0, c.numCustomizations).map(entry).join('')}`;
      const targets =
        c.numRestrictions === 0
          ? undefined
          : `targets:\n${ids.slice(c.numCustomizations).map(entry).join('')}targetRestrictions:\n${'  - clusterSelector: {}\n'.repeat(c.numRestrictions)}`;
      const { bundle, rows } = await render(
        c.numCustomizations ? fleetYaml : '{}\n',
        cluster('probe', {}),
        targets,
      );
      expect(bundle.targets.map((t) => t.name)).toEqual(ids.map((i) => `t${i}`));
      expect(bundle.targets[c.index]?.customization).toBe(c.want);
      // A customization alone deploys nothing; a GitRepo (or standalone) target deploys.
      expect(rows[0]?.target).toBe(c.want ? undefined : `t${c.index}`);
    });
});

describe('clustermatcher_test.go TestNewClusterMatcher_DisplayNameMatching', () => {
  const cases: {
    name: string;
    clusterName: string;
    cluster: string;
    labels: Record<string, string>;
    want: boolean;
  }[] = [
    {
      name: 'match by cluster resource name',
      clusterName: 'c-m-12345',
      cluster: 'c-m-12345',
      labels: {},
      want: true,
    },
    {
      name: 'match by display name label',
      clusterName: 'my-cluster',
      cluster: 'c-m-12345',
      labels: { [DISPLAY_NAME]: 'my-cluster' },
      want: true,
    },
    {
      name: 'no match when neither name matches',
      clusterName: 'my-cluster',
      cluster: 'c-m-12345',
      labels: { [DISPLAY_NAME]: 'other-cluster' },
      want: false,
    },
    {
      name: 'match resource name even with different display name',
      clusterName: 'c-m-12345',
      cluster: 'c-m-12345',
      labels: { [DISPLAY_NAME]: 'my-cluster' },
      want: true,
    },
    {
      name: 'no match when display name label is missing',
      clusterName: 'my-cluster',
      cluster: 'c-m-12345',
      labels: {},
      want: false,
    },
    {
      name: 'match display name for imported cluster',
      clusterName: 'specific-name-1',
      cluster: 'c-12345',
      labels: { [DISPLAY_NAME]: 'specific-name-1' },
      want: true,
    },
  ];
  for (const c of cases)
    it(c.name, async () => {
      const { rows } = await render(
        `targets:\n  - name: by-name\n    clusterName: ${c.clusterName}\n`,
        cluster(c.cluster, c.labels),
      );
      expect(rows[0]?.target).toBe(c.want ? 'by-name' : undefined);
    });
});

describe('clustermatcher_test.go', () => {
  const GROUPS = `clusterGroups:
  - name: my-group
    selector: {matchLabels: {group: mine}}
  - name: other-group
    selector: {matchLabels: {group: other}}
`;

  it('TestNewClusterMatcher_EmptyClusterName', async () => {
    // clusterName "" adds no criterion, and a target without criteria matches no cluster.
    const { rows } = await render(
      `targets:\n  - name: empty\n    clusterName: ""\n`,
      cluster('any-cluster', {}),
    );
    expect(rows.map((r) => [r.cluster, r.target])).toEqual([['any-cluster', undefined]]);
  });

  it('TestNewClusterMatcher_ClusterGroup', async () => {
    const { rows } = await render(
      `targets:\n  - name: grouped\n    clusterGroup: my-group\n`,
      `clusters:
  - name: in-my-group
    labels: {group: mine}
  - name: in-other-group
    labels: {group: other}
${GROUPS}`,
    );
    expect(rows.map((r) => [r.cluster, r.groups, r.target])).toEqual([
      ['in-my-group', ['my-group'], 'grouped'],
      ['in-other-group', ['other-group'], undefined],
    ]);
  });

  it('TestNewClusterMatcher_CombinedCriteria', async () => {
    const { rows } = await render(
      `targets:\n  - name: both\n    clusterName: my-cluster\n    clusterGroup: my-group\n`,
      `clusters:
  - name: c-12345
    labels: {group: mine, ${DISPLAY_NAME}: my-cluster}
  - name: c-23456
    labels: {group: other, ${DISPLAY_NAME}: my-cluster}
  - name: c-34567
    labels: {group: mine, ${DISPLAY_NAME}: other-cluster}
${GROUPS}`,
    );
    // Both match; only clusterName matches; only clusterGroup matches.
    expect(rows.map((r) => [r.cluster, r.target])).toEqual([
      ['c-12345', 'both'],
      ['c-23456', undefined],
      ['c-34567', undefined],
    ]);
  });
});
