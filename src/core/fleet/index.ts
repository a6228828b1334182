/** Fleet bundles beside OLM: open a bundle directory, check it, match it to clusters, render its Bundle. */
export { openFleetBundle, looksLikeFleet, DESCRIPTOR_FILES } from './open-bundle';
export { readTargetsFile, type TargetsFile } from './open-fleet-yaml';
export { readClusters, CLUSTERS_FILE } from './clusters';
export {
  targetMatrix,
  matrixSummary,
  diffClusters,
  applyTarget,
  type ClusterRow,
  type TargetMatrix,
  type FileDiff,
} from './targeting';
export { renderBundle, renderBundleYaml } from './render';
export type { FleetBundle, ClusterSet, Target, Overlay, BundleResource } from './types';
