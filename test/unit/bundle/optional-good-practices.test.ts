/**
 * operator-sdk's optional validator `good-practices` as `validate-bundle --select-optional` runs it, its
 * operator-framework/api tests ported (pkg/validation/internal/good_practices_test.go): each case
 * re-created in a bundle written here, asserting upstream's verdict and text.
 */
import { describe, expect, it } from 'vitest';
import { annotations, checkManifests, csv, ETCD_CRD, type Obj } from './api-fixture';
import { only } from './optional-fixture';

describe('good_practices_test.go', () => {
  const gp = async (patch: { metadata?: Obj; spec?: Obj } = {}, ann = annotations('stable')) =>
    (
      await checkManifests(
        { 'csv.yaml': csv(patch), 'crd.yaml': ETCD_CRD },
        { 'metadata/annotations.yaml': ann },
        { selectOptional: 'name=good-practices' },
      )
    ).findings;
  const withRequests = {
    install: {
      strategy: 'deployment',
      spec: {
        deployments: [
          {
            name: 'etcd-operator',
            spec: {
              template: {
                spec: {
                  containers: [{ name: 'manager', resources: { requests: { cpu: '10m', memory: '64Mi' } } }],
                },
              },
            },
          },
        ],
      },
    },
  };
  const owned = {
    customresourcedefinitions: {
      owned: [
        {
          name: 'etcdclusters.etcd.example.com',
          version: 'v1beta2',
          kind: 'EtcdCluster',
          description: 'An etcd cluster',
        },
      ],
    },
  };

  it('should pass successfully when the resource request is set for all containers', async () => {
    expect(only('bundle-gp', await gp({ spec: { ...withRequests, ...owned } }))).toEqual([]);
  });

  it('should raise an waring when the resource request is NOT set for any of the containers defined in the bundle', async () => {
    const fs = await gp({
      spec: {
        ...owned,
        install: {
          strategy: 'deployment',
          spec: {
            deployments: [
              {
                name: 'm',
                spec: {
                  template: { spec: { containers: [{ name: 'kube-rbac-proxy' }, { name: 'manager' }] } },
                },
              },
            ],
          },
        },
      },
    });
    const text = (c: string) =>
      `unable to find the resource requests for the container: (${c}). It is recommended to ensure the resource request for CPU and Memory. Be aware that for some clusters configurations it is required to specify requests or limits for those values. Otherwise, the system or quota may reject Pod creation. More info: https://master.sdk.operatorframework.io/docs/best-practices/managing-resources/`;
    expect(only('bundle-gp', fs)).toEqual([text('kube-rbac-proxy'), text('manager')]);
  });

  it('should fail when the csv.Spec.InstallStrategy.StrategySpec.DeploymentSpecs is nil', async () => {
    const fs = await gp({ spec: { ...owned, install: { strategy: 'deployment', spec: {} } } });
    expect(only('bundle-gp', fs, 'error')).toEqual(['unable to find a deployment to install in the CSV']);
  });

  it('should raise a warn when the channel does not follows the convention', async () => {
    expect(
      only('bundle-gp-channel', await gp({ spec: { ...withRequests, ...owned } }, annotations('alpha'))),
    ).toEqual([
      'channel(s) ["alpha"] are not following the recommended naming convention: https://olm.operatorframework.io/docs/best-practices/channel-naming',
    ]);
  });

  it('should raise a warn when a CRD does not have a description', async () => {
    expect(only('bundle-gp', await gp({ spec: withRequests }))).toEqual([
      'owned CRD "etcdclusters.etcd.example.com" has an empty description',
    ]);
  });

  it.each([
    ['should not return warning when the channel names following the convention', 'fast,candidate', []],
    [
      'should return warning when the channel names are NOT following the convention',
      'mychannel-4.5',
      ['mychannel-4.5'],
    ],
    [
      'should return warning when has 1 channel NOT following the convention along the others which follows up',
      'alpha,fast-v2.1,candidate-v2.2',
      ['alpha'],
    ],
  ])('validateHubChannels: %s', async (_n, channels, odd) => {
    const fs = await gp({ spec: { ...withRequests, ...owned } }, annotations(channels));
    expect(only('bundle-gp-channel', fs)).toEqual(
      odd.length === 0
        ? []
        : [
            `channel(s) ${JSON.stringify(odd).replace(/,/g, ' ')} are not following the recommended naming convention: https://olm.operatorframework.io/docs/best-practices/channel-naming`,
          ],
    );
  });

  const RBAC =
    "CSV contains permissions to create CRD. An Operator shouldn't deploy or manage other operators (such patterns are known as meta or super operators or include CRDs in its Operands). It's the Operator Lifecycle Manager's job to manage the deployment and lifecycle of operators.  Please, review the design of your solution and if you should not be using Dependency Resolution from OLM instead. More info: https://sdk.operatorframework.io/docs/best-practices/common-recommendation/";
  it.each([
    ['should not return warning when has no permissions', undefined, []],
    [
      'should return warning when has permissions for all verbs and resources kind of the apiGroup',
      { apiGroups: ['apiextensions.k8s.io'], resources: ['*'], verbs: ['*'] },
      [RBAC],
    ],
    [
      'should return warning when has permissions for all verbs with the resource specified',
      { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['*'] },
      [RBAC],
    ],
    [
      'should return warning when has permissions to create a CRD',
      { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['create'] },
      [RBAC],
    ],
    [
      'should return warning when has permissions to create a Patch a CRD',
      { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['patch'] },
      [RBAC],
    ],
  ])('validateRBACForCRDsWith: %s', async (_n, rule, expected) => {
    const install = structuredClone(withRequests.install) as { spec: Obj };
    if (rule) install.spec.permissions = [{ serviceAccountName: 'etcd-operator', rules: [rule] }];
    expect(only('bundle-gp-rbac', await gp({ spec: { ...owned, install } }))).toEqual(expected);
  });

  const VERSIONING = (n: string) =>
    `csv.metadata.Name ${n} is not following the versioning convention (MAJOR.MINOR.PATCH e.g 0.0.1): https://semver.org/`;
  const NAMING = (n: string) =>
    `csv.metadata.Name ${n} is not following the recommended naming convention: <operator-name>.v<semver> e.g. memcached-operator.v0.0.1`;
  it.each([
    ['should work with valid bundle name', 'memcached-operator.v0.9.2', []],
    [
      'should return a warning when the bundle name is not following the convention',
      'memcached-operator0.9.2',
      [NAMING('memcached-operator0.9.2')],
    ],
    [
      'should return a warning when the bundle name version is not following semver',
      'memcached-operator.v1',
      [VERSIONING('memcached-operator.v1')],
    ],
    [
      'should return a warning when the bundle name version is not following semver (v1--1.0)',
      'memcached-operator.v1--1.0',
      [VERSIONING('memcached-operator.v1--1.0')],
    ],
    [
      'should return a warning when the bundle name version is not following semver (v1.3)',
      'memcached-operator.v1.3',
      [VERSIONING('memcached-operator.v1.3')],
    ],
    ['should not warning for patch releases', 'memcached-operator.v0.9.2+alpha', []],
  ])('checkBundleName: %s', async (_n, name, expected) => {
    expect(
      only('bundle-gp-csv-name', await gp({ metadata: { name }, spec: { ...withRequests, ...owned } })),
    ).toEqual(expected);
  });
});
