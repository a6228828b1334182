/**
 * operator-framework/api's validation tests (pkg/validation/internal/{crd,object}_test.go), ported: each case
 * re-created from what the upstream test asserts, in bundles written here (api-fixture.ts), checked
 * as `validate-bundle` checks a directory, asserting upstream's verdict and text. The test names are
 * upstream's case descriptions. The CRD validator (crd.go, with the API server's checks it passes
 * on) and the object validator (object.go).
 */
import { describe, expect, it } from 'vitest';
import { checkManifests, crdV1, crdV1beta1, csv, ETCD_CRD, type Obj } from './api-fixture';

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
