/**
 * A repository's catalog built for one OpenShift version (its path names it: `v4.17/catalog`) that
 * ships a bundle whose lifecycle declares compatibility with other OpenShift versions only.
 */
import type { CheckedCatalog } from '../api';
import type { Diagnostic } from '../diagnostics';
import { ocpOutsideCompatibility } from '../lifecycle/check';
import { locate } from '../load';
import type { DiscoveredCatalog } from './discover';

export function lifecycleOcpFindings(catalog: DiscoveredCatalog, checked: CheckedCatalog): Diagnostic[] {
  if (catalog.ocpVersion === null) return [];
  return ocpOutsideCompatibility(checked.load.dc, catalog.ocpVersion).map((m) => {
    const r = locate(checked.load.files, { origin: m.bundleOrigin, path: [] });
    const file = catalog.isFile
      ? catalog.path
      : catalog.path === '.' || catalog.path === ''
        ? r.file
        : `${catalog.path}/${r.file}`;
    return {
      severity: 'warning',
      source: 'fbc-studio',
      rule: 'lifecycle-ocp-outside',
      message: m.message,
      package: m.package,
      bundle: m.bundle,
      location: { ...r, file },
    };
  });
}
