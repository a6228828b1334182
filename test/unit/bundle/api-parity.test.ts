/**
 * operator-framework/api's validation tests (pkg/validation/internal/{bundle,csv,crd,object}_test.go),
 * ported: each case re-created from what the upstream test asserts, in bundles written here
 * (api-fixture.ts), checked as `validate-bundle` checks a directory, asserting upstream's verdict and
 * text. The names are upstream's case descriptions.
 */
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  checkCsv,
  checkManifests,
  crdV1,
  crdV1beta1,
  csv,
  ETCD_CRD,
  ETCD_EXAMPLE,
  errorsOf,
  warningsOf,
  type Obj,
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

describe('csv_test.go TestValidateCSV', () => {
  const webhook = (modes: [string, boolean][]) =>
    csv({
      spec: {
        installModes: modes.map(([type, supported]) => ({ type, supported })),
        webhookdefinitions: [
          {
            generateName: 'object.auditor.com',
            type: 'ValidatingAdmissionWebhook',
            deploymentName: 'object-auditor-webhook-deployment',
            containerPort: 443,
            sideEffects: 'None',
            admissionReviewVersions: ['v1', 'v1beta1'],
            webhookPath: '/validate',
            conversionCRDs: ['etcdclusters.etcd.example.com'],
          },
        ],
      },
    });

  it('successfully validated', async () => {
    const r = await checkCsv(csv());
    expect(r.findings.filter((f) => f.source === 'operator-framework')).toEqual([]);
  });

  it('invalid install modes', async () => {
    const o = csv();
    delete (o.spec as Obj).installModes;
    expect(errorsOf((await checkCsv(o)).findings)).toEqual(['(etcdoperator.v0.9.4) install modes not found']);
  });

  it('valid install modes when dealing with conversionCRDs', async () => {
    const r = await checkCsv(
      webhook([
        ['OwnNamespace', false],
        ['SingleNamespace', false],
        ['MultiNamespace', false],
        ['AllNamespaces', true],
      ]),
    );
    expect(errorsOf(r.findings)).toEqual([]);
  });

  it('invalid install modes when dealing with conversionCRDs', async () => {
    const r = await checkCsv(
      webhook([
        ['OwnNamespace', true],
        ['SingleNamespace', false],
        ['MultiNamespace', false],
        ['AllNamespaces', true],
      ]),
    );
    expect(errorsOf(r.findings)).toEqual([
      '(etcdoperator.v0.9.4) only AllNamespaces InstallModeType is supported when conversionCRDs is present',
    ]);
  });

  it('invalid annotation name for csv', async () => {
    const annotations = {
      'alm-examples': JSON.stringify([ETCD_EXAMPLE]),
      'olm.skiprange': '<0.9.4',
      'olm.operatorgroup': 'global-operators',
      'olm.operatornamespace': 'operators',
    };
    const r = await checkCsv(csv({ metadata: { annotations } }));
    expect(errorsOf(r.findings).sort()).toEqual(
      [
        'provided annotation olm.skiprange uses wrong case and should be olm.skipRange instead',
        'provided annotation olm.operatorgroup uses wrong case and should be olm.operatorGroup instead',
        'provided annotation olm.operatornamespace uses wrong case and should be olm.operatorNamespace instead',
      ].sort(),
    );
  });

  it('csv with name over 63 characters limit', async () => {
    const name = 'someoperatorwithanextremelylongnamethatmakenosensewhatsoever.v999.999.999';
    const r = await checkCsv(csv({ metadata: { name }, spec: { version: '999.999.999' } }));
    expect(errorsOf(r.findings)).toEqual([
      `(${name}) metadata.name "${name}" is invalid: must be no more than 63 bytes`,
    ]);
  });

  it('should fail when alm-examples is pretty format and is invalid', async () => {
    // A trailing comma inside a list: Go's scanner stops on the ']' after it, and upstream prints
    // the annotation up to and including that byte (json.SyntaxError.Offset).
    const bad =
      '[{"apiVersion":"etcd.example.com/v1beta2","kind":"EtcdCluster","metadata":{"name":"example"},"spec":{"peers":["/dev/disk/by-id/ata-crucial",],"size": 3}}]';
    const offset = bad.indexOf(',]') + 2;
    const r = await checkCsv(csv({ metadata: { annotations: { 'alm-examples': bad } } }));
    expect(errorsOf(r.findings)).toEqual([
      `Value invalid character at ${offset}\n ${bad.slice(0, offset)}<--(see the invalid character): invalid example`,
    ]);
    expect(offset).toBe(141);
  });

  it('should not fail when alm-examples is not informed', async () => {
    const r = await checkCsv(csv({ metadata: { annotations: { 'alm-examples': '' } } }));
    expect(errorsOf(r.findings)).toEqual([]);
    expect(warningsOf(r.findings)).toEqual([
      'Value etcd.example.com/v1beta2, Kind=EtcdCluster: provided API should have an example annotation',
    ]);
  });

  it('should warn when olm.properties are defined in the annotations', async () => {
    const annotations = {
      'alm-examples': JSON.stringify([ETCD_EXAMPLE]),
      'olm.properties': '[{"type": "foo", "value": "bar"}]',
    };
    const r = await checkCsv(csv({ metadata: { annotations } }));
    expect(errorsOf(r.findings)).toEqual([]);
    expect(warningsOf(r.findings)).toEqual([
      'found olm.properties annotation, please define these properties in metadata/properties.yaml instead',
    ]);
  });

  it('should fail when spec.minKubeVersion is not in semantic version format', async () => {
    // Written as YAML reads it: 1.21 is a float, which sigs.k8s.io/yaml hands the string field as "1.21".
    const text = dump(csv({ metadata: { name: 'test-operator.v0.0.1' }, spec: { version: '0.0.1' } }), {
      lineWidth: -1,
    }).replace(/minKubeVersion: '?1\.21\.0'?/, 'minKubeVersion: 1.21');
    expect(text).toContain('minKubeVersion: 1.21\n');
    const r = await checkManifests({ 'csv.yaml': text, 'crd.yaml': ETCD_CRD });
    expect(errorsOf(r.findings)).toEqual([
      '(test-operator.v0.0.1) csv.Spec.MinKubeVersion has an invalid value: 1.21',
    ]);
  });
});

