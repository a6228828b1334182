/**
 * `diff` and `validate-bundle` in the CI formats, through the CLI entry as a job runs them from the
 * repository root. The diff fixture: demo's v1.0.0 is pruned from stable (which strands its users),
 * v1.1.0 is re-tagged, channel fast is removed, v1.2.0 is added, and a package `extra` is new. The
 * bundle fixture lacks its channels annotation (two operator-framework errors) and its CSV's name
 * does not carry its version (our warning).
 */
import * as fs from 'node:fs';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { zipSync, strToU8 } from 'fflate';
import git from 'isomorphic-git';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { cwdPrefix } from '../../../src/cli/report/from-diagnostics';
import { RULES } from '../../../src/core/rules';
import { repoRoot } from '../../support/shared';
import { parseXml, type XmlElement } from '../../support/xml';

const OLD = 'test/fixtures/cli-report/diff-old';
const NEW = 'test/fixtures/cli-report/diff-new';
const BUNDLE = 'test/fixtures/cli-report/bundle';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

const schema = JSON.parse(
  readFileSync(join(repoRoot, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8'),
);
// As in sarif-schema.test.ts: draft-07 `format`s need ajv-formats, which this project does not take.
const validateSarif = new Ajv({ strict: false, validateFormats: false, allErrors: true }).compile(schema);

interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  level: string;
  message: { text: string };
  locations?: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
  properties: { source: string };
}
interface SarifLog {
  runs: { tool: { driver: { rules: { id: string; help: { text: string } }[] } }; results: SarifResult[] }[];
}

function cases(suite: XmlElement): { name: string; failed: boolean; out: string }[] {
  return suite.children
    .filter((c) => c.name === 'testcase')
    .map((c) => ({
      name: c.attrs.name as string,
      failed: c.children.some((x) => x.name === 'failure'),
      out: c.children.find((x) => x.name === 'system-out')?.text ?? '',
    }));
}

const RETAG =
  'demo.v1.1.0 now points at quay.io/example/demo-bundle:v1.1.0-rebuilt instead of quay.io/example/demo-bundle:v1.1.0: the same name with other content (a re-tag). (OLM v0 and v1; package demo)';
const REMOVED =
  'demo.v1.0.0 was pruned from the catalog; OLM v0 has no path to the head for them, OLM v1 has no path to the head for them. (OLM v0 and v1; package demo, channel stable)';
const NO_PATH =
  'Users on demo.v1.0.0 can no longer reach the head of stable, because no entry of channel stable replaces or skips demo.v1.0.0, and no skipRange contains 1.0.0. (OLM v0 and v1; package demo, channel stable)';
const CHANNEL_GONE =
  'Channel fast is gone: subscriptions to it have nothing to resolve. (OLM v0 and v1; package demo, channel fast)';
const STABLE_CHANGED =
  'Channel stable changed: head demo.v1.1.0 → demo.v1.2.0; entries added: demo.v1.2.0; entries removed: demo.v1.0.0; demo.v1.1.0: replaces demo.v1.0.0 → (none) (package demo).';

describe('diff -o github', () => {
  it('annotates each impact as an error and each other change as a notice, where the reviewer looks', async () => {
    const { code, out, err } = await run('diff', OLD, NEW, '-o', 'github');
    expect(err).toBe('');
    expect(code).toBe(1);
    const demo = `${NEW}/demo/catalog.yaml`;
    expect(out).toBe(
      [
        // The re-tag on the new image line; the pruned bundle on the new channel that lost it.
        `::error file=${demo},line=17,col=8,title=fbc-studio diff-retag%3A Bundle re-tagged::${RETAG}`,
        `::error file=${demo},line=6,col=1,title=fbc-studio diff-removed%3A Bundle removed from a channel::${REMOVED}`,
        `::error file=${demo},line=6,col=1,title=fbc-studio diff-no-path%3A Installed version loses the path to the channel head::${NO_PATH}`,
        // A removed channel exists only on the old side: it is annotated there.
        `::error file=${OLD}/demo/catalog.yaml,line=14,col=1,title=fbc-studio diff-channel-removed%3A Channel removed::${CHANNEL_GONE}`,
        `::notice file=${demo},line=22,col=1,title=fbc-studio diff-change%3A Catalog change without impact::Bundle demo.v1.2.0 added (package demo).`,
        `::notice file=${demo},line=6,col=1,title=fbc-studio diff-change%3A Catalog change without impact::${STABLE_CHANGED}`,
        `::notice file=${NEW}/extra/catalog.json,line=1,col=1,title=fbc-studio diff-change%3A Catalog change without impact::Package extra added with 1 bundle(s) in channel(s) stable.`,
        `${NEW}: 4 impact(s) on installed versions, 3 other change(s)`,
        '',
      ].join('\n'),
    );
  });

  it("keeps diff's --fail-on levels and exit codes", async () => {
    expect((await run('diff', OLD, NEW, '-o', 'github', '--fail-on', 'never')).code).toBe(0);
    // Only additions: notices, nothing breaking; `any` fails on them.
    const added = await run('diff', NEW, NEW, '-o', 'github');
    expect(added).toMatchObject({
      code: 0,
      out: `${NEW}: 0 impact(s) on installed versions, 0 other change(s)\n`,
    });
    const tmp = mkdtempSync(join(tmpdir(), 'fbc-diff-ci-'));
    try {
      cpSync(NEW, join(tmp, 'old'), { recursive: true });
      cpSync(NEW, join(tmp, 'new'), { recursive: true });
      rmSync(join(tmp, 'old/extra'), { recursive: true });
      const only = await run('diff', join(tmp, 'old'), join(tmp, 'new'), '-o', 'github');
      expect(only.code).toBe(0);
      expect(only.out).toMatch(/^::notice .*Package extra added/);
      expect(
        (await run('diff', join(tmp, 'old'), join(tmp, 'new'), '-o', 'github', '--fail-on', 'any')).code,
      ).toBe(1);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    expect((await run('diff', OLD, 'test/fixtures/cli-report/nope', '-o', 'sarif')).code).toBe(2);
  });
});

describe('diff -o sarif', () => {
  it('is valid SARIF 2.1.0 and its diff rules explain themselves', async () => {
    const { code, out } = await run('diff', OLD, NEW, '-o', 'sarif');
    expect(code).toBe(1);
    const log = JSON.parse(out) as SarifLog;
    expect(validateSarif(log), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
    const run0 = log.runs[0]!;
    const rules = run0.tool.driver.rules;
    const results = run0.results;
    expect(results.map((r) => `${r.level} ${r.ruleId}`)).toEqual([
      'error diff-retag',
      'error diff-removed',
      'error diff-no-path',
      'error diff-channel-removed',
      'note diff-change',
      'note diff-change',
      'note diff-change',
    ]);
    for (const r of results) {
      expect(rules[r.ruleIndex as number]?.id).toBe(r.ruleId);
      expect(r.properties.source).toBe('fbc-studio');
    }
    expect(rules.find((r) => r.id === 'diff-no-path')?.help.text).toContain('replaces, skips or skipRange');
    expect(results[3]?.locations?.[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: `${OLD}/demo/catalog.yaml` },
      region: { startLine: 14, startColumn: 1 },
    });
  });
});

describe('diff -o junit', () => {
  it('one suite for the new side, a testcase per file; --fail-on picks which findings fail', async () => {
    const breaking = parseXml((await run('diff', OLD, NEW, '-o', 'junit')).out);
    expect(breaking.attrs).toMatchObject({ name: 'fbc-studio diff', failures: '2' });
    const [suite] = breaking.children;
    expect(suite?.attrs.name).toBe(NEW);
    expect(cases(suite!)).toEqual([
      // Impacts fail; the notes of the same file stay in its system-out.
      expect.objectContaining({ name: `${NEW}/demo/catalog.yaml`, failed: true }),
      expect.objectContaining({ name: `${NEW}/extra/catalog.json`, failed: false }),
      expect.objectContaining({ name: `${OLD}/demo/catalog.yaml`, failed: true }),
    ]);
    expect(cases(suite!)[0]?.out).toContain('fbc-studio info [diff-change] Bundle demo.v1.2.0 added');
    expect(cases(suite!)[1]?.out).toContain('Package extra added');

    const any = parseXml((await run('diff', OLD, NEW, '-o', 'junit', '--fail-on', 'any')).out);
    expect(cases(any.children[0]!).every((c) => c.failed && c.out === '')).toBe(true);
    const never = parseXml((await run('diff', OLD, NEW, '-o', 'junit', '--fail-on', 'never')).out);
    expect(never.attrs.failures).toBe('0');
  });
});

describe('diff in CI formats against Git and a zip', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'fbc-diff-ci-git-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('--against REV: a removed channel is annotated on the file as the revision has it', async () => {
    const dir = join(tmp, 'repo');
    cpSync(OLD, join(dir, 'catalog'), { recursive: true });
    const author = { name: 'test', email: 'test@example.com' };
    await git.init({ fs, dir, defaultBranch: 'main' });
    await git.add({ fs, dir, filepath: '.' });
    await git.commit({ fs, dir, message: 'old catalog', author });
    rmSync(join(dir, 'catalog'), { recursive: true });
    cpSync(NEW, join(dir, 'catalog'), { recursive: true });
    const { code, out } = await run('diff', join(dir, 'catalog'), '--against', 'HEAD', '-o', 'github');
    expect(code).toBe(1);
    const root = cwdPrefix(join(dir, 'catalog'));
    expect(out).toContain(
      `::error file=${root}/demo/catalog.yaml,line=14,col=1,title=fbc-studio diff-channel-removed`,
    );
    expect(out).toContain(`::error file=${root}/demo/catalog.yaml,line=17,col=8,title=fbc-studio diff-retag`);
  });

  it('a zip side: findings point at the zip, with no line', async () => {
    const zip = join(tmp, 'new.zip');
    const files: Record<string, Uint8Array> = {};
    for (const p of ['demo/catalog.yaml', 'extra/catalog.json'])
      files[p] = strToU8(readFileSync(join(NEW, p), 'utf8'));
    writeFileSync(zip, zipSync(files));
    const { out } = await run('diff', OLD, zip, '-o', 'github');
    expect(out).toContain(`::error file=${cwdPrefix(zip)},title=fbc-studio diff-retag`);
  });
});

