/**
 * operator-framework/api's validation tests (pkg/validation/internal/bundle_test.go), ported: each case
 * re-created from what the upstream test asserts, in bundles written here (api-fixture.ts), checked
 * as `validate-bundle` checks a directory, asserting upstream's verdict and text. The test names are
 * upstream's case descriptions. The bundle validator (bundle.go) and what its loader refuses
 * (pkg/manifests/bundleloader.go).
 */
import { describe, expect, it } from 'vitest';
import {
  checkCsv,
  checkManifests,
  crdV1,
  crdV1beta1,
  csv,
  ETCD_CRD,
  errorsOf,
  warningsOf,
} from './api-fixture';

const SA_TEXT = (name: string) =>
  `invalid service account found in bundle. This service account ${name} in your bundle is not valid, because a service account with the same name was already specified in your CSV. If this was unintentional, please remove the service account manifest from your bundle. If it was intentional to specify a separate service account, please rename the SA in either the bundle manifest or the CSV.`;

describe('bundle_test.go TestValidateBundle', () => {
  it('registryv1 valid bundle (and Test_EnsureGetBundleSizeValue: no size warning)', async () => {
    const r = await checkCsv(csv());
    expect(errorsOf(r.findings)).toEqual([]);
    expect(warningsOf(r.findings)).toEqual([]);
    expect(r.compressedSize).toBeGreaterThan(0);
  });

  it('registryv1 valid bundle with multiple versions in CRD', async () => {
    const examples = [
      { apiVersion: 'test.example.com/v1alpha1', kind: 'Test' },
      { apiVersion: 'test.example.com/v1beta1', kind: 'TestTwo' },
    ];
    const r = await checkManifests({
      'test-operator.csv.yaml': csv({
        metadata: { name: 'test-operator.v0.0.1', annotations: { 'alm-examples': JSON.stringify(examples) } },
        spec: {
          version: '0.0.1',
          customresourcedefinitions: {
            owned: [
              { kind: 'Test', name: 'tests.test.example.com', version: 'v1alpha1' },
              { kind: 'TestTwo', name: 'TestTwos.test.example.com', version: 'v1beta1' },
            ],
          },
        },
      }),
      'tests_v1_crd.yaml': crdV1('Test', 'tests', 'test.example.com', ['v1alpha1', 'v1beta1']),
      'testtwos_v1beta1_crd.yaml': crdV1beta1('TestTwo', 'testtwos', 'test.example.com', 'v1beta1', [
        'v1beta1',
        'v1alpha1',
      ]),
    });
    // Test v1beta1 and TestTwo v1alpha1 are unused versions of owned kinds: upstream filters them out.
    expect(errorsOf(r.findings)).toEqual([]);
  });

  it('registryv1 invalid bundle without CRD etcdclusters v1beta2 in bundle', async () => {
    const r = await checkManifests({ 'etcd.csv.yaml': csv() });
    expect(errorsOf(r.findings)).toEqual([
      'owned CRD "etcd.example.com/v1beta2, Kind=EtcdCluster" not found in bundle "etcdoperator.v0.9.4"',
    ]);
  });

  it('registryv1 invalid bundle without CRD etcdclusters v1beta2 in CSV', async () => {
    const r = await checkCsv(
      csv({ metadata: { annotations: { 'alm-examples': '[]' } }, spec: { customresourcedefinitions: {} } }),
    );
    expect(errorsOf(r.findings)).toEqual([
      'CRD "etcd.example.com/v1beta2, Kind=EtcdCluster" is present in bundle "etcdoperator.v0.9.4" but not defined in CSV',
    ]);
  });

  it('registryv1 invalid bundle with duplicate CRD etcdclusters in bundle', async () => {
    const r = await checkManifests({
      'test-operator.csv.yaml': csv({
        metadata: {
          name: 'test-operator.v0.0.1',
          annotations: {
            'alm-examples': JSON.stringify([{ apiVersion: 'test.example.com/v1alpha1', kind: 'Test' }]),
          },
        },
        spec: {
          version: '0.0.1',
          customresourcedefinitions: {
            owned: [{ kind: 'Test', name: 'tests.test.example.com', version: 'v1alpha1' }],
          },
        },
      }),
      'tests_v1_crd.yaml': crdV1('Test', 'tests', 'test.example.com', ['v1alpha1']),
      'tests_v1beta1_crd.yaml': crdV1beta1('Test', 'tests', 'test.example.com', 'v1alpha1'),
    });
    expect(errorsOf(r.findings)).toEqual([
      'duplicate CRD "test.example.com/v1alpha1, Kind=Test" in bundle "test-operator.v0.0.1"',
    ]);
  });

  it("invalid bundle service account can't match sa in csv", async () => {
    const r = await checkManifests({
      'etcd.csv.yaml': csv(),
      'etcdclusters.crd.yaml': ETCD_CRD,
      'sa.yaml': { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'etcd-operator' } },
      'sa2.yaml': { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'another' } },
    });
    expect(errorsOf(r.findings)).toEqual([SA_TEXT('etcd-operator')]);
    expect(r.findings.find((f) => f.rule === 'bundle-service-account')).toMatchObject({
      file: 'manifests/sa.yaml',
    });
  });
});

describe('bundle.go validateBundleName: release versioning', () => {
  it('a CSV with spec.release is named <package>-v<version>-<release>', async () => {
    const wrong = await checkCsv(csv({ spec: { release: '2' } }));
    expect(errorsOf(wrong.findings)).toEqual([
      'bundle name with release versioning "etcdoperator.v0.9.4" does not match expected name "etcd-v0.9.4-2"',
    ]);
    const right = await checkCsv(csv({ metadata: { name: 'etcd-v0.9.4-2' }, spec: { release: '2' } }));
    expect(right.findings.filter((f) => f.rule === 'bundle-release-name')).toEqual([]);
  });
});

