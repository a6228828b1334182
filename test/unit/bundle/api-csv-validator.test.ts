/**
 * operator-framework/api's validation tests (pkg/validation/internal/csv_test.go), ported: each case
 * re-created from what the upstream test asserts, in bundles written here (api-fixture.ts), checked
 * as `validate-bundle` checks a directory, asserting upstream's verdict and text. The test names are
 * upstream's case descriptions. The CSV validator (csv.go, annotations.go, typecheck.go).
 */
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  checkCsv,
  checkManifests,
  csv,
  ETCD_CRD,
  ETCD_EXAMPLE,
  errorsOf,
  warningsOf,
  type Obj,
} from './api-fixture';

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
