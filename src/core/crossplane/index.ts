/** Crossplane packages beside OLM: open a folder of packages, check them, draw their dependencies. */
export { openCrossplaneFolder, looksLikeCrossplane } from './open-folder';
export { crossplaneGraph, type CrossplaneGraph, type GraphNode, type GraphEdge } from './deps-graph';
export { crossplaneMermaid } from './mermaid';
export type { CrossplaneFolder, CrossplanePackage, Dependency, PackageKind } from './types';
