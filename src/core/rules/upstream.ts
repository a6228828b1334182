import type { RuleReference } from './types';

/**
 * Links into the upstream sources the rules port (operator-registry at the revision fbc-rules.md
 * read) and the documents our own checks cite, each declared once for every group that cites it.
 */
const OPM = 'https://github.com/operator-framework/operator-registry/blob/master/';

export const OPM_VALIDATE_CMD = `${OPM}cmd/opm/validate/validate.go`;
export const OPM_LOAD = `${OPM}alpha/declcfg/load.go`;
export const OPM_DECLCFG = `${OPM}alpha/declcfg/declcfg.go`;
export const OPM_CONVERT = `${OPM}alpha/declcfg/declcfg_to_model.go`;
export const OPM_MODEL = `${OPM}alpha/model/model.go`;
export const OPM_VERSION_RELEASE = `${OPM}alpha/model/versionrelease.go`;
export const K8S_YAML_DECODER =
  'https://github.com/kubernetes/apimachinery/blob/master/pkg/util/yaml/decoder.go';
export const SIGS_YAML = 'https://github.com/kubernetes-sigs/yaml/blob/master/yaml.go';
export const OPM_PULLS = 'https://github.com/operator-framework/operator-registry/pull/';

/** Where a stage B rule comes from: one pass of `declcfg.ConvertToModel`. */
export const convertToModel = (what: string) => ({
  text: `declcfg.ConvertToModel (${what})`,
  url: OPM_CONVERT,
});

// Stage C: the model nodes' Validate methods.
const modelValidate = (node: string) => ({
  text: `model.${node}.Validate in alpha/model/model.go`,
  url: OPM_MODEL,
});
export const PACKAGE_VALIDATE = modelValidate('Package');
export const CHANNEL_VALIDATE = modelValidate('Channel');
export const BUNDLE_VALIDATE = modelValidate('Bundle');

/** The description of a stage C check that a catalog read from files can never fail. */
export const NOT_FROM_FILES = 'Conversion from files cannot produce this; it is kept for parity with opm.';

// OLM's documentation (FBC Studio's own checks, `fbc-studio diff`).
export const OLM_UPDATE_GRAPH_DOC =
  'https://olm.operatorframework.io/docs/concepts/olm-architecture/operator-catalog/creating-an-update-graph/';
export const OLM_V0_UPDATE_GRAPH = {
  text: 'OLM docs: how OLM v0 walks replaces, skips and skipRange to the channel head',
  url: OLM_UPDATE_GRAPH_DOC,
};

/** Documents that several entries of one group cite, as `upstream`. */
export const CITED = {
  /** `fbc-studio diff`. */
  olmV1Upgrades: {
    text: 'operator-controller docs: how OLM v1 picks the upgrade of an installed ClusterExtension',
    url: 'https://github.com/operator-framework/operator-controller/blob/main/docs/concepts/upgrade-support.md',
  },
  /** Lifecycle blobs. */
  lifecycleSchema: {
    text: 'release-engineering/fbc-update-planner docs/FBC_SCHEMA.md (openshift/enhancements #1991)',
    url: 'https://github.com/release-engineering/fbc-update-planner/blob/main/docs/FBC_SCHEMA.md',
  },
  /** `fbc-studio mirror plan`: oc-mirror v2's filter. */
  ocMirrorStudy: {
    text: 'oc-mirror design study: the v2 filter selects bundles by semver, with no guarantee that OLM can upgrade through them',
    url: 'https://github.com/openshift/oc-mirror/blob/main/docs/dev-investigations/operator-filtering-investigation.md',
  },
  catalogFilter: {
    text: 'catalog-filter (used by oc-mirror v2): pkg/filter/mirror-config/v1alpha1/mirror-filter.go',
    url: 'https://github.com/sherine-k/catalog-filter/blob/main/pkg/filter/mirror-config/v1alpha1/mirror-filter.go',
  },
} satisfies Record<string, RuleReference>;

// The repository configuration: its JSON Schema; accepted findings as SARIF suppressions.
export const JSON_SCHEMA_DRAFT7 = 'https://json-schema.org/draft-07/json-schema-validation';
export const SARIF_2_1 = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html';

// Crossplane: crossplane-runtime's package parser and linters, the package manager's resolver.
const XPKG = 'https://github.com/crossplane/crossplane-runtime/blob/main/pkg/xpkg/';
export const XPKG_LINT = `${XPKG}lint.go`;
export const XPKG_BUILD = `${XPKG}build.go`;
export const XPKG_PARSER = `${XPKG}parser/parser.go`;
export const XPKG_SCHEME = `${XPKG}scheme.go`;
export const XP_RESOLVER =
  'https://github.com/crossplane/crossplane/blob/main/internal/controller/pkg/resolver/reconciler.go';
export const XP_PACKAGE_FORMAT =
  'https://github.com/crossplane/crossplane/blob/main/design/one-pager-package-format-v2.md';
export const XP_COMPOSITIONS = 'https://docs.crossplane.io/latest/composition/compositions/';

// Fleet: its bundle reader (fleet.yaml), the agent's overlay patches, the controller's cluster matching.
export const FLEET_BUNDLES_DOC = 'https://github.com/rancher/fleet/blob/master/docs/bundles.md';
export const FLEET_YAML_DOC = 'https://fleet.rancher.io/ref-fleet-yaml';
export const FLEET_TARGETS_DOC = 'https://fleet.rancher.io/gitrepo-targets';
export const FLEET_READER = 'https://github.com/rancher/fleet/blob/main/internal/bundlereader';
export const FLEET_VALIDATE = `${FLEET_READER}/validate_fleetyaml.go`;
export const FLEET_PATCH =
  'https://github.com/rancher/fleet/blob/main/internal/helmdeployer/render/patch/patch.go';
export const FLEET_MATCHER =
  'https://github.com/rancher/fleet/blob/main/internal/cmd/controller/target/matcher/clustermatcher.go';
