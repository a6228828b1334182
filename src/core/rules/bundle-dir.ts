import { BUNDLE_API_OWN_RULES, BUNDLE_API_RULES } from './bundle-api';
import { CRD_STRUCTURAL } from './bundle-crd-structural';
import { BUNDLE_OPTIONAL_RULES } from './bundle-optional';
import { defineRules } from './types';

const OF = 'https://github.com/operator-framework/';
const BUNDLE_VALIDATE_GO = {
  text: 'operator-registry pkg/lib/bundle/validate.go (ValidateBundleFormat, validateAnnotations)',
  url: `${OF}operator-registry/blob/master/pkg/lib/bundle/validate.go`,
};
const BUNDLE_CONTENT_GO = {
  text: 'operator-registry pkg/lib/bundle/validate.go (ValidateBundleContent)',
  url: `${OF}operator-registry/blob/master/pkg/lib/bundle/validate.go`,
};
const DEPENDENCY_GO = {
  text: 'operator-registry pkg/registry/types.go (GVKDependency / PackageDependency / LabelDependency Validate)',
  url: `${OF}operator-registry/blob/master/pkg/registry/types.go`,
};
const PARSE_GO = {
  text: 'operator-registry pkg/registry/parse.go (bundleParser.addManifests), what opm render reads',
  url: `${OF}operator-registry/blob/master/pkg/registry/parse.go`,
};
const API_CSV = {
  text: 'operator-framework/api pkg/validation/internal/csv.go (CSVValidator)',
  url: `${OF}api/blob/master/pkg/validation/internal/csv.go`,
};
const API_BUNDLE = {
  text: 'operator-framework/api pkg/validation/internal/bundle.go (BundleValidator)',
  url: `${OF}api/blob/master/pkg/validation/internal/bundle.go`,
};
const API_CRD = {
  text: "operator-framework/api pkg/validation/internal/crd.go (CRDValidator: the API server's CRD validation)",
  url: `${OF}api/blob/master/pkg/validation/internal/crd.go`,
};
const RUKPAK_PLAIN = {
  text: 'rukpak / operator-controller: the plain+v0 bundle format (a flat manifests/ folder of objects)',
  url: `${OF}rukpak/blob/main/docs/bundles/plain.md`,
};
const OLM_DOCS = {
  text: 'OLM docs: the bundle format, annotations and dependencies',
  url: 'https://olm.operatorframework.io/docs/tasks/creating-operator-bundle/',
};
const OURS =
  'operator-framework has no check for this before the bundle is built; FBC Studio flags it because OLM trips on it later.';

/**
 * Checks of a bundle directory (src/core/bundle/checks.ts), before it is built into an image and
 * rendered into a catalog. Errors are operator-framework's own checks, with their message text; the
 * warnings are ours.
 */
