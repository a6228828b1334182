import type { Severity } from '../diagnostics';
import type { RuleId } from '../rules';
import { BUNDLE_DIR_RULES } from '../rules/bundle-dir';

/** One finding about a bundle directory: what, where (file relative to the bundle, 1-based line). */
export interface BundleFinding {
  rule: RuleId;
  /** `operator-framework`: their validators' text; `fbc-studio`: our own warning. */
  source: 'operator-framework' | 'fbc-studio';
  severity: Severity;
  message: string;
  file?: string;
  line?: number;
}

/** The catalogue entry's source and severity, so the two cannot disagree with the rule. */
export function ruleSourceOf(rule: RuleId): Pick<BundleFinding, 'source' | 'severity'> {
  const entry = (BUNDLE_DIR_RULES as Record<string, { source: string; severity: Severity }>)[rule];
  return {
    source: entry?.source === 'fbc-studio' ? 'fbc-studio' : 'operator-framework',
    severity: entry?.severity ?? 'error',
  };
}

/** `file:line: severity [rule] message` (text output of the CLI). */
export function formatBundleFinding(f: BundleFinding): string {
  const where = f.file ? `${f.file}${f.line !== undefined ? `:${f.line}` : ''}` : '-';
  const who = f.source === 'fbc-studio' ? 'fbc-studio' : 'operator-framework';
  return `${where}: ${who} ${f.severity} [${f.rule}] ${f.message}`;
}
