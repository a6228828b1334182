import { defineRules, type RuleReference } from './types';

const API = 'https://github.com/operator-framework/api/blob/master/pkg/validation/internal/';
const ref = (file: string, fn: string, suite: string): RuleReference => ({
  text: `operator-framework/api pkg/validation/internal/${file} (${fn}); optional: --select-optional name=${suite}`,
  url: `${API}${file}`,
});
const HUB = (fn: string) => ref('operatorhub.go', fn, 'operatorhub');
const GP = (fn: string) => ref('good_practices.go', fn, 'good-practices');
const REMOVED = (fn: string) => ref('removed_apis.go', fn, 'alpha-deprecated-apis');
const COMMUNITY = (fn: string) => ref('community.go', fn, 'community');

/**
 * The optional validators of `operator-sdk bundle validate --select-optional` (src/core/bundle/optional/):
 * run only when selected (`fbc-studio validate-bundle --select-optional name=operatorhub`).
 */
export const BUNDLE_OPTIONAL_RULES = defineRules('bundle-dir', 'operator-framework', {
  'bundle-hub-provider': {
    severity: 'error',
    title: 'OperatorHub: no provider',
    summary: 'spec.provider.name is empty.',
    description: 'OperatorHub shows who provides the operator. Set spec.provider.name.',
    message: 'csv.Spec.Provider.Name not specified',
    upstream: HUB('checkSpecProviderName'),
  },
  'bundle-hub-maintainers': {
    severity: 'error',
    title: 'OperatorHub: maintainers',
    summary: 'A maintainer lacks a name or email, or the email does not parse.',
    description: 'Each spec.maintainers entry needs a name and a valid email address.',
    message:
      'csv.Spec.Maintainers elements should contain both name and email / csv.Spec.Maintainers email %s is invalid: %v',
    upstream: HUB('checkSpecMaintainers'),
  },
  'bundle-hub-links': {
    severity: 'error',
    title: 'OperatorHub: links',
    summary: 'A link lacks a name or url, or the url is not an absolute URI.',
    description: 'Each spec.links entry needs a name and an absolute URL (https://…).',
    message:
      'csv.Spec.Links elements should contain both name and url / csv.Spec.Links url %s is invalid: %v',
    upstream: HUB('checkSpecLinks'),
  },
  'bundle-hub-capabilities': {
    severity: 'error',
    title: 'OperatorHub: capability level',
    summary: 'The capabilities annotation is not one of the five capability levels.',
    description: 'Use Basic Install, Seamless Upgrades, Full Lifecycle, Deep Insights or Auto Pilot.',
    message: 'csv.Metadata.Annotations.Capabilities %q is not a valid capabilities level',
    upstream: ref('standardcapabilities.go', 'checkCapabilities', 'operatorhub'),
  },
  'bundle-hub-categories': {
    severity: 'error',
    title: 'OperatorHub: category',
    summary: 'A category in the categories annotation is not a standard one.',
    description:
      'Use the standard OperatorHub categories (Database, Monitoring, Security, …), comma-separated.',
    message: 'csv.Metadata.Annotations["categories"] value %q is not in the set of standard categories',
    upstream: ref('standardcategories.go', 'checkCategories', 'operatorhub'),
  },
  'bundle-hub-version': {
    severity: 'error',
    title: 'OperatorHub: no version',
    summary: 'spec.version is unset (0.0.0).',
    description: 'Set the CSV version.',
    message: 'csv.Spec.Version must be set',
    upstream: HUB('checkSpecVersion'),
  },
  'bundle-hub-icon': {
    severity: 'error',
    title: 'OperatorHub: icon',
    summary:
      'spec.icon has more than one element, lacks data or mediatype, or has an unsupported media type.',
    description:
      'Give one icon with base64data and a mediatype of image/gif, image/jpeg, image/png or image/svg+xml.',
    message:
      'csv.Spec.Icon should only have one element / csv.Spec.Icon elements should contain both data and mediatype / csv.Spec.Icon %s does not have a valid mediatype',
    upstream: HUB('checkSpecIcon'),
  },
  'bundle-hub-icon-missing': {
    severity: 'warning',
    title: 'OperatorHub: no icon',
    summary: 'spec.icon is not set.',
    description: 'OperatorHub shows a default picture without it.',
    message: 'csv.Spec.Icon not specified',
    upstream: HUB('checkSpecIcon'),
  },
  'bundle-hub-min-kube-version': {
    severity: 'error',
    title: 'OperatorHub: minKubeVersion not semver',
    summary: 'spec.minKubeVersion does not parse as semver.',
    description: 'Write it as MAJOR.MINOR.PATCH.',
    message: 'csv.Spec.MinKubeVersion has an invalid value: %s',
    upstream: HUB('checkSpecMinKubeVersion'),
  },
  'bundle-hub-min-kube-version-missing': {
    severity: 'warning',
    title: 'OperatorHub: no minKubeVersion',
    summary: 'spec.minKubeVersion is not set.',
    description: 'Set the oldest Kubernetes version the operator supports.',
    message: 'csv.Spec.minKubeVersion is not informed. …',
    upstream: HUB('checkSpecMinKubeVersion'),
  },
  'bundle-hub-deprecated': {
    severity: 'warning',
    title: 'The operatorhub validator is deprecated',
    summary: 'Upstream says so every time the operatorhub validator runs.',
    description:
      'operator-framework/api keeps it for operator-sdk and recommends operatorhub/v2 with the capabilities and categories checks.',
    message:
      'The "operatorhub" validator is deprecated; for equivalent validation use "operatorhub/v2", "standardcapabilities" and "standardcategories" validators',
    upstream: HUB('validateOperatorHubDeprecated'),
  },
  'bundle-removed-api': {
    severity: 'error',
    title: 'API removed in the target Kubernetes',
    summary:
      'The bundle uses an API that Kubernetes 1.22, 1.25 or 1.26 removed, and k8s-version or minKubeVersion is at or past that release.',
    description: 'Migrate the listed objects to the current API version.',
    message:
      'this bundle is using APIs which were deprecated and removed in v%v.%v. More info: … Migrate the API(s) for %s',
    upstream: REMOVED('checkRemovedAPIsForVersion'),
  },
  'bundle-removed-api-warning': {
    severity: 'warning',
    title: 'API removed in a later Kubernetes',
    summary: 'The bundle uses an API that Kubernetes 1.22, 1.25 or 1.26 removed.',
    description: 'The bundle will not install on that release or later. Migrate the listed objects.',
    message:
      'this bundle is using APIs which were deprecated and removed in v%v.%v. More info: … Migrate the API(s) for %s',
    upstream: REMOVED('checkRemovedAPIsForVersion'),
  },
  'bundle-removed-api-version': {
    severity: 'error',
    title: 'Kubernetes version to check unreadable',
    summary: 'The k8s-version optional value or minKubeVersion does not parse.',
    description: 'Give k8s-version as a version (1.25, 1.25.0).',
    message:
      'invalid value informed via the k8s key option : %s / unable to use csv.Spec.MinKubeVersion to verify the CRD/Webhook apis because it has an invalid value: %s',
    upstream: REMOVED('validateDeprecatedAPIS'),
  },
  'bundle-gp-deployment': {
    severity: 'error',
    title: 'Good practices: no deployment',
    summary: 'The install strategy has no deployments.',
    description: 'A CSV installs its operator through spec.install.spec.deployments.',
    message: 'unable to find a deployment to install in the CSV',
    upstream: GP('validateResourceRequests'),
  },
  'bundle-gp-resource-requests': {
    severity: 'warning',
    title: 'Good practices: no resource requests',
    summary: 'A container of a deployment sets no resources.requests.',
    description: 'Set CPU and memory requests; some clusters reject pods without them.',
    message: 'unable to find the resource requests for the container: (%s). It is recommended …',
    upstream: GP('validateResourceRequests'),
  },
  'bundle-gp-crd-description': {
    severity: 'warning',
    title: 'Good practices: CRD without description',
    summary: 'An owned or required CRD of the CSV has an empty description.',
    description: 'The console shows it; describe each API.',
    message: '%s CRD %q has an empty description',
    upstream: GP('validateCrdDescriptions'),
  },
  'bundle-gp-channel-naming': {
    severity: 'warning',
    title: 'Good practices: channel names',
    summary: 'A channel is not named candidate…, stable… or fast….',
    description: 'OLM recommends the candidate / fast / stable channel naming.',
    message: 'channel(s) %+q are not following the recommended naming convention: …',
    upstream: GP('validateHubChannels'),
  },
  'bundle-gp-rbac-crd': {
    severity: 'warning',
    title: 'Good practices: the operator may create CRDs',
    summary: 'The CSV grants create or patch on customresourcedefinitions.',
    description: 'OLM manages CRDs; an operator that creates them is managing other operators.',
    message: 'CSV contains permissions to create CRD. …',
    upstream: GP('validateRBACForCRDsWith'),
  },
  'bundle-gp-csv-name': {
    severity: 'warning',
    title: 'Good practices: CSV name',
    summary: 'The CSV name does not end in a semver, or is not <operator-name>.v<semver>.',
    description: 'Name the CSV <operator-name>.v<version>, e.g. memcached-operator.v0.0.1.',
    message:
      'csv.metadata.Name %v is not following the versioning convention … / … the recommended naming convention …',
    upstream: GP('checkBundleName'),
  },
  'bundle-community-max-ocp': {
    severity: 'error',
    title: 'Community: removed APIs without olm.maxOpenShiftVersion',
    summary:
      'The bundle uses APIs Kubernetes 1.22 removed but olm.properties does not cap OpenShift below 4.9 with olm.maxOpenShiftVersion.',
    description:
      'Migrate the APIs, or add olm.maxOpenShiftVersion (e.g. "4.8") to the olm.properties annotation.',
    message: 'csv.Annotations not specified olm.maxOpenShiftVersion for an OCP version < 4.9. … / …',
    upstream: COMMUNITY('checkMaxOpenShiftVersion'),
  },
  'bundle-community-index-label': {
    severity: 'error',
    title: 'Community: index image label',
    summary:
      'The bundle uses APIs Kubernetes 1.22 removed and the index Dockerfile (index-path) does not cap com.redhat.openshift.versions below 4.9.',
    description:
      "Label the bundle image com.redhat.openshift.versions with a range ending before 4.9 (e.g. 'v4.6-v4.8'), or migrate the APIs.",
    message:
      "this bundle is using APIs which were deprecated and removed in v1.22. … (e.g. LABEL com.redhat.openshift.versions='4.6-4.8') / …",
    upstream: COMMUNITY('validateImageFile'),
  },
  'bundle-community-warning': {
    severity: 'warning',
    title: 'Community: removed APIs',
    summary:
      'The community validator asks for the index image path, or olm.maxOpenShiftVersion is not major.minor.',
    description:
      'Give --optional-values index-path=… to have the index labels checked upstream, or migrate the APIs.',
    message:
      'please, inform the path of its index image file via the the optional key values and the key index-path … / …',
    upstream: COMMUNITY('checkOCPLabelsWithHasDeprecatedAPIs'),
  },
});