const UPSTREAM = defineRules('bundle-dir', 'operator-framework', {
  'bundle-manifests-dir': {
    severity: 'error',
    title: 'No manifests/ directory',
    summary: 'A registry+v1 bundle has no manifests/ directory.',
    description: 'The bundle image carries its Kubernetes objects in manifests/. Put the CSV and CRDs there.',
    message: 'Unable to locate manifests directory',
    upstream: BUNDLE_VALIDATE_GO,
  },
  'bundle-metadata-dir': {
    severity: 'error',
    title: 'No metadata/ directory',
    summary: 'A registry+v1 bundle has no metadata/ directory.',
    description:
      'metadata/annotations.yaml tells OLM the package and channels. Add metadata/annotations.yaml.',
    message: 'Unable to locate metadata directory',
    upstream: BUNDLE_VALIDATE_GO,
  },
  'bundle-no-manifest-files': {
    severity: 'error',
    title: 'manifests/ holds no YAML files',
    summary: 'The manifests/ directory is empty.',
    description: 'A bundle needs at least its CSV in manifests/.',
    message: 'The directory %s contains no yaml files',
    upstream: BUNDLE_VALIDATE_GO,
  },
  'bundle-annotations-file': {
    severity: 'error',
    title: 'No annotations file',
    summary: 'No file in metadata/ holds an `annotations:` map.',
    description:
      'OLM reads the package, channels and media type from metadata/annotations.yaml. Add it (operator-sdk ' +
      'generate bundle writes it).',
    message: 'Could not find annotations file',
    upstream: BUNDLE_VALIDATE_GO,
  },
  'bundle-annotation-missing': {
    severity: 'error',
    title: 'Bundle annotation missing',
    summary: 'One of the operators.operatorframework.io.bundle.* annotations is not set.',
    description:
      'mediatype.v1, manifests.v1, metadata.v1, package.v1 and channels.v1 are required in ' +
      'metadata/annotations.yaml.',
    message: 'Missing annotation %q',
    upstream: BUNDLE_VALIDATE_GO,
  },
  'bundle-mediatype': {
    severity: 'error',
    title: 'Wrong media type',
    summary: "The mediatype annotation is not the bundle's format.",
    description:
      'A bundle with a CSV in manifests/ is registry+v1; write that in the mediatype.v1 annotation.',
    message: 'Expecting annotation %q to have value %q instead of %q',
    upstream: BUNDLE_VALIDATE_GO,
  },
  'bundle-annotation-empty': {
    severity: 'error',
    title: 'Empty channels annotation',
    summary: 'The channels annotation is empty.',
    description: 'Name at least one channel the bundle goes into (comma-separated).',
    message: 'Expecting annotation %q to have non-empty value',
    upstream: BUNDLE_VALIDATE_GO,
  },
  'bundle-default-channel': {
    severity: 'error',
    title: 'Default channel not among the channels',
    summary: 'channel.default.v1 names a channel that channels.v1 does not list.',
    description:
      "The default channel must be one of the bundle's channels. Add it to channels.v1 or fix its spelling.",
    message: 'The channel list "%s" doesn\'t contain channelDefault "%s"',
    upstream: BUNDLE_VALIDATE_GO,
  },
  'bundle-invalid-channels': {
    severity: 'error',
    title: 'Empty channel name',
    summary: 'The channels annotation has an empty entry (a stray comma).',
    description: 'Remove the extra comma from channels.v1.',
    message: 'invalid channels are provided: %s',
    upstream: BUNDLE_VALIDATE_GO,
  },
  'bundle-dependency': {
    severity: 'error',
    title: 'Invalid dependency',
    summary: 'An entry of metadata/dependencies.yaml has an unknown type or misses a field.',
    description:
      'olm.package needs packageName and a semver range in version; olm.gvk needs group, version and kind; ' +
      'olm.label needs a label; olm.constraint needs one of cel, all, any, not, gvk or package. Other types ' +
      'are not understood by OLM.',
    message:
      "couldn't parse dependency of type %s / Package name is empty / Package version is empty / Invalid " +
      'semver format version / API Group is empty / API Version is empty / API Kind is empty / Label ' +
      'information is missing',
    upstream: DEPENDENCY_GO,
  },
  'bundle-manifest-decode': {
    severity: 'error',
    title: 'Manifest does not decode',
    summary: 'A file in manifests/ is not a Kubernetes object (YAML or JSON).',
    description: 'opm skips such a file when it renders the bundle; fix its syntax or remove it.',
    message: "(the decoder's error)",
    upstream: BUNDLE_CONTENT_GO,
  },
  'bundle-unsupported-kind': {
    severity: 'error',
    title: 'Object kind not allowed in a registry+v1 bundle',
    summary: 'manifests/ holds a kind OLM does not install from a bundle.',
    description:
      'Only the CSV, CRDs and a list of supported kinds (Secret, ConfigMap, Service, RBAC, ' +
      'PrometheusRule, …) may be in a registry+v1 bundle.',
    message: '%s is not supported type for registryV1 bundle: %s',
    upstream: BUNDLE_CONTENT_GO,
  },
  'bundle-no-csv': {
    severity: 'error',
    title: 'No CSV',
    summary: 'manifests/ holds no ClusterServiceVersion.',
    description: 'Every registry+v1 bundle has exactly one CSV.',
    message: 'no csv in bundle',
    upstream: PARSE_GO,
  },
  'bundle-csv-version': {
    severity: 'error',
    title: 'CSV version is not semver',
    summary: "The CSV's spec.version is missing or not a semantic version.",
    description: 'OLM orders bundles by spec.version; write it as MAJOR.MINOR.PATCH[-pre][+build].',
    message: "(blang/semver's error)",
    upstream: API_CSV,
  },
  'bundle-install-modes': {
    severity: 'error',
    title: 'Install modes',
    summary: 'The CSV lists no install modes, or supports none.',
    description:
      'List OwnNamespace, SingleNamespace, MultiNamespace and AllNamespaces with supported true/false.',
    message: '(%s) install modes not found / (%s) none of InstallModeTypes are supported',
    upstream: API_CSV,
  },
  'bundle-annotation-case': {
    severity: 'error',
    title: 'OLM annotation in the wrong case',
    summary:
      'The CSV spells olm.skipRange, olm.operatorGroup, olm.operatorNamespace, olm.targetNamespaces or ' +
      'olm.providedAPIs in another case.',
    description: 'OLM reads these annotations case-sensitively and ignores a misspelled one. Fix the case.',
    message: 'provided annotation %s uses wrong case and should be %s instead',
    upstream: API_CSV,
  },
  'bundle-owned-crd-missing': {
    severity: 'error',
    title: 'Owned CRD not in the bundle',
    summary: 'The CSV owns a CRD that no manifest defines.',
    description: 'Add the CRD to manifests/ (or drop it from spec.customresourcedefinitions.owned).',
    message: 'owned CRD %q not found in bundle %q',
    upstream: API_BUNDLE,
  },
  'bundle-crd-not-owned': {
    severity: 'error',
    title: 'CRD not defined in the CSV',
    summary: 'manifests/ has a CRD version that the CSV does not own.',
    description: 'List every CRD the bundle ships under spec.customresourcedefinitions.owned.',
    message: 'CRD %q is present in bundle %q but not defined in CSV',
    upstream: API_BUNDLE,
  },
  'bundle-duplicate-crd': {
    severity: 'error',
    title: 'CRD defined twice',
    summary: 'Two manifests define the same CRD version, or the CSV owns it twice.',
    description: 'Keep one definition per group/version/kind.',
    message: 'duplicate CRD %q in bundle %q',
    upstream: API_BUNDLE,
  },
  'bundle-crd-invalid': {
    severity: 'error',
    title: 'CRD invalid',
    summary: "A CRD fails the API server's validation (versions, storage version, v1 structural schema).",
    description:
      'apiextensions.k8s.io/v1 CRDs need a schema for every version, unique version names and exactly one ' +
      'storage version; the cluster rejects the CRD otherwise.',
    message: 'spec.versions: Invalid value: …: must contain unique version names / …',
    upstream: API_CRD,
  },
  'bundle-size': {
    severity: 'error',
    title: 'Bundle too large',
    summary: 'The bundle compresses to more than 1 MiB.',
    description:
      'OLM unpacks a bundle into a ConfigMap, which etcd limits; a bundle over 1 MiB gzip-compressed fails ' +
      'to install. Shrink large CRD schemas or descriptions.',
    message:
      'maximum bundle compressed size with gzip size exceeded: size=~%s , max=%s. Bundle uncompressed size is %s',
    upstream: API_BUNDLE,
  },
  'bundle-plain-invalid': {
    severity: 'error',
    title: 'Invalid plain+v0 bundle',
    summary: 'A plain+v0 bundle has sub-directories in manifests/, or no object at all.',
    description: 'plain+v0 is a flat manifests/ folder with at least one Kubernetes object.',
    message:
      'subdirectories are not allowed within the "manifests" directory of the bundle image filesystem: found %q / ' +
      'invalid bundle: found zero objects: plain+v0 bundles are required to contain at least one object',
    upstream: RUKPAK_PLAIN,
  },
});

