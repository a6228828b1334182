/**
 * operator-sdk's optional validator `alpha-deprecated-apis` as `validate-bundle --select-optional` runs it, its
 * operator-framework/api tests ported (pkg/validation/internal/removed_apis_test.go): each case
 * re-created in a bundle written here, asserting upstream's verdict and text.
 */
import { describe, expect, it } from 'vitest';
import { checkManifests, csv, ETCD_CRD, type Obj } from './api-fixture';
import { CRDS_122, only, REMOVED, V1BETA1 } from './optional-fixture';

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
