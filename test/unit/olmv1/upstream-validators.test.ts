/**
 * operator-controller's registry+v1 bundle validators, every case of
 * internal/operator-controller/rukpak/render/registryv1/validators/validator_test.go at
 * df2c201d70e83d02eae23597d604269fa1baf20a, re-created as a catalog bundle carrying its CSV, CRDs and
 * other objects as `olm.bundle.object` (what `olmv1 eligibility` reads). Upstream runs each
 * validator alone; `bundleEligibility` runs them all, so each table compares the reasons of its own
 * validator (matched by that validator's message shape) with upstream's errors, in upstream's order.
 * Over 400 lines: one upstream table file, case for case, kept whole so it reads beside upstream's.
 */
import { describe, expect, it } from 'vitest';
import { bundleEligibility } from '../../../src/core/olmv1';
import { catalogOf } from './fixtures';

type Obj = Record<string, unknown>;
interface Case {
  name: string;
  /** CSV spec fields (csv.Builder()); a bundle always carries a CSV, so `bundle.RegistryV1{}` is an empty one. */
  csv?: Obj;
  crds?: string[];
  others?: [kind: string, name: string][];
  pkg?: string;
  expected: string[];
}

const modes = (...supported: string[]) =>
  ['OwnNamespace', 'SingleNamespace', 'MultiNamespace', 'AllNamespaces']
    .filter((t) => supported.includes(t))
    .map((type) => ({ type, supported: true }));
const deployments = (...names: string[]) => ({
  install: { strategy: 'deployment', spec: { deployments: names.map((name) => ({ name, spec: {} })) } },
});
const owned = (...names: string[]) => ({
  customresourcedefinitions: { owned: names.map((name) => ({ name })) },
});
const wh = (type: string, generateName = '', extra: Obj = {}) => ({ type, generateName, ...extra });
const webhooks = (...defs: Obj[]) => ({ webhookdefinitions: defs });
const rules = (apiGroups: string[], resources?: string[]) => ({
  rules: [{ apiGroups, ...(resources ? { resources } : {}) }],
});
const V = 'ValidatingAdmissionWebhook';
const M = 'MutatingAdmissionWebhook';
const C = 'ConversionWebhook';

const property = (o: Obj) => ({
  type: 'olm.bundle.object',
  value: { data: Buffer.from(JSON.stringify(o)).toString('base64') },
});
const GROUPS: Record<string, string> = {
  ClusterRole: 'rbac.authorization.k8s.io/v1',
  ClusterRoleBinding: 'rbac.authorization.k8s.io/v1',
  Role: 'rbac.authorization.k8s.io/v1',
  RoleBinding: 'rbac.authorization.k8s.io/v1',
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  Job: 'batch/v1',
};

async function reasons(c: Case): Promise<string[]> {
  const objects: Obj[] = [];
  objects.push({
    apiVersion: 'operators.coreos.com/v1alpha1',
    kind: 'ClusterServiceVersion',
    metadata: { name: 'test-csv' },
    spec: c.csv ?? {},
  });
  for (const name of c.crds ?? [])
    objects.push({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name },
    });
  for (const [kind, name] of c.others ?? [])
    objects.push({ apiVersion: GROUPS[kind] ?? 'v1', kind, metadata: { name } });
  const pkg = c.pkg ?? 'test-package';
  const dc = await catalogOf([
    {
      schema: 'olm.bundle',
      package: pkg,
      name: 'test-bundle.v1.0.0',
      image: 'example.com/test-bundle:1',
      properties: [
        { type: 'olm.package', value: { packageName: pkg, version: '1.0.0' } },
        ...objects.map(property),
      ],
    },
  ]);
  expect(dc.bundles).toHaveLength(1);
  return bundleEligibility(dc.bundles[0]!).reasons;
}

function table(test: string, shape: RegExp, cases: Case[]) {
  describe(test, () => {
    for (const c of cases)
      it(c.name, async () => {
        expect((await reasons(c)).filter((r) => shape.test(r))).toEqual(c.expected);
      });
  });
}

const DNS =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const TOO_LONG = 'must be no more than 253 characters';
const A_LONG = `a-name-is-w${'a'.repeat(240)}y-too-long`;
const B_LONG = `b-name-is-w${'a'.repeat(240)}y-too-long`;
const A_LONG_BAD = `${A_LONG}-and-bad-`;
const B_LONG_BAD = `${B_LONG}-and-bad-`;

