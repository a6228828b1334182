import type { LocRef, SourceRange } from './location';
import type { RuleId, RuleSource } from './rules';

/**
 * One finding, flat, for the UI and `validate -o json`. `source: 'opm'` findings are exactly
 * what `opm validate` reports (rule ids R1–R67 of fbc-rules.md); `source: 'fbc-studio'` findings
 * are our own warnings, never errors opm would raise.
 */
export type Severity = 'error' | 'warning' | 'info';

/** What a finding says and about what: shared by Diagnostic and the UI's DiagnosticView. */
export interface Finding {
  severity: Severity;
  source: RuleSource;
  /**
   * 'R34', or for our own checks a stable kebab id such as 'skipped-replaces-target'; explained by
   * its entry in the rule catalogue (src/core/rules).
   */
  rule: RuleId;
  /** opm's exact text for opm rules (the leaf message, without tree prefixes). */
  message: string;
  package?: string;
  channel?: string;
  bundle?: string;
  /**
   * Set when the repository configuration accepts this finding of ours (src/core/repo-config): it
   * stays listed, marked with the entry's reason and place, and counts toward no failure. Never set
   * on opm's findings.
   */
  accepted?: { reason: string; by: string };
}

export interface Diagnostic extends Finding {
  /** Lazily resolvable pointer to the offending field. */
  ref?: LocRef;
  /** Filled in by `resolveLocations` (or eagerly when cheap). */
  location?: SourceRange;
}
