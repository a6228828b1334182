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
  generateClusterExtension,
  CATALOG_DIR_ANNOTATION,
  type ClusterCatalogSpec,
  type ClusterExtensionSpec,
} from './manifests';
export { parseVersionRange } from './version-range';
export { bundleVersionRelease, parseLegacyVersionRelease } from './bundle-version';
export type { Condition } from './conditions';
export { bundleEligibility, type Eligibility } from './eligibility';
