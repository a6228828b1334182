import { useMemo } from 'react';
import type { EdgeKind, PackageGraphInput } from '../graph/types';
import { windowReport } from './apply';
import type { VersionWindow } from './store';

const KINDS: EdgeKind[] = ['replaces', 'skips', 'skipRange'];

/**
 * While filters apply: how many entries they hide, which edge kinds are hidden, and the channels
 * that lose every path forward (no shown bundle reaches the head any more).
 */
export default function FilterStatus({
  pkg,
  graph,
  edgeKinds,
  windows,
}: {
  pkg: string;
  /** The whole package's graph (every channel), once loaded. */
  graph?: PackageGraphInput;
  edgeKinds: Record<EdgeKind, boolean>;
  windows: Record<string, VersionWindow>;
}) {
  const reports = useMemo(
    () => (graph ? windowReport(graph, { edgeKinds, windows }, pkg) : []),
    [graph, edgeKinds, windows, pkg],
  );
  const lost = reports.filter((r) => r.lostAll);
  const hidden = reports.reduce((n, r) => n + r.hidden, 0);
  return (
    <p className={`viewbar-flags${lost.length ? ' warn' : ''}`} role="status" data-testid="filter-status">
      {hidden > 0 && `${hidden} entr${hidden === 1 ? 'y' : 'ies'} hidden by the version window. `}
      {!KINDS.every((k) => edgeKinds[k]) &&
        `Hidden edges: ${KINDS.filter((k) => !edgeKinds[k]).join(', ')}. `}
      {lost.map((r) => (
        <span key={r.channel} className="viewbar-lost">
          ⚠ Channel <strong>{r.channel}</strong> loses every path forward ({r.why}).{' '}
        </span>
      ))}
    </p>
  );
}
