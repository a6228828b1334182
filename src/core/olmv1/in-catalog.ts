/**
 * A ClusterExtension pasted in the app, resolved against the open catalog (as one ClusterCatalog
 * named "catalog"). The bundle panel's answers are in bundle-in-catalog.ts (no YAML reader there).
 */
import type { DeclarativeConfig } from '../declcfg/types';
import { packageVersionText } from './bundle-version';
import { catalogForDir, readClusterExtension } from './manifests';
import { resolveClusterExtension, type InstalledBundle, type Preview } from './resolve';

/** The name the open catalog has in a preview (the selector's `metadata.name` label matches it). */
export const OPEN_CATALOG_NAME = 'catalog';

export function previewInCatalog(dc: DeclarativeConfig, yaml: string, installed: string | null): Preview {
  const ext = readClusterExtension(yaml);
  if ('error' in ext) return { resolved: null, error: ext.error, candidates: [], conditions: [] };
  let bundle: InstalledBundle | undefined;
  if (installed) {
    const own = dc.bundles.filter((b) => b.package === ext.packageName);
    const byName = own.find((b) => b.name === installed);
    const byVersion = own.find((b) => packageVersionText(b) === installed);
    const found = byName ?? byVersion;
    if (!found)
      return {
        resolved: null,
        error: `installed ${JSON.stringify(installed)} is neither a bundle nor a version of package ${JSON.stringify(ext.packageName)} in this catalog`,
        candidates: [],
        conditions: [],
      };
    bundle = { name: found.name, version: byName ? (packageVersionText(found) ?? '') : installed };
  }
  return resolveClusterExtension(ext, [{ catalog: catalogForDir(OPEN_CATALOG_NAME), dc }], bundle);
}
