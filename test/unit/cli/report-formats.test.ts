/**
 * `validate -o github|sarif|junit` and `--fail-on` through the CLI entry, on a catalog with
 * findings in three files (two opm errors, our warning and our note), as a CI job runs it from the
 * repository root. Paths are working-directory relative: what annotations and code scanning resolve.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { RULES } from '../../../src/core/rules';
import { parseXml, type XmlElement } from '../../support/xml';

const CATALOG = 'test/fixtures/cli-report/catalog';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

const R32 =
  'error parsing bundle "bar.v0.3.0" version "0.3": No Major.Minor.Patch elements found (package bar, bundle bar.v0.3.0)';
const R35 =
  'no olm.bundle blobs found in package "foo" for olm.channel entries [foo.v2.0.0] (package foo, channel stable';
const SKIPPED =
  '"bar.v0.1.0" is skipped by "bar.v0.2.0" and is also the replaces target of "bar.v0.2.0", "bar.v0.3.0" in channel "fast". OLM v0 leaves skipped bundles out of the upgrade order and ignores their edges; today every bundle it replaces still has another upgrade edge, so no cluster is stranded. opm validate accepts this; this is an FBC Studio check, not an opm error. (package bar, channel fast, bundle bar.v0.1.0)';
const TYPO =
  'schema "olm.chanel" is not a schema opm knows; did you mean "olm.channel"? opm keeps blobs with unknown schemas without reading them, so this one has no effect. opm validate accepts this; this is an FBC Studio check, not an opm error. (package bar)';

describe('validate -o github', () => {
  it('prints one workflow command per finding, escaped, then a summary line per catalog', async () => {
    const { code, out, err } = await run('validate', CATALOG, '-o', 'github');
    expect(code).toBe(1);
    expect(err).toBe('');
    expect(out).toBe(
      [
        `::error file=${CATALOG}/bar/index.json,line=35,col=87,title=opm R32%3A Version is not semver::${R32}`,
        `::error file=${CATALOG}/foo/index.yaml,line=13,col=11,title=opm R35%3A Channel entry without a bundle::${R35})`,
        `::error file=${CATALOG}/foo/index.yaml,line=13,col=11,title=opm R35%3A Channel entry without a bundle::${R35}, bundle foo.v2.0.0)`,
        `::notice file=${CATALOG}/bar/index.json,line=11,col=15,title=fbc-studio skipped-replaces-target%3A Skipped bundle is also a replaces target::${SKIPPED}`,
        `::warning file=${CATALOG}/bar/notes.yaml,line=1,col=9,title=fbc-studio schema-typo%3A Schema looks like a typo::${TYPO}`,
        `${CATALOG}: failed, 3 errors, 1 warning`,
        '',
      ].join('\n'),
    );
  });
});

describe('validate -o junit', () => {
  it('one testsuite for the catalog, one testcase per file; warnings below --fail-on go to system-out', async () => {
    const { code, out } = await run('validate', CATALOG, '-o', 'junit');
    expect(code).toBe(1);
    const esc = (s: string) => s.replace(/"/g, '&quot;');
    expect(out).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="fbc-studio validate" tests="3" failures="2" errors="0">
  <testsuite name="${CATALOG}" tests="3" failures="2" errors="0" skipped="0">
    <testcase classname="${CATALOG}" name="${CATALOG}/bar/index.json">
      <failure message="[R32] ${esc(R32)}" type="R32">${CATALOG}/bar/index.json:35:87: opm error [R32] ${esc(R32)}</failure>
      <system-out>${CATALOG}/bar/index.json:11:15: fbc-studio info [skipped-replaces-target] ${esc(SKIPPED)}</system-out>
    </testcase>
    <testcase classname="${CATALOG}" name="${CATALOG}/bar/notes.yaml">
      <system-out>${CATALOG}/bar/notes.yaml:1:9: fbc-studio warning [schema-typo] ${esc(TYPO)}</system-out>
    </testcase>
    <testcase classname="${CATALOG}" name="${CATALOG}/foo/index.yaml">
      <failure message="2 findings" type="R35">${CATALOG}/foo/index.yaml:13:11: opm error [R35] ${esc(R35)})
${CATALOG}/foo/index.yaml:13:11: opm error [R35] ${esc(R35)}, bundle foo.v2.0.0)</failure>
    </testcase>
  </testsuite>
</testsuites>
`,
    );
  });

  it('parses as XML whose counts match its testcases; --fail-on warning fails the warned file too', async () => {
    const { code, out } = await run('validate', CATALOG, '-o', 'junit', '--fail-on', 'warning');
    expect(code).toBe(1);
    const root = parseXml(out);
    expect(root.name).toBe('testsuites');
    const suites = root.children;
    expect(suites.map((s) => s.attrs.name)).toEqual([CATALOG]);
    const cases = (suites[0] as XmlElement).children;
    const failed = cases.filter((c) => c.children.some((x) => x.name === 'failure'));
    expect(failed.map((c) => c.attrs.name)).toEqual([
      `${CATALOG}/bar/index.json`,
      `${CATALOG}/bar/notes.yaml`,
      `${CATALOG}/foo/index.yaml`,
    ]);
    expect(root.attrs).toMatchObject({ tests: String(cases.length), failures: String(failed.length) });
    expect(suites[0]?.attrs.failures).toBe('3');
    // The text is the finding as written, quotes and all, once the XML is read back.
    const typo = failed[1]?.children.find((x) => x.name === 'failure');
    expect(typo?.text).toBe(`${CATALOG}/bar/notes.yaml:1:9: fbc-studio warning [schema-typo] ${TYPO}`);
  });
});

describe('validate -o sarif', () => {
  it('results carry rule, level, location and where the check comes from', async () => {
    const { code, out } = await run('validate', CATALOG, '-o', 'sarif');
    expect(code).toBe(1);
    const log = JSON.parse(out) as {
      version: string;
      runs: { tool: { driver: { name: string; rules: { id: string }[] } }; results: unknown[] }[];
    };
    expect(log.version).toBe('2.1.0');
    const [run0] = log.runs;
    const where = (file: string, startLine: number, startColumn: number) => [
      {
        physicalLocation: {
          artifactLocation: { uri: `${CATALOG}/${file}` },
          region: { startLine, startColumn },
        },
      },
    ];
    const index = (id: string) => RULES.findIndex((r) => r.id === id);
    const props = (source: string) => ({ source, catalog: CATALOG });
    expect(run0?.results).toEqual([
      {
        ruleId: 'R32',
        ruleIndex: index('R32'),
        level: 'error',
        message: { text: R32 },
        locations: where('bar/index.json', 35, 87),
        properties: props('opm'),
      },
      {
        ruleId: 'R35',
        ruleIndex: index('R35'),
        level: 'error',
        message: { text: `${R35})` },
        locations: where('foo/index.yaml', 13, 11),
        properties: props('opm'),
      },
      {
        ruleId: 'R35',
        ruleIndex: index('R35'),
        level: 'error',
        message: { text: `${R35}, bundle foo.v2.0.0)` },
        locations: where('foo/index.yaml', 13, 11),
        properties: props('opm'),
      },
      {
        ruleId: 'skipped-replaces-target',
        ruleIndex: index('skipped-replaces-target'),
        level: 'note',
        message: { text: SKIPPED },
        locations: where('bar/index.json', 11, 15),
        properties: props('fbc-studio'),
      },
      {
        ruleId: 'schema-typo',
        ruleIndex: index('schema-typo'),
        level: 'warning',
        message: { text: TYPO },
        locations: where('bar/notes.yaml', 1, 9),
        properties: props('fbc-studio'),
      },
    ]);
  });

  it('describes every rule of the catalogue once, with its help and which tool owns it', async () => {
    const log = JSON.parse((await run('validate', CATALOG, '-o', 'sarif')).out);
    const rules = log.runs[0].tool.driver.rules as Record<string, unknown>[];
    expect(rules.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    const r55 = RULES.find((r) => r.id === 'R55');
    expect(rules.find((r) => r.id === 'R55')).toMatchObject({
      name: r55?.title,
      shortDescription: { text: r55?.summary },
      fullDescription: { text: r55?.description },
      helpUri: r55?.upstream.url,
      defaultConfiguration: { level: 'error' },
      properties: { source: 'opm', group: 'channel' },
    });
    expect(rules.find((r) => r.id === 'skips-only')).toMatchObject({
      defaultConfiguration: { level: 'warning' },
      properties: { source: 'fbc-studio' },
    });
  });
});

describe('--fail-on and exit codes', () => {
  it('error (default) fails on opm errors, never does not, warning also on warnings', async () => {
    expect((await run('validate', CATALOG, '-o', 'github')).code).toBe(1);
    expect((await run('validate', CATALOG, '-o', 'github', '--fail-on', 'never')).code).toBe(0);
    expect((await run('validate', CATALOG, '--fail-on=never')).code).toBe(0);
    expect((await run('validate', CATALOG, '-o', 'json', '--fail-on', 'error')).code).toBe(1);
  });

  it('a clean catalog with only our warnings passes at error and fails at warning', async () => {
    const dir = 'test/fixtures/cli-report/warned';
    expect((await run('validate', dir)).code).toBe(0);
    expect((await run('validate', dir, '--fail-on', 'warning')).code).toBe(1);
    const gh = await run('validate', dir, '-ogithub', '--fail-on', 'warning');
    expect(gh.code).toBe(1);
    expect(gh.out.split('\n').filter((l) => l.startsWith('::warning '))).toHaveLength(1);
  });

  it('usage and I/O errors exit 2, with --fail-on or a CI format named or not', async () => {
    const bad = await run('validate', CATALOG, '--fail-on', 'sometimes');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(
      /^invalid --fail-on value "sometimes", expected \(error\|warning\|never\)\n\nUsage: fbc-studio validate /,
    );
    expect((await run('validate', 'test/fixtures/cli-report/nope', '-o', 'sarif')).code).toBe(2);
    expect((await run('validate', 'test/fixtures/cli-report/nope', '--fail-on', 'error')).code).toBe(2);
    expect((await run('validate', CATALOG, '-o', 'xml', '--fail-on', 'error')).code).toBe(2);
    // Without them too: 1 stays opm's verdict on a catalog, never a usage error.
    expect(await run('validate', 'test/fixtures/cli-report/nope')).toMatchObject({
      code: 2,
      err: 'stat test/fixtures/cli-report/nope: no such file or directory\n',
    });
    expect((await run('validate', CATALOG, '-o', 'xml')).code).toBe(2);
  });
});
