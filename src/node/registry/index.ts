export { parseReference, ReferenceError, type ImageReference } from './reference';
export { pullImage, CONFIGS_LABEL, BUNDLE_MANIFESTS_LABEL, type PulledImage, type PullOptions } from './pull';
export { configMirrorRules, pullOptions, readMirrorFile, type RegistryFlags } from './options';
export { RegistryHttpError } from './http';
export { MirrorConfigError } from './mirrors';
