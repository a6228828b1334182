/**
 * Whether an opened folder is one of the formats FBC Studio reads beside OLM, decided from its
 * paths alone (before reading), so the worker's start-up code pays a few lines, not the readers:
 * a Crossplane package (crossplane.yaml or upbound.yaml outside hidden folders) or a Fleet bundle
 * (fleet.yaml or fleet.yml at the root, or bundle.yaml beside manifests/, overlays/, chart/ or kustomize/).
 */
export type BesideKind = 'crossplane' | 'fleet';

const hidden = (p: string) => p.split('/').some((s) => s.startsWith('.'));
const last = (p: string) => p.slice(p.lastIndexOf('/') + 1);

export function looksLikeCrossplane(paths: readonly string[]): boolean {
  return paths.some((p) => (last(p) === 'crossplane.yaml' || last(p) === 'upbound.yaml') && !hidden(p));
}

export function looksLikeFleet(paths: readonly string[]): boolean {
  if (paths.includes('fleet.yaml') || paths.includes('fleet.yml')) return true;
  return (
    paths.includes('bundle.yaml') && paths.some((p) => /^(manifests|overlays|chart|kustomize)\//.test(p))
  );
}

export function detectBeside(paths: readonly string[]): BesideKind | undefined {
  return looksLikeCrossplane(paths) ? 'crossplane' : looksLikeFleet(paths) ? 'fleet' : undefined;
}
