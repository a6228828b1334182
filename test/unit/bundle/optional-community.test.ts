/**
 * operator-sdk's optional validator `community` as `validate-bundle --select-optional` runs it, its
 * operator-framework/api tests ported (pkg/validation/internal/community_test.go): each case
 * re-created in a bundle written here, asserting upstream's verdict and text.
 */
import { describe, expect, it } from 'vitest';
import { checkManifests, csv, ETCD_CRD, type Obj } from './api-fixture';
import { CRDS_122, only, V1BETA1 } from './optional-fixture';
import type { IndexImageFile } from '../../../src/core/bundle';
import { selectOptional } from '../../../src/core/bundle';

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
