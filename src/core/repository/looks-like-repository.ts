import { REPO_CONFIG_FILE } from '../repo-config/types';
import { ocpVersionOf } from '../workspace/ocp-version';

/**
 * Whether a folder's file list looks like a catalog repository (one catalog per OpenShift version)
 * rather than one catalog, decided from paths alone, before anything is read: catalog files in
 * folders naming two or more OpenShift versions (`v4.18/catalog/…`, `catalog/v4.19/…`,
 * `catalog-4-16/…`). A single catalog folder never pays for discovery this way, so opening it
 * stays exactly what it was; a repository is then discovered properly (src/core/workspace).
 */
export function looksLikeRepository(paths: readonly string[]): boolean {
  // A repository configuration says so itself (it may pin versions its folders do not name).
  if (paths.includes(REPO_CONFIG_FILE)) return true;
  const versions = new Set<string>();
  for (const p of paths) {
    if (!/\.(ya?ml|json)$/.test(p)) continue;
    const slash = p.lastIndexOf('/');
    if (slash < 0) continue;
    const v = ocpVersionOf(p.slice(0, slash));
    if (v) versions.add(v);
    if (versions.size >= 2) return true;
  }
  return false;
}
