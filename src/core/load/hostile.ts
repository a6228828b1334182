/** The hostile-input checks, one chunk loaded on demand (see hostile-registry.ts). */
export { excessiveAliasAt, tooDeepAt } from './yaml-limits';
export { findInvalid } from './utf8-errors';
