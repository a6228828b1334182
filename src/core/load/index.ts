/** The catalog loader: opm's Stage A (`declcfg.LoadFS`). */
export type {
  FileLoad,
  LoadedFile,
  LoadError,
  LoadOptions,
  LoadProgress,
  LoadResult,
  LoadRule,
} from './types';
export { loadFile } from './load-file';
export { loadCatalog } from './load-catalog';
export { mergeFileLoads } from './merge-loads';
export { selectFiles } from './walk';
export { compareWalkOrder, selectFilesWithoutIgnores } from './walk-order';
export { locate } from './locate';
export { checkBundleObjects, decodeBundleObjects, findCsv } from './bundle-objects-api';
export { blobText } from './meta';
export * as goTypes from './gotypes';
