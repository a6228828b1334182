/**
 * operator-framework/api's optional validators as `--select-optional` runs them, their tests ported
 * (pkg/validation/internal/{operatorhub,good_practices,removed_apis,community}_test.go): each case
 * re-created in a bundle written here, asserting upstream's verdict and text.
 */
import { describe, expect, it } from 'vitest';
import {
  annotations,
  checkManifests,
  crdV1beta1,
  csv,
  ETCD_CRD,
  ETCD_EXAMPLE,
  type Obj,
} from './api-fixture';
import type { BundleFinding, CustomCategories, IndexImageFile } from '../../../src/core/bundle';
import { selectOptional } from '../../../src/core/bundle';

const only = (prefix: string, fs: BundleFinding[], severity?: string) =>
  fs
    .filter((f) => f.rule.startsWith(prefix) && (severity === undefined || f.severity === severity))
    .map((f) => f.message);

const HUB_SPEC = {
  provider: { name: 'CoreOS, Inc' },
  maintainers: [{ name: 'etcd Community', email: 'etcd-dev@googlegroups.com' }],
  links: [{ name: 'Blog', url: 'https://coreos.com/etcd' }],
  icon: [{ base64data: 'iVBORw0KGgo=', mediatype: 'image/png' }],
};
const hub = async (patch: { metadata?: Obj; spec?: Obj }, values: Record<string, string> = {}) =>
  (
    await checkManifests(
      {
        'csv.yaml': csv({ metadata: patch.metadata, spec: { ...HUB_SPEC, ...patch.spec } }),
        'crd.yaml': ETCD_CRD,
      },
      {},
      { selectOptional: 'name=operatorhub', optionalValues: values },
    )
  ).findings;