describe('crd_test.go TestValidateCRD', () => {
  const crdErrors = async (crd: Obj) =>
    (await checkManifests({ 'csv.yaml': csv(), 'crd.yaml': crd })).findings
      .filter((f) => f.rule === 'bundle-crd-invalid')
      .map((f) => f.message);
  const v1beta1 = (versions: string[]) =>
    crdV1beta1('EtcdCluster', 'etcdclusters', 'etcd.example.com', 'v1beta2', versions);

  it('registryv1 bundle/valid v1beta1 CRD', async () => {
    expect(await crdErrors(v1beta1(['v1beta2']))).toEqual([]);
  });
  it('registryv1 bundle invalid v1beta1 CRD duplicate version', async () => {
    const errs = await crdErrors(v1beta1(['v1beta2', 'v1beta2']));
    expect(errs.some((e) => e.includes('must contain unique version names'))).toBe(true);
  });
  it('registryv1 bundle/valid v1 CRD', async () => {
    expect(await crdErrors(ETCD_CRD)).toEqual([]);
  });
  it('registryv1 bundle invalid v1 CRD deprecated .spec.version field', async () => {
    const crd = crdV1('EtcdCluster', 'etcdclusters', 'etcd.example.com', []);
    (crd.spec as Obj).version = 'v1beta2';
    delete (crd.spec as Obj).versions;
    const errs = await crdErrors(crd);
    expect(errs.some((e) => e.includes('must have exactly one version marked as storage version'))).toBe(
      true,
    );
  });
  it('registryv1 bundle invalid CRD no conversionReviewVersions', async () => {
    const crd = crdV1('EtcdCluster', 'etcdclusters', 'etcd.example.com', ['v1beta2'], {
      conversion: {
        strategy: 'Webhook',
        webhook: {
          clientConfig: { service: { namespace: 'system', name: 'webhook-service', path: '/convert' } },
        },
      },
    });
    expect(await crdErrors(crd)).toEqual(['spec.conversion.conversionReviewVersions: Required value']);
  });
});

