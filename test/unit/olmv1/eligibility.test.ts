/**
 * OLM v1 eligibility: one fixture per refusal (operator-controller applier/provider.go,
 * resolve/validation.go, rukpak/render/registryv1/validators/validator.go at
 * df2c201d70e83d02eae23597d604269fa1baf20a), each asserting upstream's message; and "unknown" where
 * the catalog lacks the data.
 */
import { describe, expect, it } from 'vitest';
import { bundleEligibility } from '../../../src/core/olmv1';
import { catalogOf } from './fixtures';

const ALL = [
  { type: 'OwnNamespace', supported: true },
  { type: 'SingleNamespace', supported: true },
  { type: 'MultiNamespace', supported: false },
  { type: 'AllNamespaces', supported: true },
];
const ONLY_ALL = ALL.map((m) => ({ ...m, supported: m.type === 'AllNamespaces' }));

function csv(spec: Record<string, unknown>): object {
  return {
    apiVersion: 'operators.coreos.com/v1alpha1',
    kind: 'ClusterServiceVersion',
    metadata: { name: 'op.v1.0.0' },
    spec: {
      installModes: ALL,
      install: { strategy: 'deployment', spec: { deployments: [{ name: 'op-controller', spec: {} }] } },
      ...spec,
    },
  };
}

const obj = (o: object) => ({
  type: 'olm.bundle.object',
  value: { data: Buffer.from(JSON.stringify(o)).toString('base64') },
});

async function eligibility(properties: object[]) {
  const dc = await catalogOf([
    { schema: 'olm.package', name: 'op' },
    {
      schema: 'olm.bundle',
      package: 'op',
      name: 'op.v1.0.0',
      image: 'example.com/op:1',
      properties: [{ type: 'olm.package', value: { packageName: 'op', version: '1.0.0' } }, ...properties],
    },
  ]);
  return bundleEligibility(dc.bundles[0]!);
}

const crd = (name: string) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name },
});
const webhook = (w: Record<string, unknown>) => ({
  generateName: 'vwebhook.example.com',
  type: 'ValidatingAdmissionWebhook',
  deploymentName: 'op-controller',
  admissionReviewVersions: ['v1'],
  sideEffects: 'None',
  ...w,
});

