import type { EdgeKind } from '../graph/types';
import { windowKey, type VersionWindow } from './store';

export interface FilterSpec {
  edgeKinds: Record<EdgeKind, boolean>;
  windows: Record<string, VersionWindow>;
}

/** Does any filter change this package's graphs? Cheap, so the filtering code loads only when one does. */
export function filtersActive(spec: FilterSpec, pkg: string): boolean {
  if (!spec.edgeKinds.replaces || !spec.edgeKinds.skips || !spec.edgeKinds.skipRange) return true;
  const prefix = windowKey(pkg, '');
  return Object.keys(spec.windows).some((k) => k.startsWith(prefix));
}
