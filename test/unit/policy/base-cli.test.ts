/**
 * --base and the repository's waivers through the CLI, on a real Git repository of ours: the pull
 * request from a revision (or a folder) to the working tree judged as the pipeline's detect-changes
 * step judges it, and config.yaml's `tests:` waivers marking a static check's finding accepted for
 * the operators they name, as the pipeline's tests/skip labels skip it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { fragment } from './fixtures';

let root = '';

function write(base: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, p)), { recursive: true });
    writeFileSync(join(base, p), text);
  }
}

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (out += s) });
  return { code, out };
}

const bundle = (v: string) => ({
  [`operators/foo/${v}/manifests/foo.clusterserviceversion.yaml`]: `kind: ClusterServiceVersion\nmetadata:\n  name: foo.v${v}\n`,
  [`operators/foo/${v}/metadata/annotations.yaml`]: 'annotations: {}\n',
});
const CSV = ['olm.csv.metadata'];
const base = {
  'operators/foo/ci.yaml': 'fbc:\n  enabled: true\n',
  ...bundle('1.0.0'),
  'catalogs/v4.18/foo/catalog.yaml': fragment([{ version: '1.0.0', props: CSV }]),
  '.gitignore': 'build/\n',
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fbc-base-cli-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function repo(name: string): string {
  const dir = join(root, name);
  write(dir, base);
  const git = (...a: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...a], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'base');
  return dir;
}

describe('--base: the pull request’s shape', () => {
  it('a bundle and its catalog changed together fail; an ignored build file is no part of it', async () => {
    const dir = repo('both');
    write(dir, {
      ...bundle('1.1.0'),
      'catalogs/v4.18/foo/catalog.yaml': fragment([
        { version: '1.0.0', props: CSV },
        { version: '1.1.0', props: CSV },
      ]),
      'build/out.txt': 'x',
    });
    const r = await run('validate', dir, '--policy', 'community', '--base', 'HEAD');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      "catalogs/v4.18/foo/catalog.yaml:1:1  community error    [community-pr-bundle-and-catalog]  The PR affects a bundle ([('foo', '1.1.0')]) and catalog ([('v4.18', 'foo')]) at the same time.",
    );
    expect(r.out).not.toContain('community-pr-extra-files');
    // Without --base nothing is said of the pull request.
    expect((await run('validate', dir, '--policy', 'community')).code).toBe(0);
  });

  it('near miss: the bundle alone passes; a folder as the base works as a revision does', async () => {
    const dir = repo('bundle-only');
    const copy = join(root, 'bundle-only-base');
    cpSync(dir, copy, { recursive: true, filter: (p) => !p.includes('.git/') && !p.endsWith('.git') });
    write(dir, bundle('1.1.0'));
    for (const ref of ['HEAD', copy]) {
      const r = await run('validate', dir, '--policy', 'community', '--base', ref, '-o', 'json');
      expect(JSON.parse(r.out.slice(r.out.indexOf('{'))).policy.findings).toEqual([]);
      expect(r.code).toBe(0);
    }
  });
});

describe('--base and --released: a REF that is neither a folder nor a revision', () => {
  it('says which option, which REF and why, for a folder outside any Git repository', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fbc-no-git-'));
    try {
      write(dir, { 'catalogs/v4.18/foo/catalog.yaml': fragment([{ version: '1.0.0', props: CSV }]) });
      const b = await run('validate', dir, '--policy', 'community', '--base', 'nope');
      expect(b.out).toContain(`--base nope: not a folder, and ${dir} is not inside a Git repository`);
      // A usage error (2) in every output format, never a verdict (1).
      expect(b.code).toBe(2);
      const r = await run('validate', dir, '--policy', 'konflux', '--released', 'nope');
      expect(r.out).toContain(`--released nope: not a folder, and ${dir} is not inside a Git repository`);
      expect(r.code).toBe(2);
      const g = await run('validate', dir, '--policy', 'community', '--base', 'nope', '-o', 'github');
      expect(g.out).toContain('--base nope: not a folder');
      expect(g.code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the option for a revision the repository does not have', async () => {
    const dir = repo('no-such-revision');
    const b = await run('validate', dir, '--policy', 'community', '--base', 'v9.9.9');
    expect(b.out).toContain('--base v9.9.9: not a folder, and unknown revision "v9.9.9"');
    expect(b.code).toBe(2);
  });
});

describe('--base: the pull request’s catalogs only', () => {
  it('a catalog the change does not touch is not judged; once touched, its finding is back', async () => {
    const dir = repo('untouched');
    // The repository allows no quay.io bundle: the committed catalog breaks that already.
    write(dir, { 'config.yaml': 'allowed_bundle_registries:\n  - quay.io/other/\n' });
    const rule = 'community-bundle-registry';
    expect((await run('validate', dir, '--policy', 'community')).out).toContain(rule);
    write(dir, bundle('1.1.0'));
    const bundleOnly = await run('validate', dir, '--policy', 'community', '--base', 'HEAD');
    expect(bundleOnly.out).not.toContain(rule);
    write(dir, {
      'catalogs/v4.18/foo/catalog.yaml': fragment([
        { version: '1.0.0', props: CSV },
        { version: '1.1.0', props: CSV },
      ]),
    });
    expect((await run('validate', dir, '--policy', 'community', '--base', 'HEAD')).out).toContain(rule);
  });
});

describe('the repository’s waivers (config.yaml tests:)', () => {
  const mapping = `fbc:
  enabled: true
  catalog_mapping:
    - {template_name: a.yaml, type: olm.template.basic, catalog_names: [v4.18]}
    - {template_name: b.yaml, type: olm.template.basic, catalog_names: [v4.18]}
`;
  it('a waived check’s finding stays listed, accepted, and fails nothing; another operator’s waiver does not apply', async () => {
    const dir = join(root, 'waived');
    write(dir, {
      ...base,
      'operators/foo/ci.yaml': mapping,
      'config.yaml': 'tests:\n  - name: check_catalog_usage_ci_config\n    ignore_operators: ["^fo"]\n',
    });
    const r = await run('workspace', dir, '--policy', 'community', '-o', 'json');
    expect(r.code).toBe(0);
    const findings = (JSON.parse(r.out) as { policy: { findings: { rule: string; accepted?: unknown }[] } })
      .policy.findings;
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'community-ci-catalog-mapping',
        accepted: {
          reason: 'waived: config.yaml tests check_catalog_usage_ci_config ignores operator foo',
          by: 'config.yaml',
        },
      }),
    ]);
    expect((await run('workspace', dir, '--policy', 'community')).out).toContain(
      'Policy: community (--policy): passed, 1 finding (1 waived by config.yaml)',
    );
    write(dir, {
      'config.yaml': 'tests:\n  - name: check_catalog_usage_ci_config\n    ignore_operators: ["^bar"]\n',
    });
    expect((await run('workspace', dir, '--policy', 'community')).code).toBe(1);
  });
});
