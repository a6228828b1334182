import { defineRules, type RuleReference } from './types';

const API = 'https://github.com/operator-framework/api/blob/master/pkg/';
const ref = (file: string, fn: string): RuleReference => ({
  text: `operator-framework/api pkg/${file} (${fn})`,
  url: `${API}${file}`,
});
const CSV_GO = (fn: string) => ref('validation/internal/csv.go', fn);
const BUNDLE_GO = (fn: string) => ref('validation/internal/bundle.go', fn);
const OBJECT_GO = (fn: string) => ref('validation/internal/object.go', fn);

/**
 * The checks of operator-framework/api's default bundle validators (CSV, CRD, Bundle) and its
 * ObjectValidator beyond those in bundle-dir.ts, as `operator-sdk bundle validate` runs them on a
 * bundle directory (src/core/bundle/check-csv.ts, check-bundle-validator.ts, check-objects.ts).
 */
export const BUNDLE_API_RULES = defineRules('bundle-dir', 'operator-framework', {
  'bundle-csv-name-format': {
    severity: 'error',
    title: 'CSV name is not a Kubernetes name',
    summary: "The CSV's metadata.name (or spec.replaces) is not a DNS-1123 subdomain and a label value.",
    description:
      'OLM uses the CSV name as a label value, so it must be at most 63 bytes of lower-case letters, digits, ' +
      "'-' and '.', starting and ending with a letter or digit. Shorten or rename it.",
    message: '(%s) metadata.name %q is invalid: %s / (%s) spec.replaces %q is invalid: %s',
    upstream: CSV_GO('parseCSVNameFormat'),
  },
  'bundle-csv-examples-invalid': {
    severity: 'error',
    title: 'alm-examples is not valid JSON',
    summary: 'The alm-examples (or olm.examples) annotation does not parse as a JSON list of objects.',
    description:
      'The console offers these examples when a user creates a resource. The message shows the annotation up to ' +
      'the first invalid character.',
    message:
      "invalid example / error decoding example CustomResource / couldn't parse plural.group from crd name: %s",
    upstream: CSV_GO('validateExamplesAnnotations'),
  },
  'bundle-csv-example-not-provided': {
    severity: 'error',
    title: 'Example of an API the CSV does not own',
    summary: 'alm-examples holds an object whose group/version/kind is not an owned CRD or API service.',
    description: 'Fix the apiVersion or kind of the example, or own the API in the CSV.',
    message: 'example must have a provided API',
    upstream: CSV_GO('matchGVKProvidedAPIs'),
  },
  'bundle-csv-examples-missing': {
    severity: 'warning',
    title: 'No example annotations',
    summary: 'The CSV has no annotations, no alm-examples / olm.examples, or both.',
    description: 'Without alm-examples the console cannot offer a ready-made resource to create.',
    message:
      'annotations not found / example annotations not found / both `alm-examples` and `olm.examples` are present. Checking only `alm-examples`',
    upstream: CSV_GO('validateExamplesAnnotations'),
  },
  'bundle-csv-api-without-example': {
    severity: 'warning',
    title: 'Provided API without an example',
    summary: 'An owned CRD or API service has no object in alm-examples.',
    description: 'Add an example object of that group/version/kind to alm-examples.',
    message: 'provided API should have an example annotation',
    upstream: CSV_GO('matchGVKProvidedAPIs'),
  },
  'bundle-install-modes-conversion': {
    severity: 'error',
    title: 'Conversion webhook without AllNamespaces only',
    summary:
      'A webhook definition lists conversionCRDs while an install mode other than AllNamespaces is supported.',
    description:
      'A conversion webhook serves the whole cluster, so OLM installs such an operator in AllNamespaces mode only. ' +
      'Support AllNamespaces and nothing else.',
    message: '(%s) only AllNamespaces InstallModeType is supported when conversionCRDs is present',
    upstream: CSV_GO('validateInstallModes'),
  },
  'bundle-csv-min-kube-version': {
    severity: 'error',
    title: 'minKubeVersion is not semver',
    summary: "The CSV's spec.minKubeVersion does not parse as a semantic version.",
    description: 'Write it as MAJOR.MINOR.PATCH, for example 1.21.0 (not 1.21).',
    message: '(%s) csv.Spec.MinKubeVersion has an invalid value: %s',
    upstream: CSV_GO('validateMinKubeVersion'),
  },
  'bundle-csv-min-kube-version-missing': {
    severity: 'warning',
    title: 'No minKubeVersion',
    summary: 'The CSV does not set spec.minKubeVersion.',
    description:
      'Without it OLM offers the operator on every cluster version. Set the oldest Kubernetes it supports.',
    message:
      '(%s) csv.Spec.minKubeVersion is not informed. It is recommended you provide this information. …',
    upstream: CSV_GO('validateMinKubeVersion'),
  },
  'bundle-csv-field-missing': {
    severity: 'error',
    title: 'Required CSV field missing',
    summary:
      'A field of the CSV type that is not optional is empty (spec, install strategy, displayName, deployments).',
    description:
      'operator-framework/api reports each non-omitempty field of the CSV type left empty. Fill it in.',
    message: 'required field missing',
    upstream: ref('validation/internal/typecheck.go', 'checkEmptyFields'),
  },
  'bundle-csv-olm-properties': {
    severity: 'warning',
    title: 'olm.properties annotation',
    summary: 'The CSV declares properties in the olm.properties annotation.',
    description: 'Write the properties in metadata/properties.yaml of the bundle instead.',
    message:
      'found olm.properties annotation, please define these properties in metadata/properties.yaml instead',
    upstream: ref('validation/internal/annotations.go', 'ValidateAnnotationNames'),
  },
  'bundle-csv-version-kind': {
    severity: 'error',
    title: 'CSV apiVersion missing',
    summary: 'The CSV has no apiVersion.',
    description: 'Write apiVersion: operators.coreos.com/v1alpha1.',
    message: "(%s) 'apiVersion' is missing / (%s) 'kind' is missing",
    upstream: CSV_GO('validateVersionKind'),
  },
  'bundle-service-account': {
    severity: 'error',
    title: 'ServiceAccount also named by the CSV',
    summary: "A ServiceAccount manifest has the name of a deployment's serviceAccountName.",
    description: 'OLM creates the service accounts the CSV names; remove the manifest or rename one of them.',
    message:
      'invalid service account found in bundle. This service account %s in your bundle is not valid, …',
    upstream: BUNDLE_GO('validateServiceAccounts'),
  },
  'bundle-release-name': {
    severity: 'error',
    title: 'Bundle name does not match its release',
    summary: 'A CSV with spec.release is not named <package>-v<version>-<release>.',
    description:
      'With release versioning the bundle name is derived from package, version and release. Rename the CSV.',
    message: 'bundle name with release versioning %q does not match expected name %q',
    upstream: BUNDLE_GO('validateBundleName'),
  },
  'bundle-related-image': {
    severity: 'error',
    title: 'Invalid related image',
    summary: 'A spec.relatedImages entry has no image or an image reference that does not parse.',
    description:
      'Mirroring tools pull these images; write each as a full pull spec (lower-case, tag or digest).',
    message:
      'relatedImages[%d] has an empty image field / relatedImages[%d] has an invalid image pullspec %q: %v',
    upstream: BUNDLE_GO('validateRelatedImages'),
  },
  'bundle-manifests-layout': {
    severity: 'error',
    title: 'Sub-directory or hidden file in manifests/',
    summary: "The CSV's folder holds a directory or a file whose name starts with a dot.",
    description: "A bundle's manifests/ is flat and every file in it is an object. Move or delete the entry.",
    message: 'bundle manifests dir contains directory: %s / bundle manifests dir has hidden file: %s',
    upstream: ref('manifests/bundleloader.go', 'loadBundle'),
  },
  'bundle-multiple-csv': {
    severity: 'error',
    title: 'More than one CSV',
    summary: 'manifests/ holds two ClusterServiceVersions.',
    description:
      'A bundle is one CSV. opm would silently keep the first; operator-framework refuses the bundle.',
    message: 'invalid bundle: contains multiple CSVs',
    upstream: ref('manifests/bundleloader.go', 'loadBundle'),
  },
  'bundle-object-pdb': {
    severity: 'error',
    title: 'PodDisruptionBudget blocks drains',
    summary:
      'A PodDisruptionBudget sets maxUnavailable to 0 (or a string, which upstream reads as 0) or minAvailable to 100%.',
    description: 'Such a budget would block node drains and cluster upgrades. Allow at least one disruption.',
    message: 'maxUnavailable field cannot be set to 0 or 0% / minAvailable field cannot be set to 100%',
    upstream: OBJECT_GO('validatePDB'),
  },
  'bundle-object-priority-class': {
    severity: 'error',
    title: 'PriorityClass as the global default',
    summary: 'A PriorityClass sets globalDefault: true.',
    description: "A bundle must not change every pod's priority on the cluster. Set globalDefault to false.",
    message: 'globalDefault field cannot be set to true',
    upstream: OBJECT_GO('validatePriorityClass'),
  },
  'bundle-object-rbac-pdb': {
    severity: 'warning',
    title: 'RBAC may create PodDisruptionBudgets',
    summary: 'A Role or ClusterRole grants create/update/patch on poddisruptionbudgets.',
    description: 'An operator that writes PDBs can block drains and upgrades; make sure it needs to.',
    message:
      'RBAC includes permission to create/update poddisruptionbudgets, which could impact cluster stability',
    upstream: OBJECT_GO('audit'),
  },
  'bundle-object-rbac-scc': {
    severity: 'error',
    title: "RBAC modifies OpenShift's default SCCs",
    summary:
      'A Role or ClusterRole may delete, update or patch one of the default SecurityContextConstraints.',
    description:
      'Changing the default SCCs affects every workload on the cluster. Create your own SCC instead.',
    message:
      'RBAC includes permission to modify default securitycontextconstraints, which could impact cluster stability',
    upstream: OBJECT_GO('audit'),
  },
});

