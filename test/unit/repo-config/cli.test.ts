/**
 * Accepted findings through the CLI, as CI reads them: a repository that drops old bundles on
 * purpose accepts every `skew-bundle-dropped` with one scoped entry, and each output says so —
 * text and JSON mark them with the reason, `-o github` does not annotate them, SARIF suppresses
 * them with the justification, JUnit does not fail on them, and `--fail-on warning` passes. An
 * entry naming one of opm's rules changes nothing: the catalog still fails, and the output says why.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { cwdPrefix } from '../../../src/cli/report/from-diagnostics';
import { catalogJson, skippingCatalogJson } from '../workspace/fixtures';
import SARIF_SCHEMA from '../../fixtures/sarif/sarif-schema-2.1.0.json';

let root = '';
const REASON = '0.x is supported up to OpenShift 4.16';
const CONFIG = [
  'apiVersion: fbc-studio/v1',
  'accepted:',
  '  - rule: skew-bundle-dropped',
  '    package: foo',
  '    bundle: "foo.v0.*"',
  `    reason: ${REASON}`,
  '',
].join('\n');

function write(base: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, p)), { recursive: true });
    writeFileSync(join(base, p), text);
  }
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** A repository whose 4.17 catalog drops the 0.x bundles of 4.16 (a support window). */
const dropping = (): Record<string, string> => ({
  'v4.16/catalog/foo/catalog.json': catalogJson({ versions: ['0.1.0', '0.2.0', '1.0.0'] }),
  'v4.17/catalog/foo/catalog.json': catalogJson({ versions: ['1.0.0'] }),
});

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fbc-repo-config-cli-'));
  write(join(root, 'accepted'), { ...dropping(), '.fbc-studio.yaml': CONFIG });
  write(join(root, 'plain'), dropping());
  // A support window: a hundred bundles of 4.16 gone from 4.17, one entry accepts them all. (The
  // fixture's digests are the version's digits: 1.0.0 would share 0.10.0's, so the head is 9.9.9.)
  const hundred = Array.from({ length: 100 }, (_, i) => `0.${i}.0`);
  write(join(root, 'hundred'), {
    'v4.16/catalog/foo/catalog.json': catalogJson({ versions: [...hundred, '9.9.9'] }),
    'v4.17/catalog/foo/catalog.json': catalogJson({ versions: ['9.9.9'] }),
    '.fbc-studio.yaml': CONFIG,
  });
  write(join(root, 'opm'), {
    ...dropping(),
    // opm fails this catalog (R54): no entry can change that.
    'v4.17/catalog/foo/catalog.json': catalogJson({ versions: ['1.0.0'] }).replace(
      '"defaultChannel": "stable"',
      '"defaultChannel": "nope"',
    ),
    '.fbc-studio.yaml': CONFIG + '  - rule: R54\n    reason: we ship it anyway\n',
  });
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const dropped = (v: string, line: number) =>
  `v4.16/catalog/foo/catalog.json:${line}:1  accepted  [skew-bundle-dropped]  bundle foo.v${v} is in the ` +
  `OpenShift 4.16 catalog but not in 4.17, where no entry of channel stable replaces, skips or covers it: ` +
  `OpenShift 4.16 (v4.16/catalog) → 4.17 (v4.17/catalog) ` +
  `(package foo)  [accepted: ${REASON} (.fbc-studio.yaml:3)]`;

