/**
 * Bundle checks: upstream fixtures get the verdicts operator-registry's own tests expect
 * (pkg/lib/bundle/validate_test.go), real community bundles pass, and each format is told apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFsSource } from '../../../src/cli/node-source';
import { checkBundle, readBundleDir } from '../../../src/core/bundle';
import { MemorySource } from '../../../src/core/source/memory';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

const VALIDATE = 'corpus/bundles/_fixtures/operator-registry/pkg/lib/bundle/testdata/validate';

async function check(rel: string) {
  return checkBundle(await readBundleDir(new NodeFsSource(sharedPath(rel))));
}

/** A manifests folder alone (what ValidateBundleContent is given), with valid_bundle's annotations. */
async function checkContent(rel: string) {
  const files: Record<string, string> = {
    'metadata/annotations.yaml': readFileSync(
      sharedPath(VALIDATE, 'valid_bundle/metadata/annotations.yaml'),
      'utf8',
    ),
  };
  for (const f of readdirSync(sharedPath(rel)))
    files[`manifests/${f}`] = readFileSync(join(sharedPath(rel), f), 'utf8');
  const report = checkBundle(await readBundleDir(new MemorySource(files, 'content')));
  return report.findings.filter((f) => f.severity === 'error').map((f) => f.message);
}