describe('bundle_test.go TestValidateServiceAccount', () => {
  const withSa = csv({
    spec: {
      install: {
        strategy: 'deployment',
        spec: { deployments: [{ name: 'foo', spec: { template: { spec: { serviceAccountName: 'foo' } } } }] },
      },
    },
  });
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'foo' },
    spec: { template: { spec: { serviceAccountName: 'foo' } } },
  };
  it('an object with the same name as the service account', async () => {
    const r = await checkManifests({
      'csv.yaml': withSa,
      'crd.yaml': ETCD_CRD,
      'deployment.yaml': deployment,
    });
    expect(r.findings.filter((f) => f.rule === 'bundle-service-account')).toEqual([]);
  });
  it('service account included in both CSV and bundle', async () => {
    const r = await checkManifests({
      'csv.yaml': withSa,
      'crd.yaml': ETCD_CRD,
      'deployment.yaml': deployment,
      'sa.yaml': { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'foo' } },
    });
    expect(r.findings.filter((f) => f.rule === 'bundle-service-account').map((f) => f.message)).toEqual([
      SA_TEXT('foo'),
    ]);
  });
});

describe('bundle_test.go TestValidateRelatedImages', () => {
  const digest = 'sha256:abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234';
  const cases: [string, { name: string; image: string }[], number, string[]][] = [
    ['no related images should pass', [], 0, []],
    [
      'valid image with tag should pass',
      [{ name: 'operator', image: 'quay.io/operator-framework/my-operator:v1.0.0' }],
      0,
      [],
    ],
    [
      'valid image with digest should pass',
      [{ name: 'operator', image: `quay.io/operator-framework/my-operator@${digest}` }],
      0,
      [],
    ],
    [
      'valid image with tag and digest should pass',
      [{ name: 'operator', image: `quay.io/operator-framework/my-operator:v1.0.0@${digest}` }],
      0,
      [],
    ],
    [
      'valid image without tag (latest implied) should pass',
      [{ name: 'operator', image: 'quay.io/operator-framework/my-operator' }],
      0,
      [],
    ],
    [
      'multiple valid images should pass',
      [
        { name: 'operator', image: 'quay.io/operator-framework/my-operator:v1.0.0' },
        { name: 'operand', image: `gcr.io/my-project/my-operand@${digest}` },
        { name: 'init', image: 'docker.io/library/busybox:latest' },
      ],
      0,
      [],
    ],
    ['empty image field should error', [{ name: 'operator', image: '' }], 1, ['empty image field']],
    [
      'invalid image with spaces should error',
      [{ name: 'operator', image: 'invalid image name' }],
      1,
      ['invalid image pullspec'],
    ],
    [
      'invalid image with uppercase should error',
      [{ name: 'operator', image: 'quay.io/Operator-Framework/my-operator:v1.0.0' }],
      1,
      ['invalid image pullspec', 'Operator-Framework'],
    ],
    [
      'invalid image with special characters should error',
      [{ name: 'operator', image: 'quay.io/operator-framework/my-operator:v1.0.0!' }],
      1,
      ['invalid image pullspec'],
    ],
    [
      'invalid digest algorithm should error',
      [{ name: 'operator', image: `quay.io/operator-framework/my-operator@s${digest}` }],
      1,
      ['invalid image pullspec'],
    ],
    [
      'multiple errors should all be reported',
      [
        { name: 'operator', image: '' },
        { name: 'operand', image: 'invalid image' },
      ],
      2,
      ['relatedImages[0]', 'relatedImages[1]'],
    ],
    [
      'mixed valid and invalid images should error',
      [
        { name: 'operator', image: 'quay.io/operator-framework/my-operator:v1.0.0' },
        { name: 'bad', image: 'invalid image' },
      ],
      1,
      ['relatedImages[1]', 'invalid image pullspec'],
    ],
  ];
  it.each(cases)('%s', async (_name, relatedImages, count, contains) => {
    const r = await checkCsv(csv({ spec: { relatedImages } }));
    const errs = errorsOf(r.findings);
    expect(errs).toHaveLength(count);
    for (const s of contains)
      expect(
        errs.some((e) => e.includes(s)),
        s,
      ).toBe(true);
  });

  it("says why, in the reference parser's words", async () => {
    const r = await checkCsv(csv({ spec: { relatedImages: [{ name: 'x', image: 'invalid image name' }] } }));
    expect(errorsOf(r.findings)).toEqual([
      'relatedImages[0] has an invalid image pullspec "invalid image name": invalid reference format',
    ]);
  });
});

describe('bundleloader.go loadBundle: what GetBundleFromDir refuses', () => {
  it('a sub-directory and a hidden file in manifests/, and a second CSV', async () => {
    const r = await checkManifests(
      { 'etcd.csv.yaml': csv(), 'etcdclusters.crd.yaml': ETCD_CRD, 'second.csv.yaml': csv() },
      { 'manifests/extra/more.yaml': 'kind: ConfigMap\n', 'manifests/.hidden.yaml': 'kind: ConfigMap\n' },
    );
    expect(
      r.findings
        .filter((f) => ['bundle-manifests-layout', 'bundle-multiple-csv'].includes(f.rule))
        .map((f) => f.message),
    ).toEqual([
      'bundle manifests dir contains directory: manifests/extra',
      'bundle manifests dir has hidden file: manifests/.hidden.yaml',
      'invalid bundle: contains multiple CSVs',
    ]);
    expect(r.passed).toBe(false);
  });
});
