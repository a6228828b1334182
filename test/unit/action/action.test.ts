/**
 * The GitHub Action and the pre-commit hook as their runners start them: the committed bundle
 * (action/) copied to a folder with no node_modules above it, its entry run by a bare Node with
 * only the runner's variables (`INPUT_*`, `GITHUB_ACTIONS`) and the workspace as working directory;
 * the hook's script run directly (its shebang). And action/ is what `npm run build:action` builds
 * from the sources today, so the action never runs stale code.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/shared';

const dist = join(repoRoot, 'action');
const PACKAGE = 'schema: olm.package\nname: foo\ndefaultChannel: stable\n';
const BUNDLE =
  'schema: olm.bundle\npackage: foo\nname: foo.v1.0.0\nimage: quay.io/x/foo:v1.0.0\nproperties:\n  - type: olm.package\n    value: {packageName: foo, version: 1.0.0}\n';
const CHANNEL = 'schema: olm.channel\npackage: foo\nname: stable\nentries:\n  - name: foo.v1.0.0\n';
// foo.v2.0.0 has no bundle: opm's "no olm.bundle blobs found" (R35), on the entry's line 10.
const BROKEN_CHANNEL = `${CHANNEL}  - name: foo.v2.0.0\n    replaces: foo.v1.0.0\n`;

let tmp = '';
let action = '';

function catalog(ws: string, channel: string): void {
  mkdirSync(join(ws, 'catalog/foo'), { recursive: true });
  writeFileSync(join(ws, 'catalog/foo/index.yaml'), `${PACKAGE}---\n${channel}---\n${BUNDLE}`);
}

/** The entry as the runner starts a `node20` action: its Node, its variables, the workspace as cwd. */
function runAction(ws: string, inputs: Record<string, string>) {
  const main = (parseYaml(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as { runs: { main: string } })
    .runs.main;
  const env: NodeJS.ProcessEnv = {
    PATH: dirname(process.execPath),
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: ws,
  };
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  return spawnSync(process.execPath, [join(action, main)], {
    cwd: ws,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

function noNodeModulesAbove(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) return false;
    if (d === parse(d).root) return true;
  }
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'fbc-action-'));
  // The action's checkout as the runner has it: action.yml and action/, nothing installed.
  action = join(tmp, 'action');
  cpSync(join(repoRoot, 'action.yml'), join(action, 'action.yml'));
  cpSync(join(repoRoot, '.pre-commit-hooks.yaml'), join(action, '.pre-commit-hooks.yaml'));
  cpSync(dist, join(action, 'action'), { recursive: true });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the GitHub Action (action.yml)', () => {
  it('is a JavaScript action run by the runner’s Node: no set-up step installs anything', () => {
    const spec = parseYaml(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as {
      runs: { using: string; main: string; steps?: unknown };
    };
    expect(spec.runs.using).toMatch(/^node\d+$/);
    expect(spec.runs.steps).toBeUndefined();
    expect(existsSync(join(repoRoot, spec.runs.main))).toBe(true);
    expect(noNodeModulesAbove(action)).toBe(true);
  });

  it('annotates each finding, fails the step on an error and writes SARIF when asked', () => {
    const ws = join(tmp, 'ws-broken');
    catalog(ws, BROKEN_CHANNEL);
    const r = runAction(ws, { path: 'catalog', 'fail-on': 'error', sarif: 'fbc.sarif' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      '::error file=catalog/foo/index.yaml,line=10,col=11,title=opm R35%3A Channel entry without a bundle::no olm.bundle blobs found in package "foo" for olm.channel entries [foo.v2.0.0]',
    );
    const sarif = JSON.parse(readFileSync(join(ws, 'fbc.sarif'), 'utf8')) as {
      runs: { results: { ruleId: string }[] }[];
    };
    expect(sarif.runs[0]?.results.map((x) => x.ruleId)).toContain('R35');
  });

  it('passes a clean catalog, and a failing one under fail-on never', () => {
    const clean = join(tmp, 'ws-clean');
    catalog(clean, CHANNEL);
    const ok = runAction(clean, { path: 'catalog', 'fail-on': 'error', sarif: '' });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).not.toContain('::error');
    expect(existsSync(join(clean, 'fbc.sarif'))).toBe(false);
    const broken = join(tmp, 'ws-never');
    catalog(broken, BROKEN_CHANNEL);
    const never = runAction(broken, { path: 'catalog', 'fail-on': 'never', sarif: '' });
    expect(never.status).toBe(0);
    expect(never.stdout).toContain('::error file=catalog/foo/index.yaml');
  });

  it('passes the policy input as --policy: the inferred Konflux pack fails the step, none leaves opm’s verdict', () => {
    const ws = join(tmp, 'ws-konflux');
    // A .tekton FBC PipelineRun: the konflux pack is inferred; its 4.17 catalog lacks olm.csv.metadata.
    mkdirSync(join(ws, '.tekton'), { recursive: true });
    writeFileSync(
      join(ws, '.tekton/foo-push.yaml'),
      'apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  pipelineRef:\n    name: fbc-builder\n',
    );
    mkdirSync(join(ws, 'v4.17/catalog/foo'), { recursive: true });
    writeFileSync(join(ws, 'v4.17/catalog/foo/index.yaml'), `${PACKAGE}---\n${CHANNEL}---\n${BUNDLE}`);
    const inferred = runAction(ws, { path: '.', 'fail-on': 'error', sarif: '', policy: '' });
    expect(inferred.status).toBe(1);
    expect(inferred.stdout).toContain(
      '::error file=v4.17/catalog/foo/index.yaml,line=16,col=3,title=konflux konflux-csv-metadata-missing',
    );
    expect(inferred.stderr).toContain('Policy: konflux (.tekton/foo-push.yaml runs an FBC pipeline)');
    const none = runAction(ws, { path: '.', 'fail-on': 'error', sarif: '', policy: 'none' });
    expect(none.status, none.stdout).toBe(0);
    expect(none.stdout).not.toContain('konflux');
    expect(none.stderr).toBe('Policy: none (--policy)\n');
  });

  it('says so when the path is not there (a usage error, exit 2)', () => {
    const ws = join(tmp, 'ws-empty');
    mkdirSync(ws);
    const r = runAction(ws, { path: 'nope', 'fail-on': 'error', sarif: 'fbc.sarif' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('nope');
  });
});

describe('the pre-commit hook (.pre-commit-hooks.yaml)', () => {
  it('runs the committed script with the system’s Node on the staged files, nothing installed', () => {
    const [hook] = parseYaml(readFileSync(join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8')) as {
      entry: string;
      language: string;
    }[];
    expect(hook?.language).toBe('script');
    const [script, ...args] = (hook?.entry ?? '').split(' ');
    const ws = join(tmp, 'ws-hook');
    catalog(ws, BROKEN_CHANNEL);
    const env = { PATH: dirname(process.execPath) };
    // pre-commit runs `<hook repo>/<entry> <args> <staged files>` from the repository root.
    const r = spawnSync(join(action, script as string), [...args, 'catalog/foo/index.yaml'], {
      cwd: ws,
      env,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain('catalog/foo/index.yaml:10:11  error    [R35]');
    catalog(ws, CHANNEL);
    const ok = spawnSync(join(action, script as string), [...args, 'catalog/foo/index.yaml'], {
      cwd: ws,
      env,
    });
    expect(ok.status).toBe(0);
  });
});

describe('action/', () => {
  it('is what `npm run build:action` builds from the sources now (run it and commit action/)', () => {
    const fresh = join(tmp, 'fresh');
    const b = spawnSync(
      process.execPath,
      [join(repoRoot, 'scripts/build-cli.mjs'), '--action', '--outdir', fresh],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(b.status, b.stderr).toBe(0);
    const names = readdirSync(fresh).sort();
    expect(readdirSync(dist).sort()).toEqual(names);
    for (const name of names) {
      const same = readFileSync(join(dist, name)).equals(readFileSync(join(fresh, name)));
      expect(same, `action/${name} differs from a fresh build`).toBe(true);
      expect(statSync(join(dist, name)).mode & 0o111, name).toBe(statSync(join(fresh, name)).mode & 0o111);
    }
  }, 180_000);
});
