/**
 * The checks for unusual input, one chunk loaded on demand (see hostile-registry.ts): hostile
 * files, and the near-miss test for blobs whose schema opm does not know.
 */
export { excessiveAliasAt, tooDeepAt } from './yaml-limits';
export { findInvalid } from './utf8-errors';
export { deepYamlEvents, parseDeepDocument } from './yaml-deep';
export { marshalDeep } from '../gojson/marshal-deep';
export { metaOfDeepValue } from './meta-deep';
export { closestKnownSchema } from '../validate/schema-typo';

// Lifecycle blobs are unknown schemas to opm: their checks load with this module (validate/warnings.ts).
export { lifecycleWarnings } from '../lifecycle/check';
