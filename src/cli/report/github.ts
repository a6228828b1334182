/**
 * `-o github`: GitHub Actions workflow commands, one per finding, so each shows as an annotation on
 * the file and line in the pull request (`::error file=…,line=…,col=…,title=…::message`).
 */
import { ruleById } from '../../core/rules';
import { sourceLabel } from './source';
import type { Report, ReportFinding } from './types';

/** GitHub's escaping of a command's message: %, CR and LF. */
export function escapeData(s: string): string {
  // Most messages have nothing to escape: one scan instead of three replacements (13,000 findings).
  if (!/[%\r\n]/.test(s)) return s;
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** GitHub's escaping of a property value: the message's, plus the `:` and `,` that delimit properties. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** Escaped titles and file names, computed once each: a large catalog repeats both thousands of times. */
const escaped = new Map<string, string>();

function escapedProperty(s: string): string {
  let e = escaped.get(s);
  if (e === undefined) {
    if (escaped.size > 10_000) escaped.clear();
    escaped.set(s, (e = escapeProperty(s)));
  }
  return e;
}

export function githubCommand(f: ReportFinding): string {
  const rule = ruleById(f.ruleId);
  const title = `${sourceLabel(f)} ${f.ruleId}${rule ? `: ${rule.title}` : ''}`;
  let props = f.file === undefined ? '' : `file=${escapedProperty(f.file)},`;
  if (f.line !== undefined) props += `line=${f.line},`;
  if (f.column !== undefined) props += `col=${f.column},`;
  props += `title=${escapedProperty(title)}`;
  return `::${COMMAND[f.severity]} ${props}::${escapeData(f.message)}`;
}

/** Accepted findings are not annotated (the run's summary line counts them). */
export function renderGithub(report: Report): string {
  return report.findings
    .filter((f) => !f.accepted)
    .map((f) => githubCommand(f) + '\n')
    .join('');
}
