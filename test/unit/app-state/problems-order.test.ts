import { describe, expect, it } from 'vitest';
import type { DiagnosticView } from '../../../src/core/service/views';
import { countBySeverity, filterDiagnostics } from '../../../src/app/components/problems-order';

let next = 0;
function problem(severity: DiagnosticView['severity'], pkg = 'p'): DiagnosticView {
  return {
    id: next++,
    severity,
    source: severity === 'error' ? 'opm' : 'fbc-studio',
    rule: severity === 'error' ? 'stranded-bundles' : 'skips-only',
    message: `${severity} ${next}`,
    package: pkg,
  } as DiagnosticView;
}

describe('the Problems panel rows and counts', () => {
  // As the validator lists them: an info finding can come before a warning.
  const list = [
    problem('info'),
    problem('warning'),
    problem('error', 'q'),
    problem('info', 'q'),
    problem('warning'),
  ];

  it('lists errors, then warnings, then information, keeping the order within each', () => {
    const rows = filterDiagnostics(list, { severity: 'all', package: '' });
    expect(rows.map((d) => d.severity)).toEqual(['error', 'warning', 'warning', 'info', 'info']);
    expect(rows.filter((d) => d.severity === 'info').map((d) => d.id)).toEqual([list[0]!.id, list[3]!.id]);
    // The list given is left as it was.
    expect(list[0]!.severity).toBe('info');
  });

  it('filters by source group: opm, FBC Studio, a policy pack', () => {
    const konflux = {
      ...problem('error'),
      source: 'konflux',
      rule: 'konflux-not-digest-pinned',
    } as DiagnosticView;
    const all = [...list, konflux];
    expect(filterDiagnostics(all, { severity: 'all', package: '', group: 'konflux' })).toEqual([konflux]);
    expect(
      filterDiagnostics(all, { severity: 'all', package: '', group: 'opm' }).map((d) => d.source),
    ).toEqual(['opm']);
    expect(filterDiagnostics(all, { severity: 'all', package: '', group: 'fbc-studio' })).toHaveLength(4);
    expect(filterDiagnostics(all, { severity: 'all', package: '', group: '' })).toHaveLength(6);
  });

  it('groups the rows of each severity by source: opm, FBC Studio, Konflux, community', () => {
    const of = (severity: DiagnosticView['severity'], source: string) =>
      ({ ...problem(severity), source }) as DiagnosticView;
    const rows = filterDiagnostics(
      [
        of('warning', 'community'),
        of('error', 'konflux'),
        of('error', 'fbc-studio'),
        of('warning', 'opm'),
        of('error', 'opm'),
        of('error', 'konflux'),
      ],
      { severity: 'all', package: '' },
    );
    expect(rows.map((d) => `${d.severity} ${d.source}`)).toEqual([
      'error opm',
      'error fbc-studio',
      'error konflux',
      'error konflux',
      'warning opm',
      'warning community',
    ]);
  });

  it('filters by severity and package', () => {
    expect(filterDiagnostics(list, { severity: 'info', package: '' })).toHaveLength(2);
    expect(filterDiagnostics(list, { severity: 'all', package: 'q' }).map((d) => d.severity)).toEqual([
      'error',
      'info',
    ]);
  });

  it('counts every severity, so the numbers add up to the rows', () => {
    const n = countBySeverity(list);
    expect(n).toEqual({ error: 1, warning: 2, info: 2 });
    expect(n.error + n.warning + n.info).toBe(list.length);
  });
});