if (!hasShared) console.log(skipReason('bundle checks against upstream fixtures'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('validate-bundle on operator-registry fixtures', () => {
  it('passes the valid bundles', async () => {
    for (const b of ['valid_bundle', 'valid_bundle_2'])
      expect((await check(`${VALIDATE}/${b}`)).passed, b).toBe(true);
  });

  it('rejects a registry+v2 media type with exactly one error, at its line', async () => {
    const r = await check(`${VALIDATE}/invalid_annotations_bundle`);
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([
      expect.objectContaining({
        rule: 'bundle-mediatype',
        message:
          'Expecting annotation "operators.operatorframework.io.bundle.mediatype.v1" to have value "registry+v1" instead of "registry+v2"',
        file: 'metadata/annotations.yaml',
        line: 4,
      }),
    ]);
  });

  it.each([
    ['invalid_gvk_dependency', ["couldn't parse dependency of type olm.gvk"]],
    [
      'invalid_package_dependency',
      ['Invalid semver format version', 'Package version is empty', 'Package name is empty'],
    ],
    ['invalid_dependency_type', ["couldn't parse dependency of type olm.crd"]],
    ['invalid_label_dependency', ['Label information is missing']],
  ])('dependencies: %s', async (name, errors) => {
    const r = await check(`${VALIDATE}/invalid_dependencies_bundle/${name}`);
    const found = r.findings.filter((f) => f.severity === 'error');
    expect(found.map((f) => f.message).sort()).toEqual([...errors].sort());
    expect(found.every((f) => f.file === 'metadata/dependencies.yaml' && (f.line ?? 0) > 1)).toBe(true);
  });

  it.each([
    ['invalid_csv', ['install modes not found']],
    [
      'invalid_crd',
      [
        'must contain unique version names',
        'duplicate CRD "etcd.database.coreos.com/v1beta2, Kind=EtcdRestore" in bundle "etcdoperator.v0.9.4"',
      ],
    ],
    [
      'invalid_sa',
      ['json: cannot unmarshal number into Go struct field ObjectMeta.metadata.namespace of type string'],
    ],
    ['invalid_type', ['ResourceQuota is not supported type for registryV1 bundle']],
    [
      'invalid_bundle',
      [
        'owned CRD "etcd.database.coreos.com/v1beta2, Kind=EtcdCluster" not found in bundle "etcdoperator.v0.9.4"',
      ],
    ],
    [
      'invalid_bundle_2',
      [
        'CRD "etcd.database.coreos.com/v1beta2, Kind=EtcdCluster" is present in bundle "etcdoperator.v0.9.4" but not defined in CSV',
      ],
    ],
    [
      'invalid_annotation_name',
      [
        'provided annotation olm.operatorgroup uses wrong case and should be olm.operatorGroup instead',
        'provided annotation olm.operatornamespace uses wrong case and should be olm.operatorNamespace instead',
        'provided annotation olm.skiprange uses wrong case and should be olm.skipRange instead',
      ],
    ],
  ])('content: %s', async (name, expected) => {
    const errors = await checkContent(`${VALIDATE}/invalid_manifests_bundle/${name}`);
    expect(errors).toHaveLength(expected.length);
    for (const e of errors)
      expect(
        expected.some((x) => e.includes(x)),
        e,
      ).toBe(true);
  });

  it('warns about v1beta1 fields in a v1 CRD, which upstream decodes away without an error', async () => {
    const r = await check(`${VALIDATE}/invalid_manifests_bundle/invalid_v1_crd`);
    // operator-registry's TestValidateBundleContent has no case for this fixture; the v1 decoder drops
    // spec.version, subresources and additionalPrinterColumns, so operator-framework finds no error.
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const crd = r.findings.filter(
      (f) =>
        f.rule === 'bundle-crd-v1beta1-field' &&
        f.file === 'manifests/objectbuckets.objectbucket.io.crd.yaml',
    );
    expect(crd.map((f) => [f.line, f.message.split(':')[0]])).toEqual([
      [6, 'spec.version'],
      [47, 'spec.validation'],
      [21, 'spec.subresources'],
      [23, 'spec.additionalPrinterColumns'],
    ]);
  });
});

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('validate-bundle on community bundles', () => {
  it("gives kuadrant, node-healthcheck and self-node-remediation bundles upstream's errors only", async () => {
    for (const pkg of ['kuadrant-operator', 'node-healthcheck-operator', 'self-node-remediation']) {
      for (const v of readdirSync(sharedPath('corpus/bundles', pkg)).filter((d) => /^\d/.test(d))) {
        const r = await check(`corpus/bundles/${pkg}/${v}`);
        const errors = r.findings.filter((f) => f.severity === 'error');
        // operator-framework/api's relatedImages check refuses kuadrant's `oci://` wasm-shim pull spec,
        // and its service-account check the SA node-healthcheck 0.1.1 ships beside its CSV.
        const expected =
          pkg === 'kuadrant-operator'
            ? ['bundle-related-image']
            : pkg === 'node-healthcheck-operator' && v === '0.1.1'
              ? ['bundle-service-account']
              : [];
        expect(
          errors.map((f) => f.rule),
          `${pkg}/${v}`,
        ).toEqual(expected);
        if (pkg === 'kuadrant-operator')
          expect(errors[0]?.message).toMatch(
            /^relatedImages\[0\] has an invalid image pullspec "oci:\/\/quay\.io\/kuadrant\/wasm-shim:v[\d.]+": invalid reference format$/,
          );
        expect(r.detection.format).toBe('registry+v1');
      }
    }
  });

  it('flags a default channel missing from the channels, and a CRD the CSV does not own', async () => {
    const etcd = await check('corpus/bundles/etcd/0.6.1');
    expect(etcd.findings.filter((f) => f.severity === 'error').map((f) => f.message)).toEqual([
      'The channel list "alpha" doesn\'t contain channelDefault "singlenamespace-alpha"',
    ]);
    const prom = await check('corpus/bundles/prometheus/0.37.0');
    expect(
      prom.findings.some((f) => f.rule === 'bundle-crd-not-owned' && f.message.includes('ThanosRuler')),
    ).toBe(true);
  });
});

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('telling formats apart', () => {
  const plain = 'corpus/plain/rukpak-testdata/testdata/bundles/plain-v0';
  it('reads rukpak plain+v0 bundles as plain+v0 and rejects the empty and nested ones', async () => {
    const valid = await check(`${plain}/valid`);
    expect(valid.detection.format).toBe('plain+v0');
    expect(valid.passed).toBe(true);
    const subdir = await check(`${plain}/subdir`);
    expect(subdir.findings.map((f) => f.rule)).toContain('bundle-plain-invalid');
  });

  it('says what a catalog or a packagemanifest folder is instead', async () => {
    const cat = await check('corpus/fbc/community-operators-prod/catalogs/v4.20/kairos-operator');
    expect(cat.detection.format).toBe('not-a-bundle');
    expect(cat.detection.reason).toMatch(/catalog/);
    expect(cat.passed).toBe(false);
  });
});

describe('plain+v0 with sub-directories in manifests/', () => {
  it('names each sub-directory once, as rukpak\'s loader does (found "manifests/<dir>")', async () => {
    const ns = (name: string) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${name}\n`;
    const dir = await readBundleDir(
      new MemorySource(
        {
          'manifests/namespace-a.yaml': ns('a'),
          'manifests/extra/namespace-b.yaml': ns('b'),
          'manifests/extra/namespace-c.yaml': ns('c'),
          'manifests/keep/.gitignore': '',
        },
        'nested',
      ),
    );
    const report = checkBundle(dir);
    expect(report.detection.format).toBe('plain+v0');
    const text =
      'subdirectories are not allowed within the "manifests" directory of the bundle image filesystem';
    expect(
      report.findings.filter((f) => f.rule === 'bundle-plain-invalid').map((f) => [f.file, f.message]),
    ).toEqual([
      ['manifests/extra', `${text}: found "manifests/extra"`],
      ['manifests/keep', `${text}: found "manifests/keep"`],
    ]);
  });

  it("a manifests/ folder with no object fails in rukpak's words", async () => {
    const dir = await readBundleDir(new MemorySource({ 'manifests/.gitignore': '' }, 'no-objects'));
    const report = checkBundle(dir);
    expect(report.findings.filter((f) => f.rule === 'bundle-plain-invalid').map((f) => f.message)).toEqual([
      'invalid bundle: found zero objects: plain+v0 bundles are required to contain at least one object',
    ]);
  });
});

describe('bundle checks without the corpus', () => {
  const csv = (extra: string) => `apiVersion: operators.coreos.com/v1alpha1
kind: ClusterServiceVersion
metadata:
  name: foo.v1.0.0
  annotations:
    olm.skipRange: '>=v0.9.0 <1.0.0'
    alm-examples: '[]'
spec:
  version: 1.0.0
  displayName: Foo
  minKubeVersion: 1.25.0
  install: {strategy: deployment, spec: {deployments: [{name: foo}]}}
  installModes:
  - type: AllNamespaces
    supported: true
${extra}`;
  const annotations = `annotations:
  operators.operatorframework.io.bundle.mediatype.v1: registry+v1
  operators.operatorframework.io.bundle.manifests.v1: manifests/
  operators.operatorframework.io.bundle.metadata.v1: metadata/
  operators.operatorframework.io.bundle.package.v1: foo
  operators.operatorframework.io.bundle.channels.v1: stable,,fast
`;

  it('flags a skipRange blang/semver rejects and an empty channel entry, each at its line', async () => {
    const r = checkBundle(
      await readBundleDir(
        new MemorySource({ 'manifests/csv.yaml': csv(''), 'metadata/annotations.yaml': annotations }, 'foo'),
      ),
    );
    expect(r.findings.map((f) => [f.rule, f.file, f.line])).toEqual([
      ['bundle-invalid-channels', 'metadata/annotations.yaml', 6],
      ['bundle-upgrade-syntax', 'manifests/csv.yaml', 6],
    ]);
    expect(r.findings[1]?.source).toBe('fbc-studio');
    expect(r.passed).toBe(false);
  });

  it('tells a folder with neither manifests/ nor metadata/ is not a bundle', async () => {
    const r = checkBundle(await readBundleDir(new MemorySource({ 'README.md': '# hi' }, 'x')));
    expect(r.detection).toEqual({
      format: 'not-a-bundle',
      reason: 'not a bundle: no manifests/ directory (and no metadata/)',
    });
  });
});