table('Test_CheckDeploymentSpecUniqueness', /^cluster service version contains duplicate strategy/, [
  {
    name: 'accepts bundles with unique deployment strategy spec names',
    csv: deployments('test-deployment-one', 'test-deployment-two'),
    expected: [],
  },
  {
    name: 'rejects bundles with duplicate deployment strategy spec names',
    csv: deployments('test-deployment-one', 'test-deployment-two', 'test-deployment-one'),
    expected: ["cluster service version contains duplicate strategy deployment spec 'test-deployment-one'"],
  },
  {
    name: 'errors are ordered by deployment strategy spec name',
    csv: deployments(
      'test-deployment-a',
      'test-deployment-b',
      'test-deployment-c',
      'test-deployment-b',
      'test-deployment-a',
    ),
    expected: [
      "cluster service version contains duplicate strategy deployment spec 'test-deployment-a'",
      "cluster service version contains duplicate strategy deployment spec 'test-deployment-b'",
    ],
  },
]);

table(
  'Test_CheckDeploymentNameIsDNS1123SubDomain',
  /^invalid cluster service version strategy deployment name/,
  [
    {
      name: 'accepts valid deployment strategy spec names',
      csv: deployments('test-deployment-one', 'test-deployment-two'),
      expected: [],
    },
    {
      name: 'rejects bundles with invalid deployment strategy spec names - errors are sorted by name',
      csv: deployments('-bad-name', B_LONG, A_LONG_BAD),
      expected: [
        `invalid cluster service version strategy deployment name '-bad-name': ${DNS}`,
        `invalid cluster service version strategy deployment name '${A_LONG_BAD}': ${DNS}, ${TOO_LONG}`,
        `invalid cluster service version strategy deployment name '${B_LONG}': ${TOO_LONG}`,
      ],
    },
  ],
);

table('Test_CRDResourceUniqueness', /^bundle contains duplicate custom resource definition/, [
  {
    name: 'accepts bundles with unique custom resource definition resources',
    crds: ['a.crd.something', 'b.crd.something'],
    expected: [],
  },
  {
    name: 'rejects bundles with duplicate custom resource definition resources',
    crds: ['a.crd.something', 'a.crd.something'],
    expected: ["bundle contains duplicate custom resource definition 'a.crd.something'"],
  },
  {
    name: 'errors are ordered by custom resource definition name',
    crds: ['c.crd.something', 'c.crd.something', 'a.crd.something', 'a.crd.something'],
    expected: [
      "bundle contains duplicate custom resource definition 'a.crd.something'",
      "bundle contains duplicate custom resource definition 'c.crd.something'",
    ],
  },
]);

const notFound = (c: string) =>
  `cluster service definition references owned custom resource definition '${c}' not found in bundle`;
table('Test_CheckOwnedCRDExistence', /^cluster service definition references owned/, [
  {
    name: 'accepts bundles with existing owned custom resource definition resources',
    crds: ['a.crd.something', 'b.crd.something'],
    csv: owned('a.crd.something', 'b.crd.something'),
    expected: [],
  },
  {
    name: 'rejects bundles with missing owned custom resource definition resources',
    csv: owned('a.crd.something'),
    expected: [notFound('a.crd.something')],
  },
  {
    name: 'errors are ordered by owned custom resource definition name',
    csv: owned('a.crd.something', 'c.crd.something', 'b.crd.something'),
    expected: [notFound('a.crd.something'), notFound('b.crd.something'), notFound('c.crd.something')],
  },
]);

table('Test_CheckPackageNameNotEmpty', /^package name is empty$/, [
  { name: 'accepts bundles with non-empty package name', pkg: 'not-empty', csv: {}, expected: [] },
  { name: 'rejects bundles with empty package name', pkg: '', csv: {}, expected: ['package name is empty'] },
]);

const convSupport = (n: string) =>
  `bundle contains conversion webhook "${n}" and supports install modes [AllNamespaces SingleNamespace] - conversion webhooks are only supported for bundles that only support AllNamespaces install mode`;
table('Test_CheckWebhookSupport', /^bundle contains conversion webhook/, [
  {
    name: 'accepts bundles with conversion webhook definitions when they only support AllNamespaces install mode',
    csv: { installModes: modes('AllNamespaces'), ...webhooks(wh(C)) },
    expected: [],
  },
  {
    name: 'accepts bundles with validating webhook definitions when they support more modes than AllNamespaces install mode',
    csv: { installModes: modes('AllNamespaces', 'SingleNamespace'), ...webhooks(wh(V)) },
    expected: [],
  },
  {
    name: 'accepts bundles with mutating webhook definitions when they support more modes than AllNamespaces install mode',
    csv: { installModes: modes('AllNamespaces', 'SingleNamespace'), ...webhooks(wh(M)) },
    expected: [],
  },
  {
    name: 'rejects bundles with conversion webhook definitions when they support more modes than AllNamespaces install mode',
    csv: {
      installModes: modes('SingleNamespace', 'AllNamespaces'),
      ...webhooks(wh(C, 'webhook-b'), wh(C, 'webhook-a')),
    },
    expected: [convSupport('webhook-b'), convSupport('webhook-a')],
  },
]);

