/**
 * `-o junit`: JUnit XML for CI test dashboards (GitLab, Jenkins, Azure). One testsuite per catalog
 * and one testcase per file: a file is what a maintainer opens and fixes, and listing every file
 * shows the clean ones as passing, which one testcase per rule could not (a rule that did not fire
 * is no test that ran). Findings at the --fail-on level are the testcase's failure; the others go to
 * its system-out. Findings without a file land in a testcase named after the catalog itself.
 */
import { failsAt } from './fail-on';
import { sourceLabel } from './source';
import type { FailLevel, Report, ReportFinding } from './types';

/** XML text/attribute escaping, dropping the control characters XML 1.0 cannot hold. */
export function escapeXml(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

function findingLine(f: ReportFinding): string {
  const where = f.line === undefined ? (f.file ?? '-') : `${f.file}:${f.line}:${f.column ?? 1}`;
  const accepted = f.accepted ? ` [accepted: ${f.accepted.reason} (${f.accepted.by})]` : '';
  return `${where}: ${sourceLabel(f)} ${f.accepted ? 'accepted ' : ''}${f.severity} [${f.ruleId}] ${f.message}${accepted}`;
}

interface Case {
  name: string;
  failures: ReportFinding[];
  others: ReportFinding[];
}

function testcase(suite: string, c: Case): string {
  const open = `    <testcase classname="${escapeXml(suite)}" name="${escapeXml(c.name)}"`;
  if (c.failures.length === 0 && c.others.length === 0) return `${open}/>\n`;
  let body = '';
  if (c.failures.length > 0) {
    const first = c.failures[0] as ReportFinding;
    const message =
      c.failures.length === 1 ? `[${first.ruleId}] ${first.message}` : `${c.failures.length} findings`;
    const text = c.failures.map(findingLine).join('\n');
    body += `      <failure message="${escapeXml(message)}" type="${escapeXml(first.ruleId)}">${escapeXml(text)}</failure>\n`;
  }
  if (c.others.length > 0)
    body += `      <system-out>${escapeXml(c.others.map(findingLine).join('\n'))}</system-out>\n`;
  return `${open}>\n${body}    </testcase>\n`;
}

export function renderJunit(report: Report, failOn: FailLevel): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  // Findings outside every catalog (repository-level) make a suite of their own.
  const named = new Set(report.catalogs.map((c) => c.name));
  const outside = report.findings.filter((f) => f.catalog === undefined || !named.has(f.catalog));
  const units = report.catalogs.map((c) => ({
    ...c,
    findings: report.findings.filter((f) => f.catalog === c.name),
  }));
  if (outside.length > 0) units.push({ name: '(repository)', files: [], findings: outside });
  for (const unit of units) {
    const mine = unit.findings;
    const cases = new Map<string, Case>(unit.files.map((name) => [name, { name, failures: [], others: [] }]));
    for (const f of mine) {
      const name = f.file ?? unit.name;
      let c = cases.get(name);
      if (!c) cases.set(name, (c = { name, failures: [], others: [] }));
      (failsAt(f, failOn) ? c.failures : c.others).push(f);
    }
    const list = [...cases.values()];
    const failed = list.filter((c) => c.failures.length > 0).length;
    tests += list.length;
    failures += failed;
    suites.push(
      `  <testsuite name="${escapeXml(unit.name)}" tests="${list.length}" failures="${failed}" errors="0" skipped="0">\n` +
        list.map((c) => testcase(unit.name, c)).join('') +
        '  </testsuite>\n',
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="fbc-studio ${escapeXml(report.command)}" tests="${tests}" failures="${failures}" errors="0">\n` +
    suites.join('') +
    '</testsuites>\n'
  );
}