describe('accepted findings in every output', () => {
  it('text: each marked accepted with its reason and entry; --fail-on warning passes', async () => {
    const r = await run('workspace', join(root, 'accepted'), '--fail-on', 'warning');
    expect(r.out).toContain(
      'Repository configuration: .fbc-studio.yaml (0 catalog pins, 0 mirrors, 1 accepted)\n',
    );
    expect(r.out).toContain(`Findings (2):\n  ${dropped('0.1.0', 24)}\n  ${dropped('0.2.0', 39)}\n`);
    expect(r.code).toBe(0);
    // The same repository without the configuration fails at warning.
    expect((await run('workspace', join(root, 'plain'), '--fail-on', 'warning')).code).toBe(1);
    const v = await run('validate', join(root, 'accepted'), '--fail-on', 'warning');
    expect(v.out).toContain(`Repository findings:\n  ${dropped('0.1.0', 24)}\n  ${dropped('0.2.0', 39)}\n`);
    expect(v.out).toContain('0 errors, 0 warnings, 2 accepted.');
    expect(v.code).toBe(0);
  });

  it('json: `accepted: {reason, by}` on each accepted finding', async () => {
    const r = await run('workspace', join(root, 'accepted'), '-o', 'json');
    const report = JSON.parse(r.out) as {
      findings: { rule: string; bundle: string; accepted?: unknown }[];
      repositoryConfiguration: unknown;
    };
    expect(report.repositoryConfiguration).toEqual({
      path: '.fbc-studio.yaml',
      catalogs: [],
      mirrors: [],
      accepted: [{ rule: 'skew-bundle-dropped', package: 'foo', bundle: 'foo.v0.*', reason: REASON }],
    });
    expect(report.findings.map((f) => [f.rule, f.bundle, f.accepted])).toEqual([
      ['skew-bundle-dropped', 'foo.v0.1.0', { reason: REASON, by: '.fbc-studio.yaml:3' }],
      ['skew-bundle-dropped', 'foo.v0.2.0', { reason: REASON, by: '.fbc-studio.yaml:3' }],
    ]);
  });

  it('github: no annotation, the run says how many were accepted and where', async () => {
    const dir = cwdPrefix(join(root, 'accepted'));
    const r = await run('workspace', join(root, 'accepted'), '-o', 'github', '--fail-on', 'warning');
    expect(r.out).not.toContain('::');
    expect(r.out).toBe(
      `${dir}/v4.16/catalog: passed, 0 errors, 0 warnings\n` +
        `${dir}/v4.17/catalog: passed, 0 errors, 0 warnings\n` +
        `2 accepted findings not annotated (reasons in ${dir}/.fbc-studio.yaml)\n`,
    );
    expect(r.code).toBe(0);
  });

  it('a hundred skew-bundle-dropped warnings: one scoped entry accepts them all, still listed', async () => {
    const r = await run('workspace', join(root, 'hundred'), '-o', 'json', '--fail-on', 'warning');
    const report = JSON.parse(r.out) as { findings: { rule: string; accepted?: { reason: string } }[] };
    expect(report.findings).toHaveLength(100);
    expect(
      report.findings.every((f) => f.rule === 'skew-bundle-dropped' && f.accepted?.reason === REASON),
    ).toBe(true);
    expect(r.code).toBe(0);
  });

  it('sarif: suppressions of kind external with the reason as justification (valid SARIF 2.1.0)', async () => {
    const r = await run('workspace', join(root, 'accepted'), '-o', 'sarif', '--fail-on', 'warning');
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(SARIF_SCHEMA);
    expect(validate(JSON.parse(r.out)), JSON.stringify(validate.errors)).toBe(true);
    const log = JSON.parse(r.out) as {
      runs: { results: { ruleId: string; level: string; suppressions?: unknown }[] }[];
    };
    expect(log.runs[0]?.results.map((x) => [x.ruleId, x.level, x.suppressions])).toEqual([
      ['skew-bundle-dropped', 'warning', [{ kind: 'external', justification: REASON }]],
      ['skew-bundle-dropped', 'warning', [{ kind: 'external', justification: REASON }]],
    ]);
    expect(r.code).toBe(0);
  });

  it('junit: listed in the output, never a failure', async () => {
    const r = await run('workspace', join(root, 'accepted'), '-o', 'junit', '--fail-on', 'warning');
    expect(r.out).toContain('failures="0"');
    expect(r.out).not.toContain('<failure');
    expect(r.out).toMatch(
      /<system-out>[^<]*fbc-studio accepted warning \[skew-bundle-dropped\][^<]*\[accepted: 0\.x is supported/,
    );
    const plain = await run('workspace', join(root, 'plain'), '-o', 'junit', '--fail-on', 'warning');
    expect(plain.out).toContain('<failure');
  });
});

describe('validate-changed (pre-commit) honours the configuration', () => {
  it("a catalog's accepted warning is listed as accepted and does not fail --fail-on warning", async () => {
    const dir = join(root, 'changed');
    write(dir, {
      // foo.v0.3.0 skips foo.v0.2.0 with no replaces, leaving foo.v0.1.0 out: our `skips-only` warning.
      'v4.17/catalog/foo/catalog.json': skippingCatalogJson(),
      'v4.16/catalog/foo/catalog.json': catalogJson(),
    });
    const changed = async () => {
      let out = '';
      const code = await main(
        ['validate-changed', 'v4.17/catalog/foo/catalog.json', '--fail-on', 'warning'],
        {
          out: (s) => (out += s),
          err: () => {},
          cwd: dir,
        },
      );
      return { code, out };
    };
    const before = await changed();
    expect(before.code).toBe(1);
    expect(before.out).toContain('  warning  [skips-only]  ');
    write(dir, {
      '.fbc-studio.yaml':
        'apiVersion: fbc-studio/v1\naccepted:\n  - rule: skips-only\n    reason: hotfix path\n',
    });
    const after = await changed();
    expect(after.out).toMatch(
      / {2}accepted {2}\[skips-only\] {2}.* \[accepted: hotfix path \(\.fbc-studio\.yaml:3\)\]\n/,
    );
    expect(after.code).toBe(0);
  });
});

describe('a catalog at the repository root', () => {
  const SKIPPING = skippingCatalogJson();
  const ACCEPT = 'apiVersion: fbc-studio/v1\naccepted:\n  - rule: skips-only\n    reason: hotfix path\n';

  it('validate DIR: accepted warnings marked and passing --fail-on warning, with the file in .indexignore', async () => {
    const dir = join(root, 'root-catalog');
    write(dir, {
      'catalog.json': SKIPPING,
      '.indexignore': '.fbc-studio.yaml\n',
      '.fbc-studio.yaml': ACCEPT,
    });
    const r = await run('validate', dir, '--fail-on', 'warning');
    expect(r.err).toMatch(
      /^catalog\.json:20:16 {2}accepted {2}\[skips-only\] {2}.*\[accepted: hotfix path \(\.fbc-studio\.yaml:3\)\]\n\n0 errors, 0 warnings, 1 accepted\./,
    );
    expect(r.code).toBe(0);
  });

  it('without .indexignore opm reads the file as part of the catalog and fails it, as opm does (R9)', async () => {
    const dir = join(root, 'root-catalog-bare');
    write(dir, { 'catalog.json': SKIPPING, '.fbc-studio.yaml': ACCEPT });
    const r = await run('validate', dir);
    expect(r.err).toContain(".fbc-studio.yaml:1:1  error    [R9]  object '");
    expect(r.code).toBe(1);
  });
});

describe("opm's verdict is never accepted", () => {
  it("an entry naming opm's rule: the catalog still fails, and the configuration finding says so", async () => {
    const r = await run('validate', join(root, 'opm'), '--fail-on', 'warning');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'v4.17/catalog/foo/catalog.json:4:21  error    [R54]  channel must contain at least one bundle (package foo, channel nope)\n',
    );
    expect(r.out).toMatch(
      /\.fbc-studio\.yaml:7:11 +warning {2}\[config-accepts-opm-rule\] {2}accepted\[1\]\.rule: R54 is a check of opm validate, which is never accepted: its findings stay errors and opm's verdict stands\n/,
    );
    const sarif = JSON.parse((await run('validate', join(root, 'opm'), '-o', 'sarif')).out) as {
      runs: { results: { ruleId: string; level: string; suppressions?: unknown }[] }[];
    };
    const r54 = sarif.runs[0]?.results.find((x) => x.ruleId === 'R54');
    expect(r54).toMatchObject({ level: 'error' });
    expect(r54?.suppressions).toBeUndefined();
    expect((await run('validate', join(root, 'opm'), '-o', 'github')).out).toContain('::error file=');
  });
});
