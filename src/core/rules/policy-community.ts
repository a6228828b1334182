import { defineRules } from './types';

/**
 * The community (and certified) operator pipeline's static checks that run for FBC operators
 * (src/core/policy/community.ts), with the pipeline's words. The pack's verdict is the pipeline's;
 * what its quirks hide is our warning beside it under a `-hidden` id.
 */
const TESTS =
  'https://github.com/redhat-openshift-ecosystem/operator-pipelines/blob/main/operator-pipeline-images/operatorcert/static_tests';
const CATALOGS = `${TESTS}/common/operator_catalogs.py`;
const PACK =
  'Reported by the community policy pack (--policy community), apart from opm’s verdict; an error here fails ' +
  'the pull request’s static tests.';

export const POLICY_COMMUNITY_RULES = defineRules('policy-community', 'community', {
  'community-bundle-registry': {
    severity: 'error',
    title: 'Bundle image from a registry the repository does not allow',
    summary:
      'A catalog’s olm.bundle image starts with none of the config.yaml allowed_bundle_registries (checked only when that list is set).',
    description:
      'The repository’s config.yaml names the registries bundle images may come from (a prefix match). ' +
      PACK,
    message:
      'Invalid bundle image(s) found in %s: %s. Only these registries are allowed for bundle images: %s.',
    upstream: {
      text: 'operator-pipelines static_tests/common/operator_catalogs.py, check_bundle_images_in_fbc',
      url: CATALOGS,
    },
  },
  'community-bundle-object': {
    severity: 'error',
    title: 'olm.bundle.object in a catalog for 4.17 or later',
    summary: 'The first bundle of a catalog for OpenShift 4.17 or later carries olm.bundle.object.',
    description:
      'The check looks at the first bundle of each catalog only (it breaks out of its loop after one); the ' +
      'other bundles are community-bundle-object-hidden. Render again with `make catalogs` ' +
      '(--migrate-level bundle-object-to-csv-metadata). ' +
      PACK,
    message:
      "Bundle object found in %s catalog uses 'olm.bundle.object'. This is not allowed for catalogs with version `>= 4.17`. Render catalog again with latest [Makefile](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_workflow/#generate-catalogs-using-templates) using `make catalogs`. Bundle object is not supported in FBC.",
    upstream: {
      text: 'operator-pipelines static_tests/common/operator_catalogs.py, check_olm_bundle_object_in_fbc',
      url: CATALOGS,
    },
  },
  'community-bundle-object-hidden': {
    severity: 'warning',
    title: 'olm.bundle.object in a later bundle of a 4.17+ catalog (the pipeline looks only at the first)',
    summary:
      'A bundle other than the catalog’s first carries olm.bundle.object in a catalog for 4.17 or later.',
    description:
      'The pipeline passes the catalog; clusters on 4.17 and later still get a bundle in the old form. Ours, ' +
      'beside the pack’s verdict.',
    upstream: { text: 'the `break` in check_olm_bundle_object_in_fbc', url: CATALOGS },
  },
  'community-opm-validate': {
    severity: 'error',
    title: 'opm validate fails for a catalog',
    summary: 'opm validate rejects a catalog of the operator.',
    description:
      'The pipeline validates each changed catalog with opm; opm’s own findings are listed apart. ' + PACK,
    message: 'opm validate check failed.',
    upstream: {
      text: 'operator-pipelines, the validate-catalogs step (opm validate per catalog)',
      url: 'https://github.com/redhat-openshift-ecosystem/operator-pipelines/tree/main/ansible/roles/operator-pipeline',
    },
  },
  'community-ci-schema': {
    severity: 'info',
    title: 'ci.yaml against the pipeline’s schema (not yet run)',
    summary: 'check_validate_schema_ci_config validates ci.yaml with the pipeline’s JSON Schema.',
    description:
      'Listed so the catalogue is complete: this build does not carry the schema yet, so it does not run here.',
    upstream: {
      text: 'operator-pipelines static_tests/common/operator.py, check_validate_schema_ci_config',
      url: `${TESTS}/common/operator.py`,
    },
  },
});
