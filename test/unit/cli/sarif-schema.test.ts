/**
 * `-o sarif` against the SARIF 2.1.0 JSON Schema (OASIS, vendored in test/fixtures/sarif), for a
 * catalog and for a repository root with findings outside every catalog.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { renderReport, type Report } from '../../../src/cli/report';
import { loadRuleCatalogue } from '../../../src/cli/rule-catalogue';
import { repoRoot } from '../../support/shared';

const schema = JSON.parse(
  readFileSync(join(repoRoot, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8'),
);
// The schema is draft-07 with `format`s (uri, date-time) that ajv checks only with ajv-formats, a
// dependency this project does not take: formats are left out here and the URIs checked below.
const validate = new Ajv({ strict: false, validateFormats: false, allErrors: true }).compile(schema);

async function sarif(...argv: string[]): Promise<unknown> {
  let out = '';
  await main(argv, { out: (s) => (out += s), err: () => {} });
  return JSON.parse(out);
}

function uris(log: unknown): string[] {
  const found: string[] = [];
  JSON.stringify(log, (k, v: unknown) => {
    if ((k === 'uri' || k === 'helpUri') && typeof v === 'string') found.push(v);
    return v;
  });
  return found;
}

// The second test renders without running the CLI, which is what loads the rules otherwise.
beforeAll(() => loadRuleCatalogue());

describe('SARIF output', () => {
  it('is valid SARIF 2.1.0 for a catalog with findings', async () => {
    const log = await sarif('validate', 'test/fixtures/cli-report/catalog', '-o', 'sarif');
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // uri-reference / uri: each parses as a URL (relative ones against a base).
    for (const u of uris(log)) expect(() => new URL(u, 'file:///checkout/')).not.toThrow();
    expect(uris(log)).toContain('test/fixtures/cli-report/catalog/bar/notes.yaml');
  });

  it('stays valid with unlocated and repository-level findings, and paths that need escaping', () => {
    const report: Report = {
      command: 'workspace',
      catalogs: [{ name: 'v4.18/catalog', files: [] }],
      findings: [
        { ruleId: 'R40', severity: 'error', message: 'no location', ours: false, catalog: 'v4.18/catalog' },
        {
          ruleId: 'skew-bundle-dropped',
          severity: 'warning',
          message: 'dropped',
          file: 'v4.19/cat alog/#1.yaml',
          line: 2,
          column: 3,
          ours: true,
        },
        { ruleId: 'not-a-rule', severity: 'info', message: 'unknown id', ours: true },
      ],
    };
    const log = JSON.parse(renderReport('sarif', report)) as {
      runs: { results: Record<string, unknown>[] }[];
    };
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const [unlocated, escaped, unknown] = log.runs[0]?.results ?? [];
    expect(unlocated?.locations).toEqual([
      { physicalLocation: { artifactLocation: { uri: 'v4.18/catalog' } } },
    ]);
    expect(JSON.stringify(escaped?.locations)).toContain('"uri":"v4.19/cat%20alog/%231.yaml"');
    expect(unknown).not.toHaveProperty('ruleIndex');
  });
});
