/** `fbc-studio crossplane validate|deps` as CI runs them: exit codes, located findings, Mermaid and JSON out. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { hasShared, sharedPath, skipReason } from '../../support/shared';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** Every folder a test made, removed at the end. */
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'xp-cli-'));
  made.push(dir);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

const BROKEN = folder({
  'crossplane.yaml':
    'apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: c\nspec:\n  crossplane:\n    version: "newest"\n',
});

describe('fbc-studio crossplane', () => {
  it('validate exits 1 with the finding at file:line:column', async () => {
    const { code, out, err } = await run('crossplane', 'validate', BROKEN);
    expect(code).toBe(1);
    expect(out).toContain('crossplane.yaml: Configuration c');
    expect(err).toMatch(
      /crossplane\.yaml:7:14 +error +\[xp-crossplane-constraint\] +package version constraints are poorly formatted: improper constraint: "newest"/,
    );
  });

  it('validate counts in words a reader expects: 1 object, 1 dependency', async () => {
    const dir = folder({
      'package/crossplane.yaml':
        'apiVersion: meta.pkg.crossplane.io/v1\nkind: Function\nmetadata:\n  name: fn\n' +
        'spec:\n  dependsOn:\n    - function: xpkg.upbound.io/acme/other\n      version: ">=v1.0.0"\n',
      'package/input.yaml':
        'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: inputs.fn.acme.io\n' +
        'spec:\n  group: fn.acme.io\n  names: {kind: Input, plural: inputs}\n  scope: Namespaced\n' +
        '  versions:\n    - name: v1\n      served: true\n      storage: true\n' +
        '      schema: {openAPIV3Schema: {type: object}}\n',
    });
    const { out } = await run('crossplane', 'validate', dir);
    expect(out.split('\n')[0]).toBe('package/crossplane.yaml: Function fn (1 object, 1 dependency)');
  });

  it('validate -o json gives passed, the packages and the located findings', async () => {
    const { code, out } = await run('crossplane', 'validate', BROKEN, '-o', 'json');
    expect(code).toBe(1);
    const report = JSON.parse(out) as {
      passed: boolean;
      packages: { kind: string }[];
      diagnostics: { rule: string; location: unknown }[];
    };
    expect(report.passed).toBe(false);
    expect(report.packages.map((p) => p.kind)).toEqual(['Configuration']);
    expect(report.diagnostics[0]).toMatchObject({
      rule: 'xp-crossplane-constraint',
      location: { start: { line: 7, column: 14 } },
    });
  });

  it('validate -o json on a folder without a package says why it failed', async () => {
    const empty = folder({ 'README.yaml': 'title: not a package\n' });
    const { code, out } = await run('crossplane', 'validate', empty, '-o', 'json');
    expect(code).toBe(1);
    const report = JSON.parse(out) as { passed: boolean; reason: string; diagnostics: { message: string }[] };
    expect(report.passed).toBe(false);
    expect(report.reason).toBe(
      `no Crossplane package: no crossplane.yaml, upbound.yaml or package.yaml outside hidden folders in ${empty}`,
    );
    // What `crossplane xpkg build` says of it.
    expect(report.diagnostics.map((d) => d.message)).toEqual(['not exactly one package meta type']);
  });

  it('exits 2 when it cannot run: no directory, a bad -o', async () => {
    expect((await run('crossplane', 'validate', join(BROKEN, 'nope'))).code).toBe(2);
    expect((await run('crossplane', 'deps', BROKEN, '-o', 'dot')).code).toBe(2);
    expect((await run('crossplane', 'lint', BROKEN)).code).toBe(2);
  });

  it('deps over two folders draws the conflict between them and exits 1', async () => {
    const pkg = (name: string, version: string) =>
      folder({
        'crossplane.yaml': `apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: ${name}\nspec:\n  dependsOn:\n    - provider: xpkg.upbound.io/upbound/provider-aws-s3\n      version: "${version}"\n`,
      });
    const { code, out, err } = await run('crossplane', 'deps', pkg('a', '>=v1.0.0'), pkg('b', '<v1.0.0'));
    expect(code).toBe(1);
    expect(out).toContain('==>|"conflict: >=v1.0.0"|');
    expect(out).toMatch(/linkStyle \d+,\d+ stroke:#d62728/);
    expect(err).toContain('[xp-dependency-conflict]');
  });
});

if (!hasShared) console.log(skipReason('crossplane CLI on the corpus'));

// Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
describe.skipIf(!hasShared)('fbc-studio crossplane on the corpus', () => {
  it('validate passes configuration-quickstart; deps -o json lists its three dependencies', async () => {
    const dir = sharedPath('corpus/crossplane/configuration-quickstart');
    expect((await run('crossplane', 'validate', dir)).code).toBe(0);
    const { code, out } = await run('crossplane', 'deps', dir, '-o', 'json');
    expect(code).toBe(0);
    const g = JSON.parse(out) as { edges: { type: string; label?: string }[] };
    expect(g.edges.filter((e) => e.type === 'dependsOn').map((e) => e.label)).toEqual([
      '>=v0.3.0',
      '>=v0.11.2',
      '>=v0.4.1',
    ]);
  });
});
