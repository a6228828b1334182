/**
 * One file per OpenShift version (`catalogs/foo-v4.17.json`, `catalogs/foo-v4.18.json`): each file
 * is its own catalog, and a skew finding points at the file itself, never at
 * `catalogs/foo-v4.17.json/foo-v4.17.json` (issue #25) — in text, JSON, `-o github` and SARIF.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { catalogJson } from '../workspace/fixtures';

let dir = '';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fbc-file-catalogs-'));
  mkdirSync(join(dir, 'catalogs'));
  writeFileSync(join(dir, 'catalogs/foo-v4.17.json'), catalogJson({ versions: ['0.1.0', '0.2.0'] }));
  // 4.18 drops foo.v0.1.0.
  writeFileSync(join(dir, 'catalogs/foo-v4.18.json'), catalogJson({ versions: ['0.2.0'] }));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const FILE = 'catalogs/foo-v4.17.json';
/** Where catalogJson writes the first bundle blob of a two-version package. */
const LINE = 20;
const MESSAGE =
  'bundle foo.v0.1.0 is in the OpenShift 4.17 catalog but not in 4.18, where no entry of channel stable replaces, ' +
  'skips or covers it: OpenShift 4.17 (catalogs/foo-v4.17.json) → 4.18 (catalogs/foo-v4.18.json)';

describe('skew between one-file catalogs', () => {
  it('text: the finding at the catalog file', async () => {
    const { code, out } = await run('validate', dir);
    expect(code).toBe(0);
    expect(out).toBe(
      'catalogs/foo-v4.17.json (OpenShift 4.17): passed, 0 errors\n' +
        'catalogs/foo-v4.18.json (OpenShift 4.18): passed, 0 errors\n' +
        'Repository findings:\n' +
        `  ${FILE}:${LINE}:1  warning  [skew-bundle-dropped]  ${MESSAGE} (package foo)\n` +
        '\n0 errors, 1 warning. `fbc-studio rules <id>` explains a rule (or --explain).\n',
    );
  });

  it('-o json: the finding at the catalog file', async () => {
    const report = JSON.parse((await run('validate', dir, '-o', 'json')).out) as {
      findings: { rule: string; location: { file: string; start: { line: number } } }[];
    };
    expect(report.findings.map((f) => [f.rule, f.location.file, f.location.start.line])).toEqual([
      ['skew-bundle-dropped', FILE, LINE],
    ]);
  });

  it('-o github: the annotation on the catalog file', async () => {
    const { out } = await run('validate', dir, '-o', 'github');
    expect(out.split('\n')[0]).toBe(
      `::warning file=${dir}/${FILE},line=${LINE},col=1,title=fbc-studio skew-bundle-dropped%3A Bundle dropped in a later OpenShift version::${MESSAGE} (package foo, bundle foo.v0.1.0)`,
    );
  });

  it('-o sarif: the result located in the catalog file', async () => {
    const log = JSON.parse((await run('validate', dir, '-o', 'sarif')).out) as {
      runs: { results: { ruleId: string; locations: { physicalLocation: unknown }[] }[] }[];
    };
    expect(log.runs[0]?.results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation])).toEqual([
      [
        'skew-bundle-dropped',
        { artifactLocation: { uri: `file://${dir}/${FILE}` }, region: { startLine: LINE, startColumn: 1 } },
      ],
    ]);
  });
});
