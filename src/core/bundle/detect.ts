/**
 * Which format a directory is in, told apart as OLM's tools do:
 * - opm (alpha/action/render.go isBundle) calls a directory a bundle when it has both manifests/
 *   and metadata/; its annotations' mediatype then says registry+v1 (or plain+v0);
 * - rukpak / operator-controller's plain+v0 is a manifests/ folder of plain objects, no CSV;
 * - anything else is not a bundle, and we say what it looks like instead.
 */
import type { BundleDir } from './read-bundle';
import { objectsOfKind } from './read-bundle';

export const MEDIATYPE_LABEL = 'operators.operatorframework.io.bundle.mediatype.v1';

export type BundleFormat = 'registry+v1' | 'plain+v0' | 'not-a-bundle';

export interface BundleDetection {
  format: BundleFormat;
  /** One sentence for the user: why this format (or what the directory is instead). */
  reason: string;
}

export function detectBundleFormat(dir: BundleDir): BundleDetection {
  const mediatype = dir.annotations?.[MEDIATYPE_LABEL];
  const csvs = objectsOfKind(dir, 'ClusterServiceVersion').length;
  if (dir.hasManifestsDir && dir.hasMetadataDir) {
    if (mediatype === 'plain+v0') {
      return { format: 'plain+v0', reason: 'manifests/ and metadata/, mediatype annotation plain+v0' };
    }
    return {
      format: 'registry+v1',
      reason:
        mediatype === 'registry+v1'
          ? 'manifests/ and metadata/, mediatype annotation registry+v1'
          : `manifests/ and metadata/ (what opm renders as a bundle); mediatype annotation ${mediatype === undefined ? 'missing' : JSON.stringify(mediatype)}`,
    };
  }
  if (dir.hasManifestsDir) {
    if (csvs > 0) {
      return {
        format: 'registry+v1',
        reason:
          'manifests/ with a ClusterServiceVersion but no metadata/: a registry+v1 bundle missing its metadata',
      };
    }
    return {
      format: 'plain+v0',
      reason: 'a manifests/ folder of plain Kubernetes objects, no CSV, no metadata/',
    };
  }
  const top = dir.files.filter((p) => !p.includes('/'));
  const nested = dir.files.filter((p) => p.includes('/'));
  if (
    nested.some((p) => /\.clusterserviceversion\.ya?ml$/.test(p)) ||
    top.some((p) => /package\.ya?ml$/.test(p))
  ) {
    return {
      format: 'not-a-bundle',
      reason:
        'not a bundle: no manifests/ or metadata/ — this looks like the older packagemanifest format ' +
        '(version folders holding CSVs); convert it with operator-sdk pkgman-to-bundle',
    };
  }
  if (top.some((p) => /\.(ya?ml|json)$/.test(p)) && dir.files.some((p) => /catalog|index/.test(p))) {
    return {
      format: 'not-a-bundle',
      reason:
        'not a bundle: no manifests/ or metadata/ — this looks like a file-based catalog; open it as a catalog',
    };
  }
  return { format: 'not-a-bundle', reason: 'not a bundle: no manifests/ directory (and no metadata/)' };
}
