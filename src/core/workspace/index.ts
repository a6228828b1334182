/** Repositories, not folders: discovery of catalogs, templates and configuration, and their checks. */
export type * from './types';
export { discoverWorkspace, type Discovery, type DiscoveredCatalog, type FileLoader } from './discover';
export { checkDiscoveredCatalog, loadDiscoveredCatalog } from './validate';
export { subSource, fileSubSource } from './sub-source';
export { ocpVersionOf, compareOcpVersions } from './ocp-version';
export {
  checkWorkspace,
  loadRepositoryJudging,
  repoRelative,
  type CheckedWorkspace,
  type CheckedWorkspaceCatalog,
} from './check';
export { skewFindings } from './skew';
