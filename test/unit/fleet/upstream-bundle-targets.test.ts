/**
 * rancher/fleet's controller integration test of which clusters get a BundleDeployment and with which
 * helm values, re-created as what `fbc-studio fleet render DIR --clusters FILE --targets FILE` reads.
 * Upstream builds the Bundle by hand as bundlereader would: the fleet.yaml customizations first, then
 * the GitRepo's targets, which are also the targetRestrictions. Here the customizations are a
 * fleet.yaml's targetCustomizations and the GitRepo's targets a targets file with the same entries as
 * targets and (their criteria) as targetRestrictions. The clusters are upstream's: one, two and three, labelled
 * cluster=<name> and env=test, each in its own group (cluster=<name>) and all of them in group `all`
 * (env=test). A cluster "has a BundleDeployment" when its row has a target and is not skipped; its
 * values are the row's helm values.
 *
 *   integrationtests/controller/bundle/bundle_targets_test.go 7572833883b4eb2f1a89cba638d383f45caebd6a
 *
 * Left out: "a GitRepo targets are updated / deletes orphaned BundleDeployments" checks that the
 * controller deletes existing BundleDeployments after the Bundle is patched (controller state).
 * "setting doNotDeploy to a target customization after the bundle has been deployed" is rendered
 * before and after the edit of fleet.yaml; the deletion itself is the controller's.
 */
import { describe, expect, it } from 'vitest';
import { openFleetBundle, readClusters, readTargetsFile, targetMatrix } from '../../../src/core/fleet';
import { MemorySource } from '../../../src/core/source/memory';

const CLUSTERS = `clusters:
  - {name: one, labels: {cluster: one, env: test}}
  - {name: two, labels: {cluster: two, env: test}}
  - {name: three, labels: {cluster: three, env: test}}
clusterGroups:
  - {name: one, selector: {matchLabels: {cluster: one}}}
  - {name: two, selector: {matchLabels: {cluster: two}}}
  - {name: three, selector: {matchLabels: {cluster: three}}}
  - {name: all, selector: {matchLabels: {env: test}}}
`;

/**
 * The clusters that get a BundleDeployment, each with its helm values. `gitRepo` is the GitRepo's
 * targets as YAML list items (also its restrictions, unless `restrict` is false).
 */
async function deployments(fleetYaml: string, gitRepo: string, restrict = true) {
  // A restriction has the target's criteria only (BundleTargetRestriction has no options).
  const criteria = gitRepo.replace(/^ {4}helm: .*\n/gm, '');
  const targetsYaml = `targets:\n${gitRepo}${restrict ? `targetRestrictions:\n${criteria}` : ''}`;
  const targets = readTargetsFile('targets.yaml', targetsYaml);
  expect(targets.diagnostics).toEqual([]);
  const bundle = await openFleetBundle(
    new MemorySource({ 'fleet.yaml': fleetYaml, 'cm.yaml': 'kind: ConfigMap\n' }, 'app'),
    { targetsFile: targets.targets },
  );
  expect(bundle.diagnostics.map((d) => d.message)).toEqual([]);
  const rows = targetMatrix(bundle, readClusters('fleet-clusters.yaml', CLUSTERS)).rows;
  return Object.fromEntries(
    rows
      .filter((r) => r.target !== undefined && !r.skipped)
      .map((r) => [r.cluster, (r.options?.helm as { values?: unknown } | undefined)?.values]),
  );
}

/** A targetCustomization (or GitRepo target) for a group, with replicas in its helm values. */
const replicas = (group: string, n: string) =>
  `  - clusterGroup: ${group}\n    helm: {values: {replicas: "${n}"}}\n`;

