/**
 * The Problems panel's rows and counts: the filters applied, errors first, then warnings, then
 * information, and a count for each severity so the head's numbers add up to the rows.
 * Plain functions (no React), so they are tested on their own.
 */
import type { DiagnosticView } from '../../core/service/views';
import type { ProblemsFilter } from '../state/store';

/** The panel's groups by source: opm, our own checks (any other source), each pipeline's pack. */
export type ProblemGroup = 'opm' | 'fbc-studio' | 'konflux' | 'community';

export function problemGroup(d: Pick<DiagnosticView, 'source'>): ProblemGroup {
  return d.source === 'opm' || d.source === 'konflux' || d.source === 'community' ? d.source : 'fbc-studio';
}

const SEVERITY_RANK: Record<DiagnosticView['severity'], number> = { error: 0, warning: 1, info: 2 };
/** Within a severity, the rows are grouped by source in this order (opm's verdict first). */
const GROUP_RANK: Record<ProblemGroup, number> = { opm: 0, 'fbc-studio': 1, konflux: 2, community: 3 };

/**
 * The rows the filters keep, errors first, then warnings, then information; within each, grouped by
 * source (opm, FBC Studio, Konflux, community), in the validator's order within a group.
 */
export function filterDiagnostics(all: readonly DiagnosticView[], f: ProblemsFilter): DiagnosticView[] {
  const kept = all.filter(
    (d) =>
      (f.severity === 'all' || d.severity === f.severity) &&
      (!f.package || d.package === f.package) &&
      (!f.group || problemGroup(d) === f.group),
  );
  return kept.sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      GROUP_RANK[problemGroup(a)] - GROUP_RANK[problemGroup(b)],
  );
}

/** How many problems of each severity: the panel's head says all three, so its rows add up. */
export function countBySeverity(all: readonly DiagnosticView[]): Record<DiagnosticView['severity'], number> {
  const n = { error: 0, warning: 0, info: 0 };
  for (const d of all) n[d.severity]++;
  return n;
}