describe('object_test.go TestValidateObject', () => {
  const objectFindings = async (o: Obj) =>
    (await checkManifests({ 'csv.yaml': csv(), 'crd.yaml': ETCD_CRD, 'object.yaml': o })).findings
      .filter((f) => f.rule.startsWith('bundle-object-'))
      .map((f) => [f.severity, f.message]);
  const pdb = (spec: Obj) => ({
    apiVersion: 'policy/v1beta1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'busybox-pdb' },
    spec,
  });
  const role = (rule: Obj) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { namespace: 'default', name: 'modifier' },
    rules: [rule],
  });
  const pc = (globalDefault: boolean) => ({
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'high' },
    value: 1000000,
    globalDefault,
  });
  const SCC =
    'RBAC includes permission to modify default securitycontextconstraints, which could impact cluster stability';
  it.each([
    ['valid PDB', pdb({ minAvailable: 2, selector: { matchLabels: { app: 'busybox' } } }), []],
    [
      'invalid PDB - minAvailable set to 100%',
      pdb({ minAvailable: '100%' }),
      [['error', 'minAvailable field cannot be set to 100%']],
    ],
    [
      'invalid PDB - maxUnavailable set to 0',
      pdb({ maxUnavailable: 0 }),
      [['error', 'maxUnavailable field cannot be set to 0 or 0%']],
    ],
    ['valid priorityclass', pc(false), []],
    [
      'invalid priorityclass - global default set to true',
      pc(true),
      [['error', 'globalDefault field cannot be set to true']],
    ],
    [
      'valid pdb role',
      role({ apiGroups: ['policy'], resources: ['poddisruptionbudgets'], verbs: ['get', 'list'] }),
      [],
    ],
    [
      'invalid role - modify pdb',
      role({ apiGroups: ['policy'], resources: ['poddisruptionbudgets'], verbs: ['create', 'list'] }),
      [
        [
          'warning',
          'RBAC includes permission to create/update poddisruptionbudgets, which could impact cluster stability',
        ],
      ],
    ],
    [
      'valid scc role',
      role({
        apiGroups: ['security.openshift.io'],
        resources: ['securitycontextconstraints'],
        verbs: ['get'],
        resourceNames: ['privileged'],
      }),
      [],
    ],
    [
      'invalid scc role - modify default scc',
      role({
        apiGroups: ['security.openshift.io'],
        resources: ['securitycontextconstraints'],
        verbs: ['update'],
        resourceNames: ['restricted'],
      }),
      [['error', SCC]],
    ],
  ] as [string, Obj, string[][]][])('%s', async (_name, o, expected) => {
    expect(await objectFindings(o)).toEqual(expected);
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

describe("crd.go validateInternalCRD: the API server's checks it passes on (apiextensions validation)", () => {
  const crdErrors = async (crd: Obj) =>
    (await checkManifests({ 'csv.yaml': csv(), 'crd.yaml': crd })).findings
      .filter((f) => f.rule === 'bundle-crd-invalid')
      .map((f) => f.message);
  const base = () => structuredClone(ETCD_CRD);

  it('the name is <plural>.<group>; the group has a dot; the scope is Cluster or Namespaced', async () => {
    const crd = base();
    (crd.metadata as Obj).name = 'clusters.etcd.example.com';
    (crd.spec as Obj).scope = 'Global';
    expect(await crdErrors(crd)).toEqual([
      'metadata.name: Invalid value: "clusters.etcd.example.com": must be spec.names.plural+"."+spec.group',
      'spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"',
    ]);
    const dotless = crdV1('EtcdCluster', 'etcdclusters', 'etcd', ['v1beta2']);
    expect(await crdErrors(dotless)).toEqual([
      'spec.group: Invalid value: "etcd": should be a domain with at least one dot',
    ]);
  });

  it('names are DNS-1035 labels; kind may have mixed case; kind and listKind differ', async () => {
    const crd = base();
    (crd.spec as Obj).names = { kind: 'Etcd_Cluster', plural: 'etcdclusters', listKind: 'Etcd_Cluster' };
    const errs = await crdErrors(crd);
    expect(errs).toContain(
      `spec.names.kind: Invalid value: "Etcd_Cluster": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
    );
    expect(errs).toContain(
      'spec.names.listKind: Invalid value: "Etcd_Cluster": kind and listKind may not be the same',
    );
  });

  it('conversion: v1beta1 keeps unknown fields unless told, reviews must include v1 or v1beta1', async () => {
    const beta = crdV1beta1('EtcdCluster', 'etcdclusters', 'etcd.example.com', 'v1beta2');
    (beta.spec as Obj).conversion = {
      strategy: 'Webhook',
      webhookClientConfig: { service: { name: 's', namespace: 'n' } },
    };
    expect(await crdErrors(beta)).toEqual([
      'spec.conversion.strategy: Invalid value: "Webhook": must be None if spec.preserveUnknownFields is true',
    ]);
    const v1 = base();
    (v1.spec as Obj).conversion = {
      strategy: 'Webhook',
      webhook: { clientConfig: { url: 'https://x/convert' }, conversionReviewVersions: ['v2', 'v2'] },
    };
    expect(await crdErrors(v1)).toEqual([
      'spec.conversion.conversionReviewVersions[1]: Invalid value: "v2": duplicate version',
      'spec.conversion.conversionReviewVersions: Invalid value: []string{"v2", "v2"}: must include at least one of v1, v1beta1',
    ]);
  });
});
