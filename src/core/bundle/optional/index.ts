/** Optional bundle validators (`--select-optional`), run after the default checks on a registry+v1 bundle. */
export {
  listOptional,
  OPTIONAL_VALIDATORS,
  selectOptional,
  SelectorErrorNoMatch,
  type OptionalValidator,
} from './suites';
export { SelectorError } from './selector';
export type { CustomCategories, IndexImageFile, OptionalContext } from './context';
