/** `fbc-studio workspace` and `fbc-studio validate` on a repository root (and on a catalog folder, unchanged). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCatalog } from '../../../src/core/api';
import { FindingsText } from '../../../src/cli/findings-text';
import { main } from '../../../src/cli/main';
import { NodeFsSource } from '../../../src/cli/node-source';
import { hasShared, sharedPath, skipReason } from '../../support/shared';
import { basicTemplate, CATSRC, catalogJson, LICENSE, semverTemplate, TEKTON } from './fixtures';

// Two cases run the CLI on real repositories from ../shared/corpus: skipped, saying so, where it is absent.
if (!hasShared) console.log(skipReason('workspace CLI on corpus repositories'));

let root = '';

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

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fbc-workspace-cli-'));
  write(join(root, 'good'), {
    LICENSE,
    'catsrc.yaml': CATSRC,
    '.tekton/push.yaml': TEKTON,
    'v4.18/catalog-template.yaml': semverTemplate(),
    'v4.18/catalog/foo/catalog.json': catalogJson(),
    'v4.19/catalog-template.yaml': basicTemplate(),
    'v4.19/catalog/foo/catalog.json': catalogJson({ channel: 'fast' }),
  });
  write(join(root, 'bad'), {
    LICENSE,
    'v4.18/catalog/foo/catalog.json': catalogJson(),
    // A default channel that does not exist: opm fails this catalog only.
    'v4.19/catalog/foo/catalog.json': catalogJson().replace(
      '"defaultChannel": "stable"',
      '"defaultChannel": "nope"',
    ),
  });
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('fbc-studio workspace', () => {
  it('-o json: catalogs with version, verdict and packages; templates with their catalogs; other files; findings', async () => {
    // Its .tekton FBC PipelineRun would choose the konflux pack (test/unit/policy): opm's side only here.
    const { code, out } = await run('workspace', join(root, 'good'), '-o', 'json', '--policy', 'none');
    expect(code).toBe(0);
    const report = JSON.parse(out) as Record<string, unknown>;
    // `policy` says which pack ran (none, as asked).
    expect(Object.keys(report)).toEqual([
      'catalogs',
      'templates',
      'configuration',
      'other',
      'findings',
      'policy',
    ]);
    expect(report.catalogs).toEqual([
      { path: 'v4.18/catalog', ocpVersion: '4.18', passed: true, packages: ['foo'], errors: 0 },
      { path: 'v4.19/catalog', ocpVersion: '4.19', passed: true, packages: ['foo'], errors: 0 },
    ]);
    expect(report.templates).toEqual([
      expect.objectContaining({
        path: 'v4.18/catalog-template.yaml',
        schema: 'olm.semver',
        catalogs: ['v4.18/catalog'],
        link: 'version-folder',
      }),
      expect.objectContaining({
        path: 'v4.19/catalog-template.yaml',
        schema: 'olm.template.basic',
        catalogs: ['v4.19/catalog'],
        link: 'version-folder',
      }),
    ]);
    expect(report.other).toEqual(['.tekton/push.yaml', 'LICENSE', 'catsrc.yaml']);
    expect(report.findings).toEqual([
      expect.objectContaining({
        severity: 'warning',
        source: 'fbc-studio',
        rule: 'skew-default-channel',
        location: expect.objectContaining({ file: 'v4.19/catalog/foo/catalog.json' }) as unknown,
      }),
      // These synthetic templates do not render to the catalogs committed beside them: drift, at the
      // level their OpenShift version asks for (their bundles carry neither form), saying what differs.
      expect.objectContaining({
        rule: 'template-drift',
        message:
          'v4.18/catalog is not what v4.18/catalog-template.yaml renders at migrate level bundle-object-to-csv-metadata ' +
          '(OpenShift 4.18 ≥ 4.17, where the pipelines require it): channel entries/edges ' +
          "[generated as opm v1.73.0's semver template does]: channel stable-v0.1 added by the render; " +
          'channel stable-v0.2 added by the render; channel stable committed, not in the render. ' +
          'Rendering the template again would change exactly this; a change meant to stay belongs in the template',
        location: expect.objectContaining({ file: 'v4.18/catalog-template.yaml' }) as unknown,
      }),
      expect.objectContaining({
        rule: 'template-drift',
        message:
          'v4.19/catalog is not what v4.19/catalog-template.yaml renders at migrate level bundle-object-to-csv-metadata ' +
          '(OpenShift 4.19 ≥ 4.17, where the pipelines require it): channel entries/edges [as the template lists them]: ' +
          'channel stable added by the render; channel fast committed, not in the render; package metadata ' +
          '[as the template writes it]: foo: defaultChannel. ' +
          'Rendering the template again would change exactly this; a change meant to stay belongs in the template',
        location: expect.objectContaining({ file: 'v4.19/catalog-template.yaml' }) as unknown,
      }),
    ]);
  });

  it('text: a readable summary; exit 1 when a catalog fails', async () => {
    const good = await run('workspace', join(root, 'good'));
    expect(good.out).toContain('v4.18/catalog (OpenShift 4.18): passed, 0 errors; foo\n');
    expect(good.out).toContain(
      'v4.19/catalog-template.yaml (olm.template.basic) → v4.19/catalog [version-folder]\n',
    );
    const bad = await run('workspace', join(root, 'bad'));
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('v4.19/catalog (OpenShift 4.19): failed, 1 error; foo\n');
  });

  it('rejects a bad output format and a missing folder like validate does (exit 2)', async () => {
    expect((await run('workspace', root, '-o', 'yaml')).code).toBe(2);
    const missing = await run('workspace', join(root, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`stat ${join(root, 'nope')}: no such file or directory\n`);
  });
});

describe('fbc-studio validate on a repository root', () => {
  it('prints one line per catalog and each catalog’s findings, exit 1 when any fails', async () => {
    const { code, out } = await run('validate', join(root, 'bad'));
    expect(code).toBe(1);
    const lines = out.split('\n');
    expect(lines[0]).toBe('v4.18/catalog (OpenShift 4.18): passed, 0 errors');
    const failed = lines.indexOf('v4.19/catalog (OpenShift 4.19): failed, 1 error');
    expect(failed).toBeGreaterThan(0);
    expect(lines[failed + 1]).toBe('  invalid index:');
    expect(out).toMatch(/\n {2}v4\.19\/catalog\/foo\/catalog\.json:\d+:\d+ +error +\[R\d+\] /);
    expect(out).not.toContain('LICENSE');
  });

  it('passes (exit 0) when every catalog passes, whatever else the repository holds', async () => {
    const { code, out } = await run('validate', join(root, 'good'), '--policy', 'none');
    expect(code).toBe(0);
    expect(out.split('\n').filter((l) => /^\S.*: (passed|failed)/.test(l))).toEqual([
      'v4.18/catalog (OpenShift 4.18): passed, 0 errors',
      'v4.19/catalog (OpenShift 4.19): passed, 0 errors',
    ]);
  });

  it('-o json: a verdict per catalog with diagnostics located from the repository root', async () => {
    const { code, out } = await run('validate', join(root, 'bad'), '-o', 'json');
    expect(code).toBe(1);
    const report = JSON.parse(out) as {
      passed: boolean;
      catalogs: {
        path: string;
        passed: boolean;
        error?: { message: string };
        diagnostics: { location?: { file: string } }[];
      }[];
    };
    expect(report.passed).toBe(false);
    expect(report.catalogs.map((c) => [c.path, c.passed])).toEqual([
      ['v4.18/catalog', true],
      ['v4.19/catalog', false],
    ]);
    expect(report.catalogs[1]?.error?.message).toMatch(/^invalid index:/);
    expect(report.catalogs[1]?.diagnostics[0]?.location?.file).toBe('v4.19/catalog/foo/catalog.json');
  });

  // Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
  it.skipIf(!hasShared)('openshift-kueue-fbc: seven catalogs, all passed, exit 0', async () => {
    const { code, out } = await run('validate', sharedPath('corpus/fbc/openshift-kueue-fbc'));
    expect(code).toBe(0);
    expect(out.split('\n').filter((l) => /^\S.*: (passed|failed)/.test(l))).toHaveLength(7);
    expect(out).not.toContain('failed');
  });
});

describe('fbc-studio validate on a catalog folder', () => {
  /** What validate printed before discovery existed (the single-catalog path, spelled out). */
  async function before(dir: string) {
    const { result } = await checkCatalog(new NodeFsSource(dir));
    let err = '';
    if (!result.passed) err += `${result.opmMessage}\n`;
    const located = result.diagnostics.filter((d) => (result.passed ? d.source === 'fbc-studio' : true));
    if (located.length > 0) {
      // Then our located findings, one line each, and the tally (findings-text.ts).
      const text = new FindingsText(located, false);
      err += `${result.passed ? '' : '\n'}${text.lines(located)}${text.end()}`;
    }
    const json: Record<string, unknown> = { passed: result.passed };
    if (!result.passed) json.error = { message: result.opmMessage };
    json.diagnostics = result.diagnostics.map(({ ref: _ref, ...d }) => d);
    return { code: result.passed ? 0 : 1, err, json: JSON.stringify(json, null, 2) + '\n' };
  }

  for (const dir of ['good/v4.18/catalog', 'bad/v4.19/catalog']) {
    it(`${dir}: byte-identical text and JSON`, async () => {
      const abs = join(root, dir);
      const expected = await before(abs);
      const text = await run('validate', abs);
      expect(text).toEqual({ code: expected.code, out: '', err: expected.err });
      const json = await run('validate', abs, '-o', 'json');
      expect(json).toEqual({ code: expected.code, out: expected.json, err: '' });
    });
  }

  // Reads ../shared/corpus (real repositories, never copied into the project): skipped, with the printed reason, in a clone without it.
  it.skipIf(!hasShared)('a failing corpus catalog (mtv v4.23) prints as before', async () => {
    const abs = sharedPath('corpus/fbc/kubev2v-mtv-fbc/v4.23/catalog');
    const expected = await before(abs);
    expect(await run('validate', abs)).toEqual({ code: 1, out: '', err: expected.err });
  });
});