describe('operatorhub_test.go', () => {
  it('registryv1 bundle/valid bundle', async () => {
    const fs = await hub({
      metadata: {
        annotations: {
          'alm-examples': JSON.stringify([ETCD_EXAMPLE]),
          capabilities: 'Basic Install',
          categories: 'Database',
        },
      },
    });
    expect(only('bundle-hub', fs, 'error')).toEqual([]);
    // Upstream's validator always adds its own deprecation warning.
    expect(only('bundle-hub', fs, 'warning')).toEqual([
      'The "operatorhub" validator is deprecated; for equivalent validation use "operatorhub/v2", "standardcapabilities" and "standardcategories" validators',
    ]);
  });

  it('registryv1 bundle/invald bundle operatorhubio', async () => {
    const fs = await hub({
      metadata: {
        annotations: {
          'alm-examples': JSON.stringify([ETCD_EXAMPLE]),
          capabilities: 'Installs and stuff',
          categories: 'Magic',
        },
      },
      spec: {
        provider: { name: '' },
        maintainers: [
          { name: 'etcd Community', email: 'invalidemail' },
          { email: 'etcd-dev@googlegroups.com' },
        ],
        links: [
          { name: 'Blog', url: 'https//coreos.com/operators/etcd/docs/latest/' },
          { url: 'https://coreos.com/etcd' },
        ],
        icon: [
          { base64data: 'iVBORw0KGgo=', mediatype: 'image/png' },
          { base64data: 'iVBORw0KGgo=', mediatype: 'image/png' },
        ],
        version: '0.0.0',
      },
    });
    const n = '(etcdoperator.v0.9.4) ';
    expect(only('bundle-hub', fs, 'error').sort()).toEqual(
      [
        `${n}csv.Spec.Provider.Name not specified`,
        `${n}csv.Spec.Maintainers elements should contain both name and email`,
        `${n}csv.Spec.Maintainers email invalidemail is invalid: mail: missing '@' or angle-addr`,
        `${n}csv.Spec.Links elements should contain both name and url`,
        `${n}csv.Spec.Links url https//coreos.com/operators/etcd/docs/latest/ is invalid: parse "https//coreos.com/operators/etcd/docs/latest/": invalid URI for request`,
        `${n}csv.Metadata.Annotations.Capabilities "Installs and stuff" is not a valid capabilities level`,
        `${n}csv.Spec.Icon should only have one element`,
        `${n}csv.Metadata.Annotations["categories"] value "Magic" is not in the set of standard categories`,
        `${n}csv.Spec.Version must be set`,
      ].sort(),
    );
  });

  // TestCustomCategories: OPERATOR_BUNDLE_CATEGORIES names a JSON file whose categories replace the standard ones.
  it.each([
    [
      'valid bundle custom categories',
      'Cloud Pak,This/Or & That',
      { categories: ['Cloud Pak', 'Registry', 'MyCoolThing', 'This/Or & That'] },
      [],
    ],
    ['valid bundle standard categories', 'Database', undefined, []],
    [
      'a standard category is not a custom one',
      'Database',
      { categories: ['Cloud Pak'] },
      ['csv.Metadata.Annotations["categories"] value "Database" is not in the set of custom categories'],
    ],
  ] as [string, string, CustomCategories | undefined, string[]][])(
    'TestCustomCategories: %s',
    async (_n, categories, custom, errors) => {
      const o = csv({
        metadata: { annotations: { 'alm-examples': JSON.stringify([ETCD_EXAMPLE]), categories } },
        spec: HUB_SPEC,
      });
      const fs = (
        await checkManifests(
          { 'csv.yaml': o, 'crd.yaml': ETCD_CRD },
          {},
          { selectOptional: 'name=operatorhub', ...(custom ? { customCategories: custom } : {}) },
        )
      ).findings;
      expect(only('bundle-hub', fs, 'error')).toEqual(errors.map((e) => `(etcdoperator.v0.9.4) ${e}`));
    },
  );

  it.each([
    ['should warn when the icon is not set', undefined, 'warning', 'csv.Spec.Icon not specified'],
    [
      'should fail when data is missing',
      [{ mediatype: 'image/png' }],
      'error',
      'csv.Spec.Icon elements should contain both data and mediatype',
    ],
    [
      'should fail when the mediatype is invalid',
      [{ base64data: 'iVBORw0KGgo=', mediatype: 'invalid' }],
      'error',
      'csv.Spec.Icon invalid does not have a valid mediatype',
    ],
  ])('checkSpecIcon: %s', async (_n, icon, severity, text) => {
    const o = csv({ spec: { ...HUB_SPEC, icon } });
    if (icon === undefined) delete (o.spec as Obj).icon;
    const fs = (
      await checkManifests(
        { 'csv.yaml': o, 'crd.yaml': ETCD_CRD },
        {},
        { selectOptional: 'name=operatorhub' },
      )
    ).findings;
    expect(
      fs.filter((f) => f.rule.startsWith('bundle-hub-icon')).map((f) => [f.severity, f.message]),
    ).toEqual([[severity, `(etcdoperator.v0.9.4) ${text}`]]);
  });

  it.each([
    [
      'should warn when minKubeVersion is not informed',
      '',
      'bundle-hub-min-kube-version-missing',
      /^\(etcdoperator\.v0\.9\.4\) csv\.Spec\.minKubeVersion is not informed\./,
    ],
    [
      'should fail when minKubeVersion is invalid',
      'alpha1',
      'bundle-hub-min-kube-version',
      /^\(etcdoperator\.v0\.9\.4\) csv\.Spec\.MinKubeVersion has an invalid value: alpha1$/,
    ],
  ])('checkSpecMinKubeVersion: %s', async (_n, minKubeVersion, rule, text) => {
    const fs = await hub({ spec: { minKubeVersion } });
    const found = fs.filter((f) => f.rule.startsWith('bundle-hub-min-kube'));
    expect(found.map((f) => f.rule)).toEqual([rule]);
    expect(found[0]?.message).toMatch(text);
  });
});

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

