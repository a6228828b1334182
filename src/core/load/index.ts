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
export { loadCatalog, mergeFileLoads } from './load-catalog';
export { selectFiles, compareWalkOrder, loadIndexIgnore } from './walk';
export { locate } from './locate';
export { checkBundleObjects, decodeBundleObjects, findCsv } from './bundle-objects-api';
export { blobText } from './meta';
export * as goTypes from './gotypes';
