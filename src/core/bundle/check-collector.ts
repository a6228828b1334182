/** What every bundle check shares: the findings collector and the small text helpers. */
import type { RuleId } from '../rules';
import { ruleSourceOf, type BundleFinding } from './finding';
import { lineOf } from './read-bundle';

export class Collector {
  readonly findings: BundleFinding[] = [];
  add(rule: RuleId, message: string, file?: string, line?: number): void {
    const { source, severity } = ruleSourceOf(rule);
    const f: BundleFinding = { rule, source, severity, message };
    if (file !== undefined) f.file = file;
    if (line !== undefined) f.line = line;
    this.findings.push(f);
  }
  /** A finding at the first line of `file` that matches `re` (line 1 when none does). */
  addAt(rule: RuleId, message: string, file: { path: string; text: string }, re: RegExp): void {
    this.add(rule, message, file.path, lineOf(file.text, re));
  }
}

/** Go's schema.GroupVersionKind.String(). */
export function gvkString(group: string, version: string, kind: string): string {
  return `${group}/${version}, Kind=${kind}`;
}

/** The n-th (0-based) line matching `re`, 1-based; 1 when there are fewer. */
export function nthLine(text: string, re: RegExp, n: number): number {
  const lines = text.split('\n');
  let seen = -1;
  for (let i = 0; i < lines.length; i++) if (re.test(lines[i] as string) && ++seen === n) return i + 1;
  return 1;
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