describe('OLM v1 eligibility', () => {
  it('a plain AllNamespaces bundle is eligible', async () => {
    expect(await eligibility([obj(csv({}))])).toEqual({
      package: 'op',
      bundle: 'op.v1.0.0',
      eligible: true,
      reasons: [],
    });
  });

  it.each([
    [
      'dependency',
      [obj(csv({})), { type: 'olm.gvk.required', value: { group: 'a', kind: 'B', version: 'v1' } }],
      'bundle "op.v1.0.0" has a dependency declared via property "olm.gvk.required" which is currently not supported',
    ],
    [
      'APIService',
      [
        obj(
          csv({ apiservicedefinitions: { owned: [{ name: 'v1.x', group: 'x', version: 'v1', kind: 'X' }] } }),
        ),
      ],
      'unsupported bundle: apiServiceDefintions are not supported',
    ],
    [
      'no AllNamespaces',
      [obj(csv({ installModes: ALL.map((m) => ({ ...m, supported: m.type === 'OwnNamespace' })) }))],
      'unsupported bundle: bundle does not support AllNamespaces install mode',
    ],
    [
      'duplicate deployment',
      [
        obj(
          csv({ install: { strategy: 'deployment', spec: { deployments: [{ name: 'd' }, { name: 'd' }] } } }),
        ),
      ],
      "cluster service version contains duplicate strategy deployment spec 'd'",
    ],
    [
      'deployment name',
      [obj(csv({ install: { strategy: 'deployment', spec: { deployments: [{ name: 'Bad_Name' }] } } }))],
      "invalid cluster service version strategy deployment name 'Bad_Name': a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ],
    [
      'owned CRD missing',
      [obj(csv({ customresourcedefinitions: { owned: [{ name: 'as.x.io', kind: 'A', version: 'v1' }] } }))],
      "cluster service definition references owned custom resource definition 'as.x.io' not found in bundle",
    ],
    [
      'duplicate CRD',
      [obj(csv({})), obj(crd('as.x.io')), obj(crd('as.x.io'))],
      "bundle contains duplicate custom resource definition 'as.x.io'",
    ],
    [
      'conversion webhook without AllNamespaces only',
      [
        obj(
          csv({
            webhookdefinitions: [
              webhook({ type: 'ConversionWebhook', generateName: 'cw', conversionCRDs: [] }),
            ],
          }),
        ),
      ],
      'bundle contains conversion webhook "cw" and supports install modes [AllNamespaces OwnNamespace SingleNamespace] - conversion webhooks are only supported for bundles that only support AllNamespaces install mode',
    ],
    [
      'webhook of a missing deployment',
      [obj(csv({ webhookdefinitions: [webhook({ deploymentName: 'gone' })] }))],
      "webhook of type 'ValidatingAdmissionWebhook' with name 'vwebhook.example.com' references non-existent deployment 'gone'",
    ],
    [
      'duplicate webhook',
      [obj(csv({ webhookdefinitions: [webhook({}), webhook({})] }))],
      "duplicate webhook 'vwebhook.example.com' of type 'ValidatingAdmissionWebhook'",
    ],
    [
      'webhook name',
      [obj(csv({ webhookdefinitions: [webhook({ generateName: 'Bad' })] }))],
      "webhook of type 'ValidatingAdmissionWebhook' has invalid name 'Bad': a lowercase RFC 1123 subdomain",
    ],
    [
      'conversion webhooks sharing a CRD',
      [
        obj(
          csv({
            installModes: ONLY_ALL,
            customresourcedefinitions: { owned: [{ name: 'as.x.io' }] },
            webhookdefinitions: [
              webhook({ type: 'ConversionWebhook', generateName: 'a', conversionCRDs: ['as.x.io'] }),
              webhook({ type: 'ConversionWebhook', generateName: 'b', conversionCRDs: ['as.x.io'] }),
            ],
          }),
        ),
        obj(crd('as.x.io')),
      ],
      "conversion webhooks [a,b] reference same custom resource definition 'as.x.io'",
    ],
    [
      'conversion webhook of a CRD not owned',
      [
        obj(
          csv({
            installModes: ONLY_ALL,
            webhookdefinitions: [
              webhook({ type: 'ConversionWebhook', generateName: 'a', conversionCRDs: ['other.x.io'] }),
            ],
          }),
        ),
      ],
      "conversion webhook 'a' references custom resource definition 'other.x.io' not owned bundle",
    ],
    [
      'webhook rule on every group',
      [obj(csv({ webhookdefinitions: [webhook({ rules: [{ apiGroups: ['*'], resources: ['pods'] }] })] }))],
      'webhook "vwebhook.example.com" contains forbidden rule: admission webhook rules cannot reference API group "*"',
    ],
    [
      'webhook rule on webhook configurations',
      [
        obj(
          csv({
            webhookdefinitions: [
              webhook({
                rules: [
                  {
                    apiGroups: ['admissionregistration.k8s.io'],
                    resources: ['ValidatingWebhookConfigurations'],
                  },
                ],
              }),
            ],
          }),
        ),
      ],
      'webhook "vwebhook.example.com" contains forbidden rule: admission webhook rules cannot reference resource "ValidatingWebhookConfigurations" for API group "admissionregistration.k8s.io"',
    ],
    [
      'unsupported object',
      [obj(csv({})), obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'extra' } })],
      'unsupported resource "extra" with kind "Deployment"',
    ],
  ])('%s → not eligible, in upstream’s words', async (_name, props, message) => {
    const e = await eligibility(props);
    expect(e.eligible).toBe(false);
    expect(e.reasons.some((r) => r.startsWith(message))).toBe(true);
  });

  it('a valid webhook is fine (webhook support is GA upstream)', async () => {
    expect((await eligibility([obj(csv({ webhookdefinitions: [webhook({})] }))])).eligible).toBe(true);
  });

  it('olm.csv.metadata alone: install modes and APIServices decide a refusal, else unknown', async () => {
    const meta = (v: object) => ({ type: 'olm.csv.metadata', value: v });
    const unknown = await eligibility([meta({ installModes: ALL })]);
    expect(unknown.eligible).toBeNull();
    expect(unknown.reasons[0]).toMatch(/^unknown: olm.csv.metadata carries no webhook/);
    const refused = await eligibility([meta({ installModes: ALL.map((m) => ({ ...m, supported: false })) })]);
    expect(refused).toMatchObject({
      eligible: false,
      reasons: ['unsupported bundle: bundle does not support AllNamespaces install mode'],
    });
  });

  it('olm.csv.metadata without installModes says nothing about them: unknown, not a refusal', async () => {
    const e = await eligibility([{ type: 'olm.csv.metadata', value: { displayName: 'Op' } }]);
    expect(e.eligible).toBeNull();
    expect(e.reasons[0]).toMatch(/^unknown: olm.csv.metadata carries no install modes/);
  });

  it('neither bundle objects nor csv metadata: unknown', async () => {
    const e = await eligibility([]);
    expect(e.eligible).toBeNull();
    expect(e.reasons[0]).toMatch(/^unknown: the catalog carries neither/);
  });
});