describe('bundle_targets_test.go Bundle targets', () => {
  it('a GitRepo targets all clusters without customization: creates three BundleDeployments', async () => {
    // ... and BundleDeployments don't have values from customizations.
    expect(await deployments('{}\n', '  - clusterGroup: all\n')).toEqual({
      one: undefined,
      two: undefined,
      three: undefined,
    });
  });

  it('a target customization is specified for all clusters: creates three BundleDeployments', async () => {
    const d = await deployments(`targetCustomizations:\n${replicas('all', '3')}`, replicas('all', '1'));
    expect(d).toEqual({ one: { replicas: '3' }, two: { replicas: '3' }, three: { replicas: '3' } });
  });

  it('target customizations are specified for clusters one and two: creates three BundleDeployments', async () => {
    const d = await deployments(
      `targetCustomizations:\n${replicas('one', '1')}${replicas('two', '2')}`,
      replicas('all', '4'),
    );
    expect(d).toEqual({ one: { replicas: '1' }, two: { replicas: '2' }, three: { replicas: '4' } });
  });

  it('target customizations are specified both for cluster one, and for all clusters: creates three BundleDeployments', async () => {
    const d = await deployments(
      `targetCustomizations:\n${replicas('one', '1')}${replicas('all', '4')}`,
      replicas('all', '5'),
    );
    expect(d).toEqual({ one: { replicas: '1' }, two: { replicas: '4' }, three: { replicas: '4' } });
  });

  it('target customizations are specified for all clusters but the GitRepo targets only cluster one: creates one BundleDeployment', async () => {
    const d = await deployments(`targetCustomizations:\n${replicas('all', '2')}`, replicas('one', '1'));
    expect(d).toEqual({ one: { replicas: '2' } });
  });

  it('a Bundle does not contain any TargetRestrictions: creates three BundleDeployments', async () => {
    const d = await deployments('{}\n', '  - clusterGroup: all\n', false);
    expect(Object.keys(d)).toEqual(['one', 'two', 'three']);
  });

  it('GitRepo has a target that matches clusterGroup all, and a targetCustomization that matches all clusters has DoNotDeploy set to true: does not create any BundleDeployments', async () => {
    const d = await deployments(
      'targetCustomizations:\n  - {clusterGroup: all, doNotDeploy: true}\n',
      '  - clusterGroup: all\n',
    );
    expect(d).toEqual({});
  });

  it('GitRepo has a target that matches clusterGroup one, and a targetCustomization that matches all clusters has DoNotDeploy set to true: no BundleDeployments are created', async () => {
    const d = await deployments(
      'targetCustomizations:\n  - {clusterGroup: all, doNotDeploy: true}\n',
      '  - clusterGroup: one\n',
    );
    expect(d).toEqual({});
  });

  it('GitRepo has a target that matches clusterGroup one, and a targetCustomization that matches clusterGroup two has DoNotDeploy set to true: one BundleDeployment is created', async () => {
    const d = await deployments(
      'targetCustomizations:\n  - {clusterGroup: two, doNotDeploy: true}\n',
      '  - clusterGroup: one\n',
    );
    expect(Object.keys(d)).toEqual(['one']);
  });

  it('a broader-matching targetCustomization appears before a doNotDeploy targetCustomization: creates a BundleDeployment because first match wins', async () => {
    const d = await deployments(
      `targetCustomizations:\n${replicas('all', '1')}  - {clusterGroup: one, doNotDeploy: true}\n`,
      '  - clusterGroup: one\n',
    );
    expect(d).toEqual({ one: { replicas: '1' } });
  });

  it('setting doNotDeploy to a target customization after the bundle has been deployed: checks that bundle deployments for all three clusters exist and two is gone after setting do not deploy', async () => {
    const before = await deployments(
      `targetCustomizations:\n${replicas('one', '1')}${replicas('two', '2')}`,
      replicas('all', '4'),
    );
    expect(before).toEqual({ one: { replicas: '1' }, two: { replicas: '2' }, three: { replicas: '4' } });
    const after = await deployments(
      `targetCustomizations:\n${replicas('one', '1')}${replicas('two', '2')}    doNotDeploy: true\n`,
      replicas('all', '4'),
    );
    expect(after).toEqual({ one: { replicas: '1' }, three: { replicas: '4' } });
  });

  it("TargetCustomizationMode is AllMatches and two customizations match cluster one: merges all matching customizations into cluster one's BundleDeployment", async () => {
    const d = await deployments(
      `targetCustomizationMode: AllMatches
targetCustomizations:
  - {clusterGroup: one, helm: {values: {region: us-west}}}
  - {clusterGroup: all, helm: {values: {env: prod}}}
`,
      '  - clusterGroup: all\n',
    );
    expect(d).toEqual({
      one: { region: 'us-west', env: 'prod' },
      two: { env: 'prod' },
      three: { env: 'prod' },
    });
  });

  it('TargetCustomizationMode is AllMatches and one matching customization has doNotDeploy: skips cluster one and deploys to the other clusters', async () => {
    const d = await deployments(
      `targetCustomizationMode: AllMatches
targetCustomizations:
  - {clusterGroup: one, doNotDeploy: true}
  - {clusterGroup: all, helm: {values: {env: prod}}}
`,
      '  - clusterGroup: all\n',
    );
    expect(Object.keys(d)).toEqual(['two', 'three']);
  });
});
