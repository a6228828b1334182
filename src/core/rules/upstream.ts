/** Links into the upstream sources the rules port (operator-registry at the revision fbc-rules.md read). */
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