const forbiddenGroup = (n: string, g: string) =>
  `webhook "${n}" contains forbidden rule: admission webhook rules cannot reference API group "${g}"`;
const forbiddenResource = (r: string) =>
  `webhook "webhook-a" contains forbidden rule: admission webhook rules cannot reference resource "${r}" for API group "admissionregistration.k8s.io"`;
const resourceCase = (r: string): Case => ({
  name: `reject bundles with webhook definitions with rules containing 'admissionregistration.k8s.io' api group and '${r}' resource`,
  csv: {
    installModes: modes('AllNamespaces'),
    ...webhooks(wh(V, 'webhook-a', rules(['admissionregistration.k8s.io'], [r]))),
  },
  expected: [forbiddenResource(r)],
});
table('Test_CheckWebhookRules', /contains forbidden rule/, [
  {
    name: 'accepts bundles with webhook definitions without rules',
    csv: { installModes: modes('AllNamespaces'), ...webhooks(wh(V), wh(M)) },
    expected: [],
  },
  {
    name: 'accepts bundles with webhook definitions with supported rules',
    csv: {
      installModes: modes('AllNamespaces'),
      ...webhooks(
        wh(V, '', rules(['appsv1'], ['deployments', 'replicasets', 'statefulsets'])),
        wh(M, '', rules([''], ['services'])),
      ),
    },
    expected: [],
  },
  ...['*', 'olm.operatorframework.io'].map((g) => ({
    name: `reject bundles with webhook definitions with rules containing '${g}' api group`,
    csv: {
      installModes: modes('AllNamespaces'),
      ...webhooks(wh(V, 'webhook-z', rules([g])), wh(M, 'webhook-a', rules([g]))),
    },
    expected: [forbiddenGroup('webhook-z', g), forbiddenGroup('webhook-a', g)],
  })),
  ...[
    '*',
    'MutatingWebhookConfiguration',
    'mutatingwebhookconfiguration',
    'mutatingwebhookconfigurations',
    'ValidatingWebhookConfiguration',
    'validatingwebhookconfiguration',
    'validatingwebhookconfigurations',
  ].map(resourceCase),
]);

const nonExistent = (t: string, n: string, d: string) =>
  `webhook of type '${t}' with name '${n}' references non-existent deployment '${d}'`;
table('Test_CheckWebhookDeploymentReferentialIntegrity', /references non-existent deployment/, [
  {
    name: 'accepts bundles where webhook definitions reference existing strategy deployment specs',
    csv: {
      ...deployments('test-deployment-one', 'test-deployment-two'),
      ...webhooks(wh(M, 'test-webhook', { deploymentName: 'test-deployment-one' })),
    },
    expected: [],
  },
  {
    name: 'rejects bundles with webhook definitions that reference non-existing strategy deployment specs',
    csv: {
      ...deployments('test-deployment-one'),
      ...webhooks(wh(V, 'test-webhook', { deploymentName: 'test-deployment-two' })),
    },
    expected: [nonExistent(V, 'test-webhook', 'test-deployment-two')],
  },
  {
    name: 'errors are ordered by deployment strategy spec name, webhook type, and webhook name',
    csv: {
      ...deployments('test-deployment-one'),
      ...webhooks(
        wh(V, 'test-val-webhook-c', { deploymentName: 'test-deployment-c' }),
        wh(M, 'test-mute-webhook-a', { deploymentName: 'test-deployment-a' }),
        wh(C, 'test-conv-webhook-b', { deploymentName: 'test-deployment-b' }),
        wh(M, 'test-mute-webhook-c', { deploymentName: 'test-deployment-c' }),
        wh(C, 'test-conv-webhook-c-b', { deploymentName: 'test-deployment-c' }),
        wh(C, 'test-conv-webhook-c-a', { deploymentName: 'test-deployment-c' }),
      ),
    },
    expected: [
      nonExistent(M, 'test-mute-webhook-a', 'test-deployment-a'),
      nonExistent(C, 'test-conv-webhook-b', 'test-deployment-b'),
      nonExistent(C, 'test-conv-webhook-c-a', 'test-deployment-c'),
      nonExistent(C, 'test-conv-webhook-c-b', 'test-deployment-c'),
      nonExistent(M, 'test-mute-webhook-c', 'test-deployment-c'),
      nonExistent(V, 'test-val-webhook-c', 'test-deployment-c'),
    ],
  },
]);

