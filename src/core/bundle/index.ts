/**
 * Bundle directories (registry+v1, plain+v0): read, tell the format, check, render to the olm.bundle
 * blob `opm render` makes of the built image. Plain TypeScript, no DOM: worker, CLI and tests.
 */
export { readBundleDir, bundleCsv, type BundleDir, type BundleManifest } from './read-bundle';
export { detectBundleFormat, type BundleDetection, type BundleFormat } from './detect';
export { checkBundle, compressedBundleSize, type BundleReport, type CheckOptions } from './checks';
export {
  listOptional,
  selectOptional,
  SelectorError,
  SelectorErrorNoMatch,
  type CustomCategories,
  type IndexImageFile,
} from './optional';
export { formatBundleFinding, type BundleFinding } from './finding';
export {
  renderBundle,
  renderBundleJson,
  renderBundleYaml,
  BundleRenderError,
  type MigrateLevel,
  type RenderedBundle,
} from './render';
export { bundleFacts, type BundleFacts } from './bundle-facts';
export { proposeEntries, type BundleProposal, type ProposedEntry } from './propose-entries';
export {
  bundleDependencies,
  formatDependencies,
  packageDependencies,
  ProviderIndex,
  type BundleDependencies,
  type DependencyProvider,
  type Requirement,
} from './dependencies';