const MISSING = 'Missing annotation "operators.operatorframework.io.bundle.channels.v1"';
const EMPTY =
  'Expecting annotation "operators.operatorframework.io.bundle.channels.v1" to have non-empty value';

describe('validate-bundle in CI formats', () => {
  it('-o github: operator-framework errors and our warning, then a summary line', async () => {
    const { code, out, err } = await run('validate-bundle', BUNDLE, '-o', 'github');
    expect(err).toBe('');
    expect(code).toBe(1);
    const ann = `${BUNDLE}/metadata/annotations.yaml`;
    expect(out).toBe(
      [
        `::error file=${ann},line=1,title=operator-framework bundle-annotation-missing%3A Bundle annotation missing::${MISSING}`,
        `::error file=${ann},line=1,title=operator-framework bundle-annotation-empty%3A Empty channels annotation::${EMPTY}`,
        `::warning file=${BUNDLE}/manifests/demo.clusterserviceversion.yaml,line=4,title=fbc-studio bundle-csv-name%3A CSV name::CSV name "demo" does not carry its version "1.1.0"`,
        `${BUNDLE}: registry+v1, invalid, 2 error(s), 1 warning(s)`,
        '',
      ].join('\n'),
    );
  });

  it('-o sarif is valid SARIF 2.1.0 with the bundle-dir rules; sources tell theirs from ours', async () => {
    const log = JSON.parse((await run('validate-bundle', BUNDLE, '-o', 'sarif')).out) as SarifLog;
    expect(validateSarif(log), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
    const results = log.runs[0]!.results;
    expect(results.map((r) => [r.ruleId, r.level, r.properties.source])).toEqual([
      ['bundle-annotation-missing', 'error', 'operator-framework'],
      ['bundle-annotation-empty', 'error', 'operator-framework'],
      ['bundle-csv-name', 'warning', 'fbc-studio'],
    ]);
    expect(log.runs[0]!.tool.driver.rules).toHaveLength(RULES.length);
  });

  it('-o junit: a testcase per bundle file; --fail-on warning fails the CSV too', async () => {
    const byDefault = parseXml((await run('validate-bundle', BUNDLE, '-o', 'junit')).out);
    expect(cases(byDefault.children[0]!).map((c) => [c.name, c.failed])).toEqual([
      [`${BUNDLE}/manifests/demo.clusterserviceversion.yaml`, false],
      [`${BUNDLE}/metadata/annotations.yaml`, true],
    ]);
    const strict = await run('validate-bundle', BUNDLE, '-o', 'junit', '--fail-on', 'warning');
    expect(strict.code).toBe(1);
    expect(cases(parseXml(strict.out).children[0]!).every((c) => c.failed)).toBe(true);
  });

  it('exit codes: --fail-on never passes, findings are 1, usage errors 2 with or without CI options', async () => {
    expect((await run('validate-bundle', BUNDLE, '-o', 'sarif', '--fail-on', 'never')).code).toBe(0);
    expect((await run('validate-bundle', BUNDLE, '--fail-on', 'never')).code).toBe(0);
    expect((await run('validate-bundle', BUNDLE)).code).toBe(1);
    expect((await run('validate-bundle', 'test/fixtures/cli-report/nope', '-o', 'junit')).code).toBe(2);
    expect((await run('validate-bundle', 'test/fixtures/cli-report/nope', '--fail-on', 'error')).code).toBe(
      2,
    );
    expect((await run('validate-bundle', 'test/fixtures/cli-report/nope')).code).toBe(2);
    expect((await run('validate-bundle', BUNDLE, '--fail-on', 'sometimes')).code).toBe(2);
  });
});