const dup = (n: string, t: string) => `duplicate webhook '${n}' of type '${t}'`;
table('Test_CheckWebhookNameUniqueness', /^duplicate webhook/, [
  { name: 'accepts bundles without webhook definitions', csv: {}, expected: [] },
  {
    name: 'accepts bundles with unique webhook names',
    csv: webhooks(
      wh(M, 'test-webhook-one'),
      wh(V, 'test-webhook-two'),
      wh(C, 'test-webhook-three'),
      wh(M, 'test-webhook-four'),
      wh(V, 'test-webhook-five'),
      wh(C, 'test-webhook-six'),
    ),
    expected: [],
  },
  {
    name: 'accepts bundles with webhooks with the same name but different types',
    csv: webhooks(wh(M, 'test-webhook'), wh(V, 'test-webhook'), wh(C, 'test-webhook')),
    expected: [],
  },
  ...(
    [
      ['validating', V],
      ['mutating', M],
      ['conversion', C],
    ] as const
  ).map(([word, t]) => ({
    name: `rejects bundles with duplicate ${word} webhook definitions`,
    csv: webhooks(wh(t, 'test-webhook'), wh(t, 'test-webhook')),
    expected: [dup('test-webhook', t)],
  })),
  {
    name: 'orders errors by webhook type and name',
    csv: webhooks(
      ...['test-val-webhook-b', 'test-val-webhook-a', 'test-val-webhook-a', 'test-val-webhook-b'].map((n) =>
        wh(V, n),
      ),
      ...['test-conv-webhook-b', 'test-conv-webhook-a', 'test-conv-webhook-a', 'test-conv-webhook-b'].map(
        (n) => wh(C, n),
      ),
      ...['test-mute-webhook-b', 'test-mute-webhook-a', 'test-mute-webhook-a', 'test-mute-webhook-b'].map(
        (n) => wh(M, n),
      ),
    ),
    expected: [
      dup('test-conv-webhook-a', C),
      dup('test-conv-webhook-b', C),
      dup('test-mute-webhook-a', M),
      dup('test-mute-webhook-b', M),
      dup('test-val-webhook-a', V),
      dup('test-val-webhook-b', V),
    ],
  },
]);

const notOwned = (w: string, c: string) =>
  `conversion webhook '${w}' references custom resource definition '${c}' not owned bundle`;
const conv = (n: string, ...conversionCRDs: string[]) => wh(C, n, { conversionCRDs });
table('Test_CheckConversionWebhooksReferenceOwnedCRDs', /not owned bundle$/, [
  { name: 'accepts bundles without webhook definitions', expected: [] },
  {
    name: 'accepts bundles without conversion webhook definitions',
    csv: webhooks(wh(V, 'test-val-webhook'), wh(M, 'test-mute-webhook')),
    expected: [],
  },
  {
    name: 'accepts bundles with conversion webhooks that reference owned CRDs',
    csv: {
      ...owned('some.crd.something', 'another.crd.something'),
      ...webhooks(conv('test-webhook', 'some.crd.something', 'another.crd.something')),
    },
    expected: [],
  },
  {
    name: 'rejects bundles with conversion webhooks that reference existing CRDs that are not owned',
    csv: {
      ...owned('some.crd.something'),
      ...webhooks(conv('test-webhook', 'some.crd.something', 'another.crd.something')),
    },
    expected: [notOwned('test-webhook', 'another.crd.something')],
  },
  {
    name: 'errors are ordered by webhook name and CRD name',
    csv: {
      ...owned('b.crd.something'),
      ...webhooks(
        conv('test-webhook-b', 'b.crd.something'),
        conv('test-webhook-a', 'c.crd.something', 'a.crd.something'),
        conv('test-webhook-c', 'a.crd.something', 'd.crd.something'),
      ),
    },
    expected: [
      notOwned('test-webhook-a', 'a.crd.something'),
      notOwned('test-webhook-a', 'c.crd.something'),
      notOwned('test-webhook-c', 'a.crd.something'),
      notOwned('test-webhook-c', 'd.crd.something'),
    ],
  },
]);

const same = (whs: string, c: string) =>
  `conversion webhooks [${whs}] reference same custom resource definition '${c}'`;