/** Three v1beta1 CRDs owned by the CSV: upstream's valid_bundle_v1beta1, re-created. */
const V1BETA1 = {
  'csv.yaml': csv({
    metadata: { annotations: { 'alm-examples': '[]' } },
    spec: {
      customresourcedefinitions: {
        owned: ['EtcdBackup', 'EtcdCluster', 'EtcdRestore'].map((kind) => ({
          name: `${kind.toLowerCase()}s.etcd.example.com`,
          version: 'v1beta2',
          kind,
        })),
      },
    },
  }),
  'backups.yaml': crdV1beta1('EtcdBackup', 'etcdbackups', 'etcd.example.com', 'v1beta2'),
  'clusters.yaml': crdV1beta1('EtcdCluster', 'etcdclusters', 'etcd.example.com', 'v1beta2'),
  'restores.yaml': crdV1beta1('EtcdRestore', 'etcdrestores', 'etcd.example.com', 'v1beta2'),
};
const CRDS_122 =
  'CRD: (["etcdbackups.etcd.example.com" "etcdclusters.etcd.example.com" "etcdrestores.etcd.example.com"])';
const REMOVED = (v: string, apis: string) =>
  `this bundle is using APIs which were deprecated and removed in v${v}. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v${v.replace('.', '-')}. Migrate the API(s) for ${apis}`;

describe('removed_apis_test.go TestValidateDeprecatedAPIS', () => {
  const hpa = (apiVersion: string) => ({
    apiVersion,
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'memcached-operator-hpa' },
    spec: {},
  });
  const pdb = {
    apiVersion: 'policy/v1beta1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'memcached-operator-policy-manager' },
    spec: { minAvailable: 2 },
  };
  const B125 = {
    'csv.yaml': csv(),
    'crd.yaml': ETCD_CRD,
    'hpa.yaml': hpa('autoscaling/v2beta1'),
    'policy.yaml': pdb,
  };
  const B126 = { 'csv.yaml': csv(), 'crd.yaml': ETCD_CRD, 'hpa.yaml': hpa('autoscaling/v2beta2') };
  const run = async (files: Record<string, Obj>, k8sVersion: string, minKubeVersion: string) => {
    const f = { ...files, 'csv.yaml': structuredClone(files['csv.yaml']) as Obj };
    ((f['csv.yaml'] as Obj).spec as Obj).minKubeVersion = minKubeVersion;
    const fs = (
      await checkManifests(
        f,
        {},
        {
          selectOptional: 'name=alpha-deprecated-apis',
          optionalValues: k8sVersion ? { 'k8s-version': k8sVersion } : {},
        },
      )
    ).findings;
    return {
      errors: only('bundle-removed-api', fs, 'error'),
      warnings: only('bundle-removed-api', fs, 'warning'),
    };
  };
  const M125 =
    'HorizontalPodAutoscaler: (["memcached-operator-hpa"]),PodDisruptionBudget: (["memcached-operator-policy-manager"]),';
  it.each([
    [
      'should return a warning when has the CRD v1beta1 and minKubeVersion is informed',
      V1BETA1,
      '',
      '1.11.3',
      [],
      [REMOVED('1.22', CRDS_122)],
    ],
    [
      'should return an error when the k8sVersion is >= 1.22 and has the deprecated API',
      V1BETA1,
      '1.22',
      '',
      [REMOVED('1.22', CRDS_122)],
      [],
    ],
    [
      'should return an error when the k8sVersion is >= 1.25 and found removed APIs on 1.25',
      B125,
      '1.25',
      '',
      [REMOVED('1.25', M125)],
      [],
    ],
    [
      'should return a warning if the k8sVersion is empty and found removed APIs on 1.25',
      B125,
      '',
      '',
      [],
      [REMOVED('1.25', M125)],
    ],
    [
      'should return an error when the k8sVersion is >= 1.26 and found removed APIs on 1.26',
      B126,
      '1.26',
      '',
      [REMOVED('1.26', 'HorizontalPodAutoscaler: (["memcached-operator-hpa"])')],
      [],
    ],
    [
      'should return a warning when the k8sVersion is empty and found removed APIs on 1.26',
      B126,
      '',
      '',
      [],
      [REMOVED('1.26', 'HorizontalPodAutoscaler: (["memcached-operator-hpa"])')],
    ],
    [
      'should return an error when the k8sVersion informed is invalid',
      V1BETA1,
      'invalid',
      '',
      ['invalid value informed via the k8s key option : invalid'],
      [REMOVED('1.22', CRDS_122)],
    ],
    [
      'should return an error when the csv.spec.minKubeVersion informed is invalid',
      V1BETA1,
      '',
      'invalid',
      [
        'unable to use csv.Spec.MinKubeVersion to verify the CRD/Webhook apis because it has an invalid value: invalid',
      ],
      [REMOVED('1.22', CRDS_122)],
    ],
  ] as [string, Record<string, Obj>, string, string, string[], string[]][])(
    '%s',
    async (_n, files, k8s, minKube, errors, warnings) => {
      expect(await run(files, k8s, minKube)).toEqual({ errors, warnings });
    },
  );
});

