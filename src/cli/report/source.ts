/**
 * Whose check a finding is, as the formats name it: the rule catalogue's source when the id is
 * known (so a bundle directory's checks read `operator-framework`, not `opm`), else `ours`.
 */
import { ruleCatalogue } from '../rule-catalogue';
import type { ReportFinding } from './types';

export function sourceLabel(f: Pick<ReportFinding, 'ruleId' | 'ours'>): string {
  return ruleCatalogue().ruleById(f.ruleId)?.source ?? (f.ours ? 'fbc-studio' : 'opm');
}
