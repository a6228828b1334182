import { defineRules } from './types';

/**
 * The community (and certified) operator pipeline's static checks that run for FBC operators
 * (src/core/policy/community.ts), with the pipeline's words. The pack's verdict is the pipeline's;
 * what its quirks hide is our warning beside it under a `-hidden` id.
 */
const TESTS =
  'https://github.com/redhat-openshift-ecosystem/operator-pipelines/blob/main/operatorcert/static_tests';
const CATALOGS = `${TESTS}/common/operator_catalogs.py`;
const PARSED =
  'https://github.com/redhat-openshift-ecosystem/operator-pipelines/blob/main/operatorcert/parsed_file.py';
const PR =
  'Checked with --base REF (the pull request’s base: a folder or Git revision) by the community pack; the pipeline’s detect-changes step fails the pull request on it, and no waiver skips it.';
const OPERATOR = `${TESTS}/common/operator.py`;
const BUNDLE = `${TESTS}/common/bundle.py`;
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
  'community-bundle-registry-hidden': {
    severity: 'warning',
    title: 'Bundle image from a registry the repository does not allow, in a file the pipeline does not read',
    summary:
      'A bundle outside catalogs/<catalog>/<operator>/catalog.yaml (or .yml, .json) has an image from none of the allowed_bundle_registries.',
    description:
      'The pipeline reads an operator catalog from that one file, so it passes the pull request; the image is ' +
      'still served by the catalog opm builds from the folder. Ours, beside the pack’s verdict.',
    upstream: {
      text: 'OperatorCatalog.catalog_content in operator-pipelines operator_repo/core.py',
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
      'A bundle other than the first the pipeline reads carries olm.bundle.object in a catalog for 4.17 or later.',
    description:
      'The pipeline passes the catalog (it reads catalog.yaml, catalog.yml or catalog.json only, and stops after ' +
      'the first bundle); clusters on 4.17 and later still get a bundle in the old form. Ours, beside the ' +
      'pack’s verdict.',
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
    severity: 'error',
    title: 'ci.yaml does not comply with the pipeline’s schema',
    summary:
      'An operator’s ci.yaml breaks a constraint of the pipeline’s ci-schema.json (a type, an allowed value, a required or unknown key under fbc:, an empty or repeated list).',
    description:
      'Each violation is one finding in python-jsonschema’s words, at the value it is about; values are printed ' +
      'as the pipeline (Python) prints them. Checked for every operator folder with a ci.yaml, or with --base ' +
      'for the operators the change touches. ' +
      PACK,
    message: "Operator's 'ci.yaml' contains invalid data which does not comply with the schema: %s",
    upstream: {
      text: 'operator-pipelines static_tests/common/operator.py, check_schema_operator_ci_config (schemas/ci-schema.json)',
      url: OPERATOR,
    },
  },
  'community-ci-catalog-mapping': {
    severity: 'error',
    title: 'One catalog mapped by two templates in ci.yaml',
    summary: 'Two entries of ci.yaml’s fbc.catalog_mapping name the same catalog.',
    description:
      'Each catalog is rendered from one template; the finding points at the mention that makes it two. ' +
      PACK,
    message: "Operator's 'ci.yaml' contains multiple templates '%s' for the same catalog '%s'.",
    upstream: {
      text: 'operator-pipelines static_tests/common/operator.py, check_catalog_usage_ci_config',
      url: OPERATOR,
    },
  },
  'community-release-config-schema': {
    severity: 'error',
    title: 'release-config.yaml does not comply with the pipeline’s schema',
    summary:
      'A bundle’s release-config.yaml breaks a constraint of release-config-schema.json (catalog_templates required and non-empty, each with template_name and channels, no other top-level keys).',
    description: 'Each violation is one finding in python-jsonschema’s words. ' + PACK,
    message: "Bundle's 'release-config.yaml' contains invalid data which does not comply with the schema: %s",
    upstream: {
      text: 'operator-pipelines static_tests/common/bundle.py, check_validate_schema_bundle_release_config (schemas/release-config-schema.json)',
      url: BUNDLE,
    },
  },
  'community-release-config-fbc': {
    severity: 'error',
    title: 'release-config.yaml without FBC enabled in ci.yaml',
    summary: 'A bundle has a release-config.yaml but its operator’s ci.yaml does not set fbc.enabled.',
    description:
      'release-config.yaml asks the pipeline to add the bundle to catalog templates, which only an FBC operator has. ' +
      PACK,
    message:
      "Bundle's 'release-config.yaml' is used but FBC is not enabled for the operator. Update the 'fbc.enabled' field in the ci.yaml file.",
    upstream: {
      text: 'operator-pipelines static_tests/common/bundle.py, check_bundle_release_config',
      url: BUNDLE,
    },
  },
  'community-release-config-template': {
    severity: 'error',
    title: 'release-config.yaml names a template ci.yaml does not map',
    summary: 'A catalog_templates entry names a template_name absent from ci.yaml’s fbc.catalog_mapping.',
    description:
      'The pipeline adds the bundle to the templates ci.yaml maps to catalogs; another name has nowhere to go. ' +
      PACK,
    message:
      "Bundle's 'release-config.yaml' contains a catalog template '%s' that is not defined in the ci.yaml file under 'catalog_mapping'. Add the template to the 'catalog_mapping.",
    upstream: {
      text: 'operator-pipelines static_tests/common/bundle.py, check_bundle_release_config',
      url: BUNDLE,
    },
  },
  'community-release-config-semver-channels': {
    severity: 'error',
    title: 'A semver template’s release channels other than Fast, Candidate, Stable',
    summary:
      'A catalog_templates entry for an olm.semver template (by ci.yaml’s mapping) lists a channel other than Fast, Candidate or Stable.',
    description: 'An olm.semver template has only those three channel lists. ' + PACK,
    message:
      "Bundle's 'release-config.yaml' contains a semver catalog template '%s' with invalid channels: %s. Allowed channels are: ['Fast', 'Candidate', 'Stable']. Follow olm [documentation](https://olm.operatorframework.io/docs/reference/catalog-templates/#specification) to see more details about semver template.",
    upstream: {
      text: 'operator-pipelines static_tests/common/bundle.py, check_bundle_release_config (_check_semver_allowed_channels)',
      url: BUNDLE,
    },
  },
  'community-pr-extra-files': {
    severity: 'error',
    title: 'The pull request changes files outside operators and catalogs',
    summary:
      'With --base: a changed file lies outside operators/<operator>/ and outside a catalogs/<catalog>/<operator>/ folder that holds catalog.yaml, catalog.yml or catalog.json.',
    description:
      'The pipeline counts a catalog folder only by those file names: a catalog written as index.yaml (or one level ' +
      'deeper) is a "non-operator file" and fails the pull request. ' +
      PR,
    message: 'The PR affects non-operator files: %s',
    upstream: { text: 'operator-pipelines parsed_file.py, ParserRules.check_extra_files', url: PARSED },
  },
  'community-pr-operators': {
    severity: 'error',
    title: 'The pull request changes more than one operator',
    summary: 'With --base: files of two operators change and at least one bundle is among them.',
    description:
      'One operator per pull request, unless only non-bundle files (ci.yaml, templates) change. ' + PR,
    message: 'The PR affects more than one operator: %s',
    upstream: {
      text: 'operator-pipelines parsed_file.py, ParserRules.check_affected_operators',
      url: PARSED,
    },
  },
  'community-pr-modified-bundles': {
    severity: 'error',
    title: 'The pull request modifies a bundle that exists',
    summary: 'With --base: a file of a bundle folder present on both sides changes.',
    description: 'A released bundle is immutable; publish a new version instead. ' + PR,
    message: 'The PR modifies existing bundles: %s',
    upstream: { text: 'operator-pipelines parsed_file.py, ParserRules.check_modified_bundles', url: PARSED },
  },
  'community-pr-bundles': {
    severity: 'error',
    title: 'The pull request adds more than one bundle, or adds and deletes bundles',
    summary: 'With --base: two bundle folders are new, or one is new and another is gone.',
    description: 'One bundle per pull request; additions and deletions go in separate pull requests. ' + PR,
    message: 'The PR affects more than one bundle: %s',
    upstream: { text: 'operator-pipelines parsed_file.py, ParserRules.check_added_bundles', url: PARSED },
  },
  'community-pr-deleted-bundle': {
    severity: 'error',
    title: 'The pull request deletes a bundle of an operator without FBC',
    summary:
      'With --base: a bundle folder is gone and the operator’s ci.yaml (on the base) does not enable fbc.',
    description: 'Only FBC operators may delete bundles, since their catalogs say what is published. ' + PR,
    message:
      'The PR deletes an existing operator: %s. This feature is only allowed for bundles with FBC enabled.',
    upstream: {
      text: 'operator-pipelines parsed_file.py, ParserRules._check_deleted_bundle_fbc',
      url: PARSED,
    },
  },
  'community-pr-deleted-bundle-in-catalog': {
    severity: 'error',
    title: 'The pull request deletes a bundle a catalog still lists',
    summary:
      'With --base: a bundle folder is gone while a catalog of the operator still has an olm.bundle named as its CSV.',
    description:
      'Remove the bundle from the catalogs (their templates) in the same pull request, or keep it. The finding is at ' +
      'the catalog file that lists it. ' +
      PR,
    message: 'The PR deletes a bundle (%s/%s) that is in use by a catalog (%s)',
    upstream: {
      text: 'operator-pipelines parsed_file.py, ParserRules._check_deleted_bundle_used_in_catalog',
      url: PARSED,
    },
  },
  'community-pr-bundle-and-catalog': {
    severity: 'error',
    title: 'The pull request changes a bundle and a catalog together',
    summary: 'With --base: a bundle is added or modified and an operator catalog changes too.',
    description:
      'The bundle is released first; its catalogs change in a second pull request (the pipeline opens it itself ' +
      'for FBC operators with release-config.yaml). ' +
      PR,
    message:
      'The PR affects a bundle (%s) and catalog (%s) at the same time. Split operator and catalog changes into 2 separate pull requests.',
    upstream: {
      text: 'operator-pipelines parsed_file.py, ParserRules.check_affected_catalog_operators',
      url: PARSED,
    },
  },
});