describe('removed_apis_test.go Test_GetRemovedAPIsOn1_25From', () => {
  it('should return warnings with all deprecated APIs in 1.25: only PodSecurityPolicy RBAC warns', async () => {
    const rules = [
      ['batch', 'cronjobs'],
      ['discovery.k8s.io', 'endpointslices'],
      ['events.k8s.io', 'events'],
      ['autoscaling', 'horizontalpodautoscalers'],
      ['policy', 'poddisruptionbudgets'],
      ['policy', 'podsecuritypolicies'],
      ['node.k8s.io', 'runtimeclasses'],
    ].map(([g, r]) => ({ apiGroups: [g], resources: [r], verbs: ['get'] }));
    const o = csv();
    ((o.spec as Obj).install as { spec: Obj }).spec.permissions = [
      { serviceAccountName: 'etcd-operator', rules },
    ];
    const fs = (
      await checkManifests(
        {
          'csv.yaml': o,
          'crd.yaml': ETCD_CRD,
          'hpa.yaml': {
            apiVersion: 'autoscaling/v2beta1',
            kind: 'HorizontalPodAutoscaler',
            metadata: { name: 'memcached-operator-hpa' },
          },
          'policy.yaml': {
            apiVersion: 'policy/v1beta1',
            kind: 'PodDisruptionBudget',
            metadata: { name: 'memcached-operator-policy-manager' },
            spec: { minAvailable: 1 },
          },
        },
        {},
        { selectOptional: 'name=alpha-deprecated-apis' },
      )
    ).findings;
    expect(only('bundle-removed-api', fs, 'warning')).toEqual([
      REMOVED(
        '1.25',
        'HorizontalPodAutoscaler: (["memcached-operator-hpa"]),PodDisruptionBudget: (["memcached-operator-policy-manager"]),',
      ),
      REMOVED(
        '1.25',
        'podsecuritypolicies: (["ClusterServiceVersion.Spec.InstallStrategy.StrategySpec.Permissions[0].Rules[5]"])',
      ),
    ]);
  });
});

