import { useMemo } from 'react';
import type { GraphEditing } from './graph-editing';
import { openMenu } from './open-menu';

/** The graph's editing handlers for one channel: menus on right-click, and drawn edges. */
export function useGraphEditing(pkg: string, channel: string): GraphEditing {
  return useMemo(
    () => ({
      onNodeMenu: (bundle, x, y) => openMenu({ kind: 'bundle', pkg, channel, bundle }, x, y),
      onEdgeMenu: (e, x, y) =>
        openMenu({ kind: 'edge', pkg, channel, edgeKind: e.kind, from: e.from, to: e.to }, x, y),
      onBackgroundMenu: (x, y) => openMenu({ kind: 'channel', pkg, channel }, x, y),
      onDrawEdge: (from, to, x, y) => openMenu({ kind: 'draw', pkg, channel, from, to }, x, y),
    }),
    [pkg, channel],
  );
}