table('Test_CheckConversionWebhookCRDReferenceUniqueness', /^conversion webhooks \[/, [
  { name: 'accepts bundles without webhook definitions', expected: [] },
  {
    name: 'accepts bundles without conversion webhook definitions',
    csv: webhooks(wh(V, 'test-val-webhook'), wh(M, 'test-mute-webhook')),
    expected: [],
  },
  {
    name: 'accepts bundles with conversion webhooks that reference different CRDs',
    csv: {
      ...owned('some.crd.something', 'another.crd.something'),
      ...webhooks(
        conv('test-webhook', 'some.crd.something'),
        conv('test-webhook-2', 'another.crd.something'),
      ),
    },
    expected: [],
  },
  {
    name: 'rejects bundles with conversion webhooks that reference the same CRD',
    csv: {
      ...owned('some.crd.something'),
      ...webhooks(conv('test-webhook', 'some.crd.something'), conv('test-webhook-two', 'some.crd.something')),
    },
    expected: [same('test-webhook,test-webhook-two', 'some.crd.something')],
  },
  {
    name: 'errors are ordered by CRD name and webhook names',
    csv: {
      ...owned('b.crd.something'),
      ...webhooks(
        conv('test-webhook-b', 'b.crd.something', 'a.crd.something'),
        conv('test-webhook-a', 'd.crd.something', 'a.crd.something', 'b.crd.something'),
        conv('test-webhook-c', 'b.crd.something', 'd.crd.something'),
      ),
    },
    expected: [
      same('test-webhook-a,test-webhook-b', 'a.crd.something'),
      same('test-webhook-a,test-webhook-b,test-webhook-c', 'b.crd.something'),
      same('test-webhook-a,test-webhook-c', 'd.crd.something'),
    ],
  },
]);

const invalidName = (t: string, n: string, why: string) =>
  `webhook of type '${t}' has invalid name '${n}': ${why}`;
table('Test_CheckWebhookNameIsDNS1123SubDomain', /has invalid name/, [
  { name: 'accepts bundles without webhook definitions', csv: {}, expected: [] },
  {
    name: 'rejects bundles with invalid webhook definitions names and orders errors by webhook type and name',
    csv: webhooks(
      wh(V, B_LONG_BAD),
      wh(V, A_LONG),
      wh(V, '-bad-name'),
      wh(C, 'b-bad-name-'),
      wh(M, B_LONG_BAD),
      wh(M, 'a-bad-name-'),
      wh(C, 'a-bad-name-'),
    ),
    expected: [
      invalidName(C, 'a-bad-name-', DNS),
      invalidName(C, 'b-bad-name-', DNS),
      invalidName(M, 'a-bad-name-', DNS),
      invalidName(M, B_LONG_BAD, `${DNS},${TOO_LONG}`),
      invalidName(V, '-bad-name', DNS),
      invalidName(V, A_LONG, TOO_LONG),
      invalidName(V, B_LONG_BAD, `${DNS},${TOO_LONG}`),
    ],
  },
]);

table('Test_CheckObjectSupport', /^unsupported resource/, [
  { name: 'accepts bundles with no other objects', expected: [] },
  {
    name: 'accepts bundles with supported object kinds',
    others: [
      ['Secret', 'my-secret'],
      ['ConfigMap', 'my-configmap'],
      ['ServiceAccount', 'my-sa'],
      ['Service', 'my-service'],
      ['ClusterRole', 'my-clusterrole'],
      ['ClusterRoleBinding', 'my-clusterrolebinding'],
      ['Role', 'my-role'],
      ['RoleBinding', 'my-rolebinding'],
    ],
    expected: [],
  },
  {
    name: 'rejects bundles with unsupported object kinds',
    others: [['Deployment', 'my-deployment']],
    expected: ['unsupported resource "my-deployment" with kind "Deployment"'],
  },
  {
    name: 'reports errors for each unsupported object',
    others: [
      ['Deployment', 'my-deployment'],
      ['StatefulSet', 'my-statefulset'],
    ],
    expected: [
      'unsupported resource "my-deployment" with kind "Deployment"',
      'unsupported resource "my-statefulset" with kind "StatefulSet"',
    ],
  },
  {
    name: 'accepts supported objects and rejects unsupported objects in the same bundle',
    others: [
      ['ConfigMap', 'my-configmap'],
      ['Job', 'my-job'],
      ['Secret', 'my-secret'],
    ],
    expected: ['unsupported resource "my-job" with kind "Job"'],
  },
]);