const OWN = defineRules('bundle-dir', 'fbc-studio', {
  'bundle-csv-name': {
    severity: 'warning',
    title: 'CSV name',
    summary: "The CSV's metadata.name does not end with its spec.version.",
    description:
      "The CSV name becomes the bundle name in the catalog and the target of other bundles' replaces. " +
      OURS,
    upstream: OLM_DOCS,
  },
  'bundle-upgrade-syntax': {
    severity: 'warning',
    title: 'replaces / skips / skipRange syntax',
    summary:
      'spec.replaces or spec.skips is not a bundle name, or the olm.skipRange annotation is not a semver range.',
    description:
      'OLM builds the upgrade graph from these; a range blang/semver rejects (for example ">=v1.0.0") makes ' +
      'the catalog fail to build. ' +
      OURS,
    upstream: OLM_DOCS,
  },
  'bundle-crd-schema': {
    severity: 'warning',
    title: 'CRD version without a schema',
    summary: 'An apiextensions.k8s.io/v1 CRD version has no openAPIV3Schema.',
    description:
      'The API server requires a structural schema for every version of a v1 CRD and rejects the CRD at ' +
      'install time. ' +
      OURS,
    upstream: API_CRD,
  },
  ...CRD_STRUCTURAL,
  'bundle-size-near': {
    severity: 'warning',
    title: 'Bundle close to the size limit',
    summary: 'The bundle compresses to more than 85% of 1 MiB.',
    description: 'operator-framework/api warns about this too. ' + OURS,
    upstream: API_BUNDLE,
  },
  'bundle-format': {
    severity: 'info',
    title: 'Bundle format',
    summary: 'Which format the directory is in, as OLM tells them apart.',
    description:
      'registry+v1 has manifests/ and metadata/ (the mediatype annotation says so); plain+v0 a flat ' +
      'manifests/ folder of objects without a CSV. Anything else is not a bundle.',
    upstream: OLM_DOCS,
  },
});

export const BUNDLE_DIR_RULES = {
  ...UPSTREAM,
  ...BUNDLE_API_RULES,
  ...BUNDLE_OPTIONAL_RULES,
  ...OWN,
  ...BUNDLE_API_OWN_RULES,
};
