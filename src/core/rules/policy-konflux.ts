import { defineRules } from './types';

/**
 * Konflux's FBC checks (src/core/policy/konflux.ts): what the `validate-fbc` task (0.3) and the
 * `fbc-target-index-pruning-check` task fail a fragment for, with the task's own words. The pack's
 * verdict is the task's; where the task's shell logic hides a problem (it counts properties, it matches
 * names as words), our warning stands beside it under a `-hidden` id.
 */
const TASKS = 'https://github.com/konflux-ci/konflux-operator-tasks/blob/main/task';
const VALIDATE = `${TASKS}/validate-fbc/0.3/validate-fbc.yaml`;
const PRUNING = `${TASKS}/fbc-target-index-pruning-check/0.1/fbc-target-index-pruning-check.yaml`;
const UTILS = 'https://github.com/konflux-ci/konflux-test/blob/main/test/utils.sh';
const PACK =
  'Reported by the konflux policy pack (--policy konflux), apart from opm’s verdict; an error here is a ' +
  'failure of the Konflux task, which blocks the release.';
const OFFLINE =
  'Not run offline: it needs the built image or a registry, which FBC Studio does not reach without the network. ';

export const POLICY_KONFLUX_RULES = defineRules('policy-konflux', 'konflux', {
  'konflux-package-dirs': {
    severity: 'error',
    title: 'Fragment has no package directory',
    summary: 'The catalog folder holds no package subdirectory, or one of them is empty.',
    description:
      'validate-fbc looks for at least one directory directly inside the image’s configs folder, each ' +
      'non-empty (`<configs>/<package-name>/`). FBC Studio checks the catalog folder as the Containerfile ' +
      'copies it whole to /configs. ' +
      PACK,
    message:
      "No package subdirectories found inside '%s'. At least one is required. | Package directory '%s' is empty.",
    upstream: {
      text: 'konflux-operator-tasks task/validate-fbc 0.3, "FBC DIRECTORY STRUCTURE VALIDATION"',
      url: VALIDATE,
    },
  },
  'konflux-opm-validate': {
    severity: 'error',
    title: 'opm validate fails',
    summary: 'opm validate rejects the fragment, so the task fails its opm check.',
    description:
      'The task runs `opm validate` on the configs folder; opm’s own findings are listed apart (source opm). ' +
      PACK,
    message: 'opm validate check failed.',
    upstream: { text: 'konflux-operator-tasks task/validate-fbc 0.3, "opm validate"', url: VALIDATE },
  },
  'konflux-no-package': {
    severity: 'error',
    title: 'No olm.package in the fragment',
    summary: 'The rendered fragment has no olm.package blob.',
    description: 'Every fragment must define at least one package. ' + PACK,
    message: 'There are no olm package entries defined in this FBC fragment.',
    upstream: { text: 'konflux-operator-tasks task/validate-fbc 0.3, the olm.package count', url: VALIDATE },
  },
  'konflux-bundle-object-refused': {
    severity: 'error',
    title: 'olm.bundle.object in a fragment for OpenShift 4.17 or later',
    summary:
      'A bundle carries olm.bundle.object properties and the fragment targets OpenShift ≥ 4.17 (or any 5.x).',
    description:
      'From 4.17 Konflux wants olm.csv.metadata: render the template again with ' +
      '`--migrate-level=bundle-object-to-csv-metadata`. The OpenShift version is the catalog’s (its path, the ' +
      'repository configuration, --ocp-version, or the tag of the Containerfile’s FROM image). ' +
      PACK,
    message:
      'olm.bundle.object bundle properties are not permitted in a FBC fragment for OCP version %d.%d. Fragments must move to olm.csv.metadata bundle metadata.',
    upstream: {
      text: 'konflux-operator-tasks task/validate-fbc 0.3, OCP_BUNDLE_METADATA_FORMAT',
      url: VALIDATE,
    },
  },
  'konflux-csv-metadata-refused': {
    severity: 'error',
    title: 'olm.csv.metadata in a fragment before OpenShift 4.17',
    summary: 'A bundle carries olm.csv.metadata and the fragment targets OpenShift before 4.17.',
    description:
      'Before 4.17 the cluster’s catalog operator needs olm.bundle.object: render without the migrate level. ' +
      PACK,
    message:
      'olm.csv.metadata bundle properties are not permitted in a FBC fragment for OCP version %d.%d. Fragments must only use olm.bundle.object bundle metadata.',
    upstream: {
      text: 'konflux-operator-tasks task/validate-fbc 0.3, OCP_BUNDLE_METADATA_FORMAT',
      url: VALIDATE,
    },
  },
  'konflux-csv-metadata-missing': {
    severity: 'error',
    title: 'Not every bundle has olm.csv.metadata',
    summary: 'The number of olm.csv.metadata properties differs from the number of bundles (4.17 or later).',
    description:
      'The task counts properties, not bundles (jq emits a bundle once per matching property): it fails when ' +
      'the counts differ, which a bundle with two olm.csv.metadata properties also causes, and passes when ' +
      'one bundle’s extra property makes up for another’s missing one (then konflux-metadata-hidden warns). ' +
      PACK,
    message:
      'every olm.bundle object in the fragment must have a corresponding olm.csv.metadata bundle property',
    upstream: { text: 'konflux-operator-tasks task/validate-fbc 0.3, BUNDLE_CM_COUNT', url: VALIDATE },
  },
  'konflux-bundle-object-missing': {
    severity: 'error',
    title: 'Not every bundle has olm.bundle.object',
    summary: 'Fewer olm.bundle.object properties than bundles (before 4.17).',
    description:
      'The task counts properties, not bundles: a bundle without olm.bundle.object passes when another ' +
      'bundle has two or more (then konflux-metadata-hidden warns). ' +
      PACK,
    message:
      'every olm.bundle object in the fragment must have at least one olm.bundle.object bundle property',
    upstream: { text: 'konflux-operator-tasks task/validate-fbc 0.3, BUNDLE_BO_COUNT', url: VALIDATE },
  },
  'konflux-metadata-hidden': {
    severity: 'warning',
    title: 'Bundle without the metadata its OpenShift version needs (the task’s count misses it)',
    summary:
      'A bundle lacks olm.csv.metadata (4.17+) or olm.bundle.object (before 4.17), but other bundles’ extra properties make the task’s counts come out right.',
    description:
      'The Konflux task passes this fragment; the bundle still has no metadata in the form the cluster reads. ' +
      'Ours, beside the pack’s verdict.',
    upstream: { text: 'the property count of task/validate-fbc 0.3', url: VALIDATE },
  },
  'konflux-not-digest-pinned': {
    severity: 'error',
    title: 'Bundle image not pinned by digest',
    summary: 'An olm.bundle image does not end in @sha256:<64 hex digits>.',
    description: 'Released bundles must be addressed by digest. ' + PACK,
    message: 'The following olm.bundle image references are not digest-pinned:',
    upstream: { text: 'konflux-operator-tasks task/validate-fbc 0.3, digest_pinned_regex', url: VALIDATE },
  },
  'konflux-untrusted-registry': {
    severity: 'error',
    title: 'Bundle image outside registry.redhat.io',
    summary: 'An olm.bundle image is not under registry.redhat.io/ or registry.stage.redhat.io/.',
    description:
      'Fragments name the released location; the build-time quay.io/redhat-user-workloads image is reached ' +
      'through the ImageDigestMirrorSet. ' +
      PACK,
    message:
      'The following olm.bundle image references are not from registry.redhat.io or registry.stage.redhat.io:',
    upstream: { text: 'konflux-operator-tasks task/validate-fbc 0.3, trusted_registry_regex', url: VALIDATE },
  },
  'konflux-prunes-channel': {
    severity: 'error',
    title: 'Fragment drops a released channel',
    summary:
      'A channel of the package in the released index (--released) is missing from the fragment, and its name has none of dev-preview, pre-ga, candidate.',
    description: 'Released channels may not disappear. ' + PACK,
    message: 'FBC fragment prunes entire %s.%s channel.',
    upstream: {
      text: 'konflux-operator-tasks task/fbc-target-index-pruning-check 0.1, "Check for removed channels"',
      url: PRUNING,
    },
  },
  'konflux-prunes-entry': {
    severity: 'error',
    title: 'Fragment drops a released channel entry',
    summary:
      'An entry of a released channel (--released) is missing from the fragment’s channel, whose name has none of dev-preview, pre-ga, candidate.',
    description:
      'Clusters subscribed to the channel would lose their upgrade path. The task compares names as words ' +
      '(grep -Fw): see konflux-prune-hidden. ' +
      PACK,
    message: 'FBC fragment prunes %s from %s.%s channel.',
    upstream: {
      text: 'konflux-operator-tasks task/fbc-target-index-pruning-check 0.1, "Check each channel for removed entries"',
      url: PRUNING,
    },
  },
  'konflux-prune-hidden': {
    severity: 'warning',
    title: 'Released entry or channel gone (the task’s word match misses it)',
    summary:
      'A released channel or entry is not in the fragment, but the task finds its name as a word inside another name (foo.v1.0 inside foo.v1.0.1) and passes.',
    description:
      'The pruning task matches with `grep -Fw`, so `stable` is found in `stable-v2` and `op.v1.0` in ' +
      '`op.v1.0.1`. The task passes; the entry is still gone. Ours, beside the pack’s verdict.',
    upstream: { text: 'grep -Fwq in task/fbc-target-index-pruning-check 0.1', url: PRUNING },
  },
  'konflux-ocp-version-unknown': {
    severity: 'warning',
    title: 'OpenShift version of the fragment unknown',
    summary:
      'Neither the catalog’s path, the repository configuration, --ocp-version nor a Containerfile’s FROM tag gives the OpenShift version.',
    description:
      'Konflux reads it from the fragment’s base image tag; without it the bundle metadata form cannot be ' +
      'checked here. Pass --ocp-version or pin it in .fbc-studio.yaml.',
    upstream: { text: 'get_ocp_version_from_fbc_fragment in konflux-test test/utils.sh', url: UTILS },
  },
  'konflux-base-image': {
    severity: 'info',
    title: 'Base image and opm binary (not run offline)',
    summary:
      'The base image must be ose-operator-registry(-rhel9) and carry exactly one opm and grpc_health_probe.',
    description: OFFLINE + 'The task inspects the built image’s layers and labels.',
    upstream: {
      text: 'konflux-operator-tasks task/validate-fbc 0.3, ALLOWED_BASE_IMAGES, grpc_health_probe',
      url: VALIDATE,
    },
  },
  'konflux-related-images': {
    severity: 'info',
    title: 'Unreleased related images (not run offline)',
    summary: 'Related images of new bundles are collected for the Conforma policy.',
    description: OFFLINE + 'get_unreleased_fbc_related_images renders the target index and pulls bundles.',
    upstream: { text: 'get_unreleased_fbc_related_images in konflux-test test/utils.sh', url: UTILS },
  },
  'konflux-fips': {
    severity: 'info',
    title: 'FIPS checks of bundles’ images (not run offline)',
    summary: 'fbc-fips-check scans the related images of new bundles.',
    description: OFFLINE + 'It pulls and scans every image.',
    upstream: {
      text: 'konflux-operator-tasks task/fbc-fips-check',
      url: `${TASKS}/fbc-fips-check/0.1/fbc-fips-check.yaml`,
    },
  },
  'konflux-inject-lifecycle': {
    severity: 'info',
    title: 'Lifecycle injection (not run offline)',
    summary: 'fbc-inject-lifecycle edits the built image’s catalog.',
    description: OFFLINE + 'It runs on the image after the build, not on the source.',
    upstream: {
      text: 'konflux-operator-tasks task/fbc-inject-lifecycle',
      url: `${TASKS}/fbc-inject-lifecycle/0.1/fbc-inject-lifecycle.yaml`,
    },
  },
});
