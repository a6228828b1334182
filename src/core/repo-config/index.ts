export * from './types';
export { CONFIG_KEYS, parseRepoConfig } from './parse';
export { applyPins, pinsFor } from './pins';
export { acceptanceOf, acceptingEntry, catalogOfFile } from './accept';
export { mirroredImages } from './mirrors';
export { globMatches } from './glob';
