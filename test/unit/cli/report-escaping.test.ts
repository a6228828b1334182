/**
 * What the report formats do with awkward text and unlocated findings: GitHub's workflow-command
 * escaping, XML escaping (read back by a parser), and findings outside every catalog.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/core/diagnostics';
import { renderReport, type Report } from '../../../src/cli/report';
import { capReport } from '../../../src/cli/report/cap';
import { diagnosticToFinding } from '../../../src/cli/report/from-diagnostics';
import { parseXml } from '../../support/xml';
import { loadRuleCatalogue } from '../../../src/cli/rule-catalogue';

// The writers name rules; their commands load the catalogue before writing (rule-catalogue.ts).
beforeAll(() => loadRuleCatalogue());

const report: Report = {
  command: 'workspace',
  catalogs: [{ name: 'v4.18/catalog', files: ['v4.18/catalog/a,b:c.yaml', 'v4.18/catalog/clean.yaml'] }],
  findings: [
    {
      ruleId: 'R55',
      severity: 'error',
      message: '100% broken:\r\nline two, <tag> & "quotes"\u0007',
      file: 'v4.18/catalog/a,b:c.yaml',
      line: 3,
      column: 7,
      ours: false,
      catalog: 'v4.18/catalog',
    },
    { ruleId: 'R40', severity: 'error', message: 'no location', ours: false, catalog: 'v4.18/catalog' },
    {
      ruleId: 'skew-bundle-dropped',
      severity: 'warning',
      message: 'dropped',
      file: 'v4.19/catalog/x.yaml',
      line: 1,
      column: 1,
      ours: true,
    },
  ],
};

describe('github workflow commands', () => {
  it('escape %, CR and LF in the message, and : and , in properties too', () => {
    const lines = renderReport('github', report).split('\n');
    expect(lines[0]).toBe(
      '::error file=v4.18/catalog/a%2Cb%3Ac.yaml,line=3,col=7,title=opm R55%3A Channel graph has no single head or strands bundles::100%25 broken:%0D%0Aline two, <tag> & "quotes"\u0007',
    );
    expect(lines[1]).toBe('::error title=opm R40%3A Duplicate deprecation entry::no location');
    expect(lines[2]).toMatch(
      /^::warning file=v4\.19\/catalog\/x\.yaml,line=1,col=1,title=fbc-studio skew-bundle-dropped%3A /,
    );
  });
});

describe('junit', () => {
  it('stays well-formed with markup and control characters; clean files pass; stray findings get a suite', () => {
    const root = parseXml(renderReport('junit', report));
    const [catalog, repo] = root.children;
    expect(catalog?.attrs).toMatchObject({ name: 'v4.18/catalog', tests: '3', failures: '2' });
    const names = catalog?.children.map((c) => c.attrs.name);
    expect(names).toEqual(['v4.18/catalog/a,b:c.yaml', 'v4.18/catalog/clean.yaml', 'v4.18/catalog']);
    expect(catalog?.children[1]?.children).toEqual([]);
    expect(catalog?.children[0]?.children[0]?.text).toBe(
      'v4.18/catalog/a,b:c.yaml:3:7: opm error [R55] 100% broken:\r\nline two, <tag> & "quotes"',
    );
    expect(repo?.attrs).toMatchObject({ name: '(repository)', tests: '1', failures: '0' });
    expect(repo?.children[0]?.children[0]?.name).toBe('system-out');
  });
});

describe('github messages made of a text and a scope', () => {
  /** What -o github printed before it escaped texts and scopes apart: the whole message, escaped. */
  const wholeMessageEscaped = (f: ReturnType<typeof diagnosticToFinding>) =>
    `${f.message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}`;

  it('are escaped as the whole message is, for findings sharing a text and for capped ones', () => {
    const shared = 'channel contains one or more stranded bundles: a%b, c\r\nd';
    const diagnostics: Diagnostic[] = [
      { severity: 'error', source: 'opm', rule: 'R55', message: shared, package: 'p%1', channel: 'st\nable' },
      {
        ...{ severity: 'error', source: 'opm', rule: 'R55', message: shared },
        package: 'p%1',
        bundle: 'b%2',
      },
      { severity: 'error', source: 'opm', rule: 'R55', message: shared, package: 'q', bundle: 'c' },
      { severity: 'warning', source: 'opm', rule: 'R55', message: 'x'.repeat(3000), package: 'big' },
      { severity: 'error', source: 'opm', rule: 'R40', message: 'no scope 100%' },
    ];
    const findings = diagnostics.map((d) => diagnosticToFinding(d, ''));
    const lines = renderReport('github', { command: 'validate', catalogs: [], findings }).split('\n');
    const capped = capReport({ command: 'validate', catalogs: [], findings }).findings;
    capped.forEach((f, i) => expect(lines[i]!.split('::')[2]).toBe(wholeMessageEscaped(f)));
    // The long one is cut (so its text and scope no longer make it up).
    expect(capped[3]!.message).toMatch(/… \d+ more bytes$/);
    expect(capped[3]!.text).toBeUndefined();
  });
});