/** Our CSV warning beside them. */
export const BUNDLE_API_OWN_RULES = defineRules('bundle-dir', 'fbc-studio', {
  'bundle-install-mode-type': {
    severity: 'warning',
    title: 'Unknown or repeated install mode',
    summary: 'An install mode type OLM does not know, or one type listed twice with different values.',
    description:
      'OLM knows OwnNamespace, SingleNamespace, MultiNamespace and AllNamespaces and ignores any other; ' +
      'operator-framework does not look (its duplicate check never fires). FBC Studio warns.',
    upstream: CSV_GO('validateInstallModes'),
  },
  'bundle-crd-v1beta1-field': {
    severity: 'warning',
    title: 'v1beta1 field in a v1 CRD',
    summary:
      'An apiextensions.k8s.io/v1 CRD sets spec.version, spec.validation, spec.subresources or spec.additionalPrinterColumns.',
    description:
      'These are v1beta1 fields; v1 has them per version under spec.versions. operator-framework decodes the CRD ' +
      'without them and OLM applies it without them, so the schema, status subresource or columns are lost. ' +
      'FBC Studio warns.',
    upstream: {
      text: 'Kubernetes apiextensions.k8s.io/v1 CustomResourceDefinitionSpec (no top-level version, validation, subresources, additionalPrinterColumns)',
      url: 'https://kubernetes.io/docs/reference/kubernetes-api/extend-resources/custom-resource-definition-v1/',
    },
  },
});
