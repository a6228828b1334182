/**
 * The packs through the CLI, as a contributor and CI read them: the pack and why it was chosen
 * (inferred from .tekton, from ci.yaml's fbc:, from .fbc-studio.yaml, or --policy), its findings
 * marked with its name in text, JSON, github, SARIF (rule ids and help from the catalogue) and
 * JUnit, opm's verdict text untouched, exit 1 on a pack error; --released and --ocp-version.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { cwdPrefix } from '../../../src/cli/report/from-diagnostics';
import { fragment } from './fixtures';

let root = '';
const CSV = ['olm.csv.metadata'];
const BO = ['olm.bundle.object'];
const PIPELINE =
  'apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  pipelineRef:\n    name: fbc-builder\n';

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

const konfluxRepo = {
  '.tekton/foo-v4-17-push.yaml': PIPELINE,
  // 4.17 with olm.bundle.object: the task refuses it; opm passes it.
  'v4.17/catalog/foo/catalog.yaml': fragment([{ version: '1.0.0', props: [...CSV, ...BO] }]),
  'v4.16/catalog/foo/catalog.yaml': fragment([{ version: '1.0.0', props: BO }]),
};
const MSG =
  'olm.bundle.object bundle properties are not permitted in a FBC fragment for OCP version 4.17. Fragments must move to olm.csv.metadata bundle metadata.';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fbc-policy-cli-'));
  write(join(root, 'konflux'), konfluxRepo);
  write(join(root, 'configured'), {
    ...konfluxRepo,
    '.fbc-studio.yaml': 'apiVersion: fbc-studio/v1\npolicy: none\n',
  });
  write(join(root, 'community'), {
    'operators/foo/ci.yaml': 'fbc:\n  enabled: true\n',
    'config.yaml': 'allowed_bundle_registries:\n  - registry.redhat.io/acme/\n',
    'catalogs/v4.18/foo/catalog.yaml': fragment([
      { version: '1.0.0', props: CSV, image: `quay.io/acme/foo-bundle@sha256:${'b'.repeat(64)}` },
    ]),
  });
  write(join(root, 'bare'), { 'catalog/foo/catalog.yaml': fragment([{ version: '1.0.0', props: BO }]) });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('choosing the pack', () => {
  it('infers konflux from a .tekton FBC PipelineRun, says so, and fails on the task’s error', async () => {
    const dir = join(root, 'konflux');
    const r = await run('validate', dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('v4.17/catalog (OpenShift 4.17): passed, 0 errors');
    expect(r.out).toContain(
      'Policy: konflux (.tekton/foo-v4-17-push.yaml runs an FBC pipeline): failed, 1 finding\n' +
        `  v4.17/catalog/foo/catalog.yaml:24:5  konflux error    [konflux-bundle-object-refused]  ${MSG} (package foo, bundle foo.v1.0.0)\n`,
    );
  });

  it('--policy none and the configuration’s policy: none run nothing; --policy wins over the file', async () => {
    const none = await run('validate', join(root, 'konflux'), '--policy', 'none');
    expect(none.code).toBe(0);
    expect(none.out).toContain('Policy: none (--policy)');
    const configured = await run('validate', join(root, 'configured'));
    expect(configured.code).toBe(0);
    expect(configured.out).not.toContain('Policy:');
    const forced = await run('validate', join(root, 'configured'), '--policy=konflux');
    expect(forced.code).toBe(1);
  });

  it('infers community from ci.yaml with fbc:, and checks config.yaml’s registries', async () => {
    const r = await run('workspace', join(root, 'community'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /Policy: community \(operators\/foo\/ci\.yaml has an fbc: key\): failed, 1 finding/,
    );
    expect(r.out).toContain(
      'community error    [community-bundle-registry]  Invalid bundle image(s) found in OperatorCatalog(v4.18/foo): quay.io/acme/foo-bundle@sha256:',
    );
  });

  it('a bad --policy or --ocp-version is a usage error (exit 2, with the usage), --fail-on or not', async () => {
    const policy = await run('validate', join(root, 'konflux'), '--policy', 'tekton');
    expect(policy.code).toBe(2);
    expect(policy.err).toMatch(
      /^invalid --policy value "tekton", expected \(konflux\|community\|none\)\n\nUsage: fbc-studio validate /,
    );
    const version = await run(
      'validate',
      join(root, 'konflux'),
      '--ocp-version',
      'four',
      '--fail-on',
      'error',
    );
    expect(version.code).toBe(2);
    expect(version.err).toMatch(
      /^invalid --ocp-version value "four", expected a version like 4\.17\n\nUsage: /,
    );
  });

  it('--ocp-version dates a catalog whose path does not', async () => {
    const dir = join(root, 'bare');
    const unknown = await run('validate', dir, '--policy', 'konflux');
    expect(unknown.code).toBe(0);
    expect(unknown.out + unknown.err).toContain('[konflux-ocp-version-unknown]');
    const dated = await run('validate', dir, '--policy', 'konflux', '--ocp-version', '4.18');
    expect(dated.code).toBe(1);
    expect(dated.out + dated.err).toContain('[konflux-bundle-object-refused]');
  });
});

describe('validate-changed (pre-commit)', () => {
  it('runs the inferred pack on the changed catalog only, and fails the hook on its error', async () => {
    const { validateChangedCommand } = await import('../../../src/cli/validate-changed-command');
    const dir = join(root, 'konflux');
    let out = '';
    // The hook runs from the repository root: io.cwd stands for the working directory.
    const io = { out: (s: string) => (out += s), err: () => {}, cwd: dir };
    const code = await validateChangedCommand(['v4.17/catalog/foo/catalog.yaml'], {}, io);
    expect(code).toBe(1);
    expect(out).toContain(
      'Policy: konflux (.tekton/foo-v4-17-push.yaml runs an FBC pipeline): failed, 1 finding',
    );
    out = '';
    expect(await validateChangedCommand(['v4.16/catalog/foo/catalog.yaml'], {}, io)).toBe(0);
    expect(out).toContain(
      'Policy: konflux (.tekton/foo-v4-17-push.yaml runs an FBC pipeline): passed, 0 findings',
    );
  });
});

describe('each format marks the pack’s findings with its name', () => {
  const dir = () => join(root, 'konflux');

  it('JSON: a policy member beside opm’s verdict, which stays passed', async () => {
    const r = await run('validate', dir(), '-o', 'json');
    const report = JSON.parse(r.out) as {
      passed: boolean;
      policy: { pack: string; findings: { rule: string; source: string; message: string }[] };
    };
    expect(report.passed).toBe(true);
    expect(report.policy.pack).toBe('konflux');
    expect(report.policy.findings.map((f) => [f.source, f.rule, f.message])).toEqual([
      ['konflux', 'konflux-bundle-object-refused', MSG],
    ]);
  });

  it('github: an error annotation at the property', async () => {
    const r = await run('validate', dir(), '-o', 'github');
    expect(r.code).toBe(1);
    expect(r.out).toContain(`::error file=${cwdPrefix(dir())}/v4.17/catalog/foo/catalog.yaml,line=24,col=5`);
    expect(r.out).toContain('konflux-bundle-object-refused');
    expect(r.err).toContain('Policy: konflux');
  });

  it('SARIF: the rule from the catalogue, source konflux, help from the task', async () => {
    const r = await run('validate', dir(), '-o', 'sarif');
    const sarif = JSON.parse(r.out) as {
      runs: {
        tool: { driver: { rules: { id: string; helpUri?: string; properties: { source: string } }[] } };
        results: { ruleId: string; level: string }[];
      }[];
    };
    const run0 = sarif.runs[0];
    const rule = run0?.tool.driver.rules.find((x) => x.id === 'konflux-bundle-object-refused');
    expect(rule?.properties.source).toBe('konflux');
    expect(rule?.helpUri).toMatch(/konflux-operator-tasks\/.*validate-fbc/);
    expect(run0?.results.filter((x) => x.ruleId === 'konflux-bundle-object-refused')).toEqual([
      expect.objectContaining({ level: 'error' }),
    ]);
  });

  it('JUnit: a failure under the catalog’s testsuite', async () => {
    const r = await run('workspace', dir(), '-o', 'junit');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /<failure[^>]*konflux-bundle-object-refused|konflux-bundle-object-refused[\s\S]*<\/failure>/,
    );
  });
});

describe('--released: the pruning check', () => {
  it('a Git revision: the released catalog at the same path; an entry gone from stable fails', async () => {
    const dir = join(root, 'git');
    const released = fragment([
      { version: '1.0.0', props: CSV },
      { version: '1.1.0', props: CSV },
    ]);
    write(dir, { 'v4.18/catalog/foo/catalog.yaml': released });
    const git = (...a: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...a], { cwd: dir, stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'released');
    write(dir, { 'v4.18/catalog/foo/catalog.yaml': fragment([{ version: '1.1.0', props: CSV }]) });
    const r = await run('validate', dir, '--policy', 'konflux', '--released', 'HEAD');
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `  v4.18/catalog/foo/catalog.yaml:10:3  konflux error    [konflux-prunes-entry]  FBC fragment prunes foo.v1.0.0 from foo.stable channel. (package foo, channel stable)`,
    );
    const same = await run('validate', dir, '--policy', 'konflux', '--released', join(dir));
    expect(same.code).toBe(0);
  });
});
