import { useMemo } from 'react';
import type { DiagnosticView } from '../../core/service/views';
import { filterProblems, useApp, type ProblemsFilter } from '../state/store';
import { problemGroup, type ProblemGroup } from './problems-order';

const GROUPS: { value: ProblemGroup; label: string }[] = [
  { value: 'opm', label: 'opm' },
  { value: 'fbc-studio', label: 'FBC Studio' },
  { value: 'konflux', label: 'Konflux' },
  { value: 'community', label: 'Community pipeline' },
];

/**
 * The Problems panel's filter by source — opm, FBC Studio, and the repository's pipeline pack
 * (Konflux, community) — each with its count; the rows are grouped by source within each severity
 * (problems-order.ts). Loaded lazily by ProblemsPanel, only when a pack's findings are listed, so a
 * catalog without one pays nothing for it.
 */
export default function ProblemSources({ all }: { all: readonly DiagnosticView[] }) {
  const group = useApp((s) => s.problemsFilter.group ?? '');
  const counts = useMemo(() => {
    const n = new Map<ProblemGroup, number>();
    for (const d of all) n.set(problemGroup(d), (n.get(problemGroup(d)) ?? 0) + 1);
    return n;
  }, [all]);
  return (
    <label className="small">
      Source{' '}
      <select
        value={group}
        onChange={(e) => filterProblems({ group: e.target.value as NonNullable<ProblemsFilter['group']> })}
      >
        <option value="">All sources</option>
        {GROUPS.filter((g) => counts.has(g.value) || g.value === group).map((g) => (
          <option key={g.value} value={g.value}>
            {g.label} ({counts.get(g.value) ?? 0})
          </option>
        ))}
      </select>
    </label>
  );
}
