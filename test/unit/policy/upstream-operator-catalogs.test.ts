/**
 * operator-pipelines tests/static_tests/common/test_operator_catalogs.py (commit
 * 422dfd6e9876ec9fdfa2d053c6f9abd77fe3d058), re-created: each case's repository (its catalog, one
 * bundle, config.yaml) and the reasons its check gives, as `--policy community` reports them.
 * check_bundle_images_in_fbc is community-bundle-registry; check_olm_bundle_object_in_fbc is
 * community-bundle-object.
 */
import { describe, expect, it } from 'vitest';
import { bundleFiles, catalogFiles, communityFindings, reasons } from './upstream-repo';

describe('test_check_bundle_images_in_fbc', () => {
  const content = [
    { schema: 'olm.bundle', image: 'quay.io/org-foo/registry/bundle@sha256:123' },
    { schema: 'olm.bundle', image: 'quay.io/org-bar/registry/bundle@sha256:123' },
  ];
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['Config not set', {}, []],
    ['All registries allowed', { allowed_bundle_registries: ['quay.io/org-foo/', 'quay.io/org-bar/'] }, []],
    [
      'Registry not allowed',
      { allowed_bundle_registries: ['quay.io/org-foo/'] },
      [
        'Invalid bundle image(s) found in OperatorCatalog(v4.14/fake-operator): ' +
          'quay.io/org-bar/registry/bundle@sha256:123. ' +
          'Only these registries are allowed for bundle images: quay.io/org-foo/.',
      ],
    ],
  ];
  it.each(cases)('%s', async (_id, config, expected) => {
    const found = await communityFindings(
      catalogFiles('v4.14', 'fake-operator', content),
      bundleFiles('fake-operator', '0.0.1'),
      { 'config.yaml': config },
    );
    expect(reasons(found, 'community-bundle-registry')).toEqual(new Set(expected));
  });
});

describe('test_check_olm_bundle_object_in_fbc', () => {
  const object = { schema: 'olm.bundle', properties: [{ type: 'olm.bundle.object' }] };
  const refused =
    "Bundle object found in OperatorCatalog(v4.17/fake-operator) catalog uses 'olm.bundle.object'. " +
    'This is not allowed for catalogs with version `>= 4.17`. Render catalog again with latest ' +
    '[Makefile](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_workflow/#generate-catalogs-using-templates) ' +
    'using `make catalogs`. Bundle object is not supported in FBC.';
  const cases: [string, string, unknown, string[]][] = [
    ['Uknown version of catalog', 'unknown-catalog', object, []],
    ['4.16 valid catalog', 'v4.16', object, []],
    ['4.17 invalid catalog', 'v4.17', object, [refused]],
    ['4.17 valid catalog', 'v4.17', { schema: 'olm.bundle', properties: [{ type: 'olm.csv.metadata' }] }, []],
  ];
  it.each(cases)('%s', async (_id, catalog, content, expected) => {
    const found = await communityFindings(
      catalogFiles(catalog, 'fake-operator', [content]),
      bundleFiles('fake-operator', '0.0.1'),
    );
    expect(reasons(found, 'community-bundle-object')).toEqual(new Set(expected));
  });
});
