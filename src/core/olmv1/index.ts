/** OLM v1 (operator-controller): ClusterExtension resolution, its conditions, and install eligibility. */
export {
  resolveClusterExtension,
  dependencyError,
  type Candidate,
  type CatalogInput,
  type InstalledBundle,
  type Preview,
} from './resolve';
export {
  readClusterExtension,
  readClusterCatalogs,
  catalogForDir,
  CATALOG_DIR_ANNOTATION,
  type ClusterCatalogSpec,
  type ClusterExtensionSpec,
} from './manifests';
export { parseVersionRange } from './version-range';
export { bundleVersionRelease, parseLegacyVersionRelease } from './bundle-version';
export type { Condition } from './conditions';
export { bundleEligibility, type Eligibility } from './eligibility';
export { previewInCatalog, OPEN_CATALOG_NAME } from './in-catalog';
export { bundleOlmV1, type BundleOlmV1 } from './bundle-in-catalog';
export { generateClusterExtension } from './generate';
