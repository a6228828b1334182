/**
 * The community pack's checks of an operator's files (ci.yaml, release-config.yaml) through the CLI:
 * in text under the Policy line, in JSON's policy member, and in the CI formats as repository
 * findings with the catalogue's rule ids, failing the run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { cwdPrefix } from '../../../src/cli/report/from-diagnostics';
import { fragment } from './fixtures';

let dir = '';
const MAPPING =
  "Operator's 'ci.yaml' contains multiple templates '['basic.yaml', 'semver.yaml']' for the same catalog 'v4.18'.";

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fbc-community-cli-'));
  const files: Record<string, string> = {
    'operators/foo/ci.yaml': `fbc:
  enabled: true
  catalog_mapping:
    - template_name: basic.yaml
      type: olm.template.basic
      catalog_names: [v4.18]
    - template_name: semver.yaml
      type: olm.semver
      catalog_names: [v4.18]
`,
    'catalogs/v4.18/foo/catalog.yaml': fragment([{ version: '1.0.0', props: ['olm.csv.metadata'] }]),
  };
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe('ci.yaml findings in every output', () => {
  it('text: under the Policy line, at the file, line and column; exit 1', async () => {
    const r = await run('workspace', dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('Policy: community (operators/foo/ci.yaml has an fbc: key): failed, 1 finding');
    expect(r.out).toMatch(
      new RegExp(
        `operators/foo/ci\\.yaml:9:23 +community error +\\[community-ci-catalog-mapping\\] +${MAPPING.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
  });

  it('JSON: in the policy member, located', async () => {
    const r = await run('validate', dir, '-o', 'json');
    const report = JSON.parse(r.out) as {
      passed: boolean;
      policy: { findings: { rule: string; message: string; location: { file: string } }[] };
    };
    expect(report.passed).toBe(true);
    expect(report.policy.findings).toEqual([
      expect.objectContaining({
        rule: 'community-ci-catalog-mapping',
        message: MAPPING,
        location: expect.objectContaining({ file: 'operators/foo/ci.yaml' }) as unknown,
      }),
    ]);
  });

  it('github, SARIF and JUnit: the finding at ci.yaml with its rule id', async () => {
    const github = await run('validate', dir, '-o', 'github');
    expect(github.code).toBe(1);
    expect(github.out).toContain(`::error file=${cwdPrefix(dir)}/operators/foo/ci.yaml,line=9,col=23`);
    const sarif = JSON.parse((await run('workspace', dir, '-o', 'sarif')).out) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[];
    };
    expect(sarif.runs[0]?.results.map((x) => x.ruleId)).toContain('community-ci-catalog-mapping');
    expect(sarif.runs[0]?.tool.driver.rules.map((x) => x.id)).toContain('community-ci-catalog-mapping');
    const junit = await run('workspace', dir, '-o', 'junit');
    expect(junit.code).toBe(1);
    expect(junit.out).toMatch(/<failure[\s\S]*community-ci-catalog-mapping/);
  });
});
