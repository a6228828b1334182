/**
 * `-o sarif`: SARIF 2.1.0, what GitHub code scanning and most CI dashboards import. The rules are
 * the whole rule catalogue (one reportingDescriptor per check, its stable id, title, description,
 * upstream reference as help), so a result's rule explains itself; `properties.source` tells opm's
 * checks from ours, on the rule and on each result.
 */
import type { RuleEntry } from '../../core/rules';
import { ruleCatalogue } from '../rule-catalogue';
import { sourceLabel } from './source';
import type { Report, ReportFinding, Severity } from './types';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

/** A working-directory path as a URI reference: relative stays relative (code scanning resolves it). */
export function pathToUri(path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return path.startsWith('/') ? `file://${encoded}` : encoded;
}

function descriptor(r: RuleEntry) {
  return {
    id: r.id,
    name: r.title,
    shortDescription: { text: r.summary },
    fullDescription: { text: r.description },
    help: { text: `${r.description}\n\n${r.upstream.text}: ${r.upstream.url}` },
    helpUri: r.upstream.url,
    defaultConfiguration: { level: LEVEL[r.severity] },
    // Tags are a set: our own checks' group is named like their source.
    properties: { source: r.source, group: r.group, tags: [...new Set([r.source, r.group])] },
  };
}

function result(f: ReportFinding, ruleIndex: ReadonlyMap<string, number>) {
  const where = f.file ?? f.catalog;
  const region =
    f.line === undefined
      ? undefined
      : { startLine: f.line, ...(f.column === undefined ? {} : { startColumn: f.column }) };
  return {
    ruleId: f.ruleId,
    ...(ruleIndex.has(f.ruleId) ? { ruleIndex: ruleIndex.get(f.ruleId) } : {}),
    level: LEVEL[f.severity],
    message: { text: f.message },
    ...(where === undefined
      ? {}
      : {
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: pathToUri(where) },
                ...(region && f.file !== undefined ? { region } : {}),
              },
            },
          ],
        }),
    // An accepted finding is suppressed in the repository's configuration, outside the analysed files.
    ...(f.accepted && { suppressions: [{ kind: 'external', justification: f.accepted.reason }] }),
    properties: {
      source: sourceLabel(f),
      ...(f.catalog ? { catalog: f.catalog } : {}),
      ...(f.accepted && { acceptedBy: f.accepted.by }),
    },
  };
}

export function sarifLog(report: Report) {
  const { RULES } = ruleCatalogue();
  const ruleIndex = new Map(RULES.map((r, i) => [r.id, i]));
  return {
    $schema: SCHEMA,
    version: '2.1.0' as const,
    runs: [
      {
        tool: { driver: { name: 'fbc-studio', rules: RULES.map(descriptor) } },
        // Our columns count UTF-16 code units, as the editor's do.
        columnKind: 'utf16CodeUnits',
        results: report.findings.map((f) => result(f, ruleIndex)),
      },
    ],
  };
}

export function renderSarif(report: Report): string {
  return JSON.stringify(sarifLog(report), null, 2) + '\n';
}