describe('community_test.go Test_communityValidator', () => {
  const DOCKERFILE = (label: string) => `FROM scratch\n${label}\nCOPY manifests /manifests/\n`;
  const VALID = DOCKERFILE('LABEL com.redhat.openshift.versions="v4.6-v4.8"');
  const community = async (
    files: Record<string, Obj>,
    properties?: string,
    indexPath = true,
    dockerfile: IndexImageFile = { text: VALID },
  ) => {
    const f = { ...files, 'csv.yaml': structuredClone(files['csv.yaml']) as Obj };
    if (properties !== undefined)
      (((f['csv.yaml'] as Obj).metadata as Obj).annotations as Obj)['olm.properties'] = properties;
    const fs = (
      await checkManifests(
        f,
        {},
        {
          selectOptional: 'name=community',
          optionalValues: indexPath ? { 'index-path': 'bundle.Dockerfile' } : {},
          ...(indexPath ? { indexImage: dockerfile } : {}),
        },
      )
    ).findings;
    return {
      errors: only('bundle-community', fs, 'error'),
      warnings: only('bundle-community', fs, 'warning'),
    };
  };
  const n = '(etcdoperator.v0.9.4) ';
  const max = (v: string) => `[{"type": "olm.maxOpenShiftVersion", "value": "${v}"}]`;
  it('should work successfully when no deprecated apis are found and has not the annotations or ocp index labels', async () => {
    expect(await community({ 'csv.yaml': csv(), 'crd.yaml': ETCD_CRD })).toEqual({
      errors: [],
      warnings: [],
    });
  });
  it('should pass when the olm annotation and index label are set with a value < 4.9 and has deprecated apis', async () => {
    expect(await community(V1BETA1, max('4.8'))).toEqual({ errors: [], warnings: [] });
  });
  it('should fail because is missing the olm.annotation and has deprecated apis', async () => {
    expect((await community(V1BETA1)).errors).toEqual([
      `${n}csv.Annotations not specified olm.maxOpenShiftVersion for an OCP version < 4.9. This annotation is required to prevent the user from upgrading their OCP cluster before they have installed a version of their operator which is compatible with 4.9. This bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22 which are no longer supported on 4.9. Migrate the API(s) for ${CRDS_122} or use the annotation`,
    ]);
  });
  it('should fail when the olm annotation is set without the properties for max ocp version and has deprecated apis', async () => {
    expect((await community(V1BETA1, '[{"type": "olm.invalid", "value": "4.9"}]')).errors).toEqual([
      `${n}csv.Annotations.olm.properties with the key \`olm.maxOpenShiftVersion\` and a value with an OCP version which is < 4.9 is required for any operator bundle that is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Migrate the API(s) for ${CRDS_122} or use the annotation`,
    ]);
  });
  it('should fail when the olm annotation is set with a value >= 4.9 and has deprecated apis', async () => {
    expect((await community(V1BETA1, max('4.9'))).errors).toEqual([
      `${n}csv.Annotations.olm.properties with the key and value for olm.maxOpenShiftVersion has the OCP version value 4.9 which is >= of 4.9. This bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Migrate the API(s) for ${CRDS_122} or inform in this property an OCP version which is < 4.9`,
    ]);
  });
  it('should warning because is missing the index-path and has deprecated apis', async () => {
    expect(await community(V1BETA1, max('4.8'), false)).toEqual({
      errors: [],
      warnings: [
        `${n}please, inform the path of its index image file via the the optional key values and the key index-path to allow this validator check the labels configuration or migrate the API(s) for ${CRDS_122}. (e.g. index-path=./mypath/bundle.Dockerfile). This bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22 `,
      ],
    });
  });
  it('should warn on patch version in maxOpenShiftVersion', async () => {
    expect(await community(V1BETA1, max('4.8.1'))).toEqual({
      errors: [],
      warnings: [
        `${n}csv.Annotations.olm.properties has an invalid value. olm.maxOpenShiftVersion must specify only major.minor versions, 4.8.1 will be truncated to 4.8.0`,
      ],
    });
  });
  it('should pass when the maxOpenShiftVersion is semantically equivalent to <major>.<minor>.0', async () => {
    expect(await community(V1BETA1, max('4.8.0+build'))).toEqual({ errors: [], warnings: [] });
  });
  it('should pass when the olm annotation and index label are set with a value =v4.8 and has deprecated apis', async () => {
    expect(
      await community(V1BETA1, max('4.8'), true, {
        text: DOCKERFILE('LABEL com.redhat.openshift.versions="=v4.8"'),
      }),
    ).toEqual({ errors: [], warnings: [] });
  });

  // Test_checkOCPLabelsWithHasDeprecatedAPIs: the label of the Dockerfile index-path names.
  it.each([
    ['should pass when has a valid value for the OCP labels', { text: VALID }, undefined],
    [
      'should fail when the OCP label is not found',
      { text: DOCKERFILE('LABEL operators.operatorframework.io.bundle.package.v1=etcd') },
      `this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Migrate the APIs for ${CRDS_122} or provide compatible version(s) via the labels. (e.g. LABEL com.redhat.openshift.versions='4.6-4.8')`,
    ],
    [
      'should fail when the the index path is an invalid path',
      { error: 'stat bundle.Dockerfile: no such file or directory' },
      'the index image in the path (bundle.Dockerfile) was not found. Please, inform the path of the bundle operator index image via the the optional key values and the key index-path. (e.g. index-path=./mypath/bundle.Dockerfile). Error : stat bundle.Dockerfile: no such file or directory',
    ],
    [
      'should fail when the OCP label index is => 4.9',
      { text: DOCKERFILE('LABEL com.redhat.openshift.versions="=v4.9"') },
      `this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Migrate the API(s) for ${CRDS_122} or provide compatible version(s) by using the com.redhat.openshift.versions annotation in \`metadata/annotations.yaml\` to ensure that the index image will be geneared with its label. (e.g. LABEL com.redhat.openshift.versions='4.6-4.8')`,
    ],
    [
      'should fail when the OCP label index range is => 4.9',
      { text: DOCKERFILE('LABEL com.redhat.openshift.versions="v4.6-v4.9"') },
      `this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Upgrade the APIs from for ${CRDS_122} or provide compatible distribution version(s) by using the com.redhat.openshift.versions annotation in \`metadata/annotations.yaml\` to ensure that the index image will be generated with its label. (e.g. LABEL com.redhat.openshift.versions='4.6-4.8')`,
    ],
    [
      'should fail when the OCP label index range is => 4.9 with coma e.g. v4.5,4.6',
      { text: DOCKERFILE('LABEL com.redhat.openshift.versions="v4.6,v4.7"') },
      `this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22 The 4.6,4.7 allows to distribute it on >= 4.9. Migrate the API(s) for ${CRDS_122} or provide compatible version(s) by using the com.redhat.openshift.versions annotation in \`metadata/annotations.yaml\` to ensure that the index image will be generated with its label. (e.g. LABEL com.redhat.openshift.versions='4.6-4.8')`,
    ],
  ] as [string, IndexImageFile, string | undefined][])(
    'checkOCPLabelsWithHasDeprecatedAPIs: %s',
    async (_n, dockerfile, error) => {
      expect(await community(V1BETA1, max('4.8'), true, dockerfile)).toEqual({
        errors: error === undefined ? [] : [`${n}${error}`],
        warnings: [],
      });
    },
  );
});

describe('--select-optional selectors (operator-sdk labels)', () => {
  it('picks by name, by suite, by set, and refuses a selector matching nothing', () => {
    expect(selectOptional('name=operatorhub').map((v) => v.name)).toEqual(['operatorhub']);
    expect(selectOptional('suite=operatorframework').map((v) => v.name)).toEqual([
      'operatorhub',
      'alpha-deprecated-apis',
      'good-practices',
    ]);
    expect(selectOptional('name in (community,good-practices)').map((v) => v.name)).toEqual([
      'community',
      'good-practices',
    ]);
    expect(selectOptional('suite=operatorframework,name!=operatorhub').map((v) => v.name)).toEqual([
      'alpha-deprecated-apis',
      'good-practices',
    ]);
    expect(selectOptional('')).toEqual([]);
    expect(() => selectOptional('name=multiarch')).toThrow(
      'selector "name=multiarch" does not match any validator labels',
    );
  });

  it('runs nothing optional unless selected', async () => {
    const fs = (await checkManifests({ 'csv.yaml': csv(), 'crd.yaml': ETCD_CRD })).findings;
    expect(fs.filter((f) => /^bundle-(hub|gp|removed|community)-/.test(f.rule))).toEqual([]);
  });
});
