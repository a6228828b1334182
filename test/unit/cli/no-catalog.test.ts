/**
 * `validate` where discovery finds no catalog root (issue #25): a repository with no FBC at all and a
 * community-style repository of bundle folders say "no catalog found in DIR" once and judge none of
 * their files; a folder whose FBC blobs discovery does not recognise (an olm.bundle with no package,
 * which reads like a veneer template) is still validated as `opm validate DIR` and fails as opm does.
 * Text, JSON, `-o github` and SARIF, with exact findings, stderr and exit codes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { RENOVATE, TEKTON } from '../workspace/fixtures';

let root = '';

function write(base: string, files: Record<string, string>): string {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, p)), { recursive: true });
    writeFileSync(join(base, p), text);
  }
  return base;
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** A pre-commit configuration our YAML parser rejects ("deficient indentation"): not ours to judge. */
const PRE_COMMIT =
  'repos:\n  - repo: https://github.com/psf/black\n    rev: 23.1.0\n    hooks:\n      - id: black\n' +
  '        args: [--line-length=100,\n      --skip-string-normalization]\n';

const NO_FBC = {
  '.tekton/push.yaml': TEKTON,
  '.github/workflows/ci.yaml':
    'name: ci\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n',
  '.vscode/settings.json': '{\n  // format on save\n  "editor.formatOnSave": true,\n}\n',
  '.pre-commit-config.yaml': PRE_COMMIT,
  'README.md': '# foo-operator\n\nBuilds the operator.\n',
  'deploy/deployment.yaml':
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: foo\nspec:\n  replicas: 1\n',
  'renovate.json': RENOVATE,
};

const CSV =
  'apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: foo.v0.1.0\n' +
  'spec:\n  version: 0.1.0\n  replaces: foo.v0.0.9\n  install:\n    strategy: deployment\n';
const CRD =
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: foos.example.com\n' +
  'spec:\n  group: example.com\n  names: {kind: Foo, plural: foos}\n  scope: Namespaced\n  versions:\n' +
  '    - name: v1\n      served: true\n      storage: true\n      schema:\n        openAPIV3Schema: {type: object}\n';
const ANNOTATIONS =
  'annotations:\n  operators.operatorframework.io.bundle.mediatype.v1: registry+v1\n' +
  '  operators.operatorframework.io.bundle.package.v1: foo\n  operators.operatorframework.io.bundle.channels.v1: stable\n';

const COMMUNITY = {
  'README.md': '# community operators\n',
  'operators/foo/ci.yaml': 'updateGraph: replaces-mode\nreviewers: [someone]\n',
  'operators/foo/0.1.0/manifests/foo.clusterserviceversion.yaml': CSV,
  'operators/foo/0.1.0/manifests/foos.example.com.crd.yaml': CRD,
  'operators/foo/0.1.0/metadata/annotations.yaml': ANNOTATIONS,
};

/** An olm.package and an olm.bundle with no package (no properties either: it reads like a veneer). */
const UNRECOGNISED = {
  'catalog.yaml':
    '---\nschema: olm.package\nname: foo\ndefaultChannel: stable\n---\nschema: olm.bundle\nname: foo.v0.1.0\nimage: quay.io/foo/bundle:v0.1.0\n',
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fbc-no-catalog-'));
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** For a folder of bundles, stderr says so and names the command that checks them. */
const BUNDLE_HINT = (dir: string) =>
  'it holds an operator bundle (manifests/ and metadata/: operators/foo/0.1.0), which validate does not ' +
  `check; check it with: fbc-studio validate-bundle ${dir}/operators/foo/0.1.0\n`;

describe.each([
  [
    'a repository with no FBC (Tekton, GitHub, editor, pre-commit and payload files)',
    'no-fbc',
    NO_FBC,
    () => '',
  ],
  [
    'a community-style repository: bundle folders under operators/, no catalogs/',
    'community',
    COMMUNITY,
    BUNDLE_HINT,
  ],
])('validate on %s', (_label, name, files, hint) => {
  let dir = '';
  let stderr = '';
  beforeAll(() => {
    dir = write(join(root, name), files);
    stderr = `no catalog found in ${dir}\n${hint(dir)}`;
  });

  it('text: "no catalog found in DIR" on stderr, nothing on stdout, exit 0 (opm on an empty folder)', async () => {
    expect(await run('validate', dir)).toEqual({ code: 0, out: '', err: stderr });
  });

  it('text with --fail-on warning: the one warning fails the run', async () => {
    expect(await run('validate', dir, '--fail-on', 'warning')).toEqual({
      code: 1,
      out: '',
      err: stderr,
    });
  });

  it('-o json: no catalog, one no-catalog-found warning, no finding on any file', async () => {
    const { code, out, err } = await run('validate', dir, '-o', 'json');
    expect(code).toBe(0);
    expect(err).toBe(stderr);
    expect(JSON.parse(out)).toEqual({
      passed: true,
      catalogs: [],
      findings: [
        {
          severity: 'warning',
          source: 'fbc-studio',
          rule: 'no-catalog-found',
          message: `no catalog found in ${dir}`,
        },
      ],
    });
  });

  it('-o github: one warning annotation on the folder, exit 0', async () => {
    const { code, out, err } = await run('validate', dir, '-o', 'github');
    expect(code).toBe(0);
    expect(err).toBe(stderr);
    expect(out).toBe(
      `::warning file=${dir},title=fbc-studio no-catalog-found%3A No catalog in the folder::no catalog found in ${dir}\n`,
    );
  });

  it('-o sarif: one result, a warning located at the folder', async () => {
    const { code, out } = await run('validate', dir, '-o', 'sarif');
    expect(code).toBe(0);
    const log = JSON.parse(out) as { runs: { results: unknown[] }[] };
    expect(log.runs[0]?.results).toEqual([
      {
        ruleId: 'no-catalog-found',
        ruleIndex: expect.any(Number) as unknown,
        level: 'warning',
        message: { text: `no catalog found in ${dir}` },
        locations: [{ physicalLocation: { artifactLocation: { uri: `file://${dir}` } } }],
        properties: { source: 'fbc-studio' },
      },
    ]);
  });

  it('validate-changed (the pre-commit hook) on every file: nothing to validate, exit 0', async () => {
    let out = '';
    const code = await main(['validate-changed', ...Object.keys(files)], {
      out: (s) => (out += s),
      err: (s) => (out += s),
      cwd: dir,
    });
    expect([code, out]).toEqual([0, '']);
  });

  it('workspace lists every file as other, no catalog and no finding', async () => {
    const { code, out } = await run('workspace', dir, '-o', 'json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as { catalogs: unknown[]; other: string[]; findings: unknown[] };
    expect(report.catalogs).toEqual([]);
    expect(report.other.sort()).toEqual(Object.keys(files).sort());
    expect(report.findings).toEqual([]);
  });
});

describe('validate on a folder of FBC blobs discovery does not recognise', () => {
  let dir = '';
  beforeAll(() => {
    dir = write(join(root, 'unrecognised'), UNRECOGNISED);
  });

  const OPM = 'package name must be set for bundle "foo.v0.1.0"';

  it('text: opm\'s verdict on the folder, exit 1 (it used to pass with "No catalogs found.")', async () => {
    expect(await run('validate', dir)).toEqual({
      code: 1,
      out: '',
      err:
        `${OPM}\n\n` +
        `catalog.yaml:6:1   error    [R24]  ${OPM}\n` +
        `catalog.yaml:4:17  error    [R54]  channel must contain at least one bundle (package foo, channel stable)\n` +
        '\n2 errors, 0 warnings. `fbc-studio rules <id>` explains a rule (or --explain).\n',
    });
  });

  it("-o json: opm's error and the located findings", async () => {
    const { code, out, err } = await run('validate', dir, '-o', 'json');
    expect([code, err]).toEqual([1, '']);
    const report = JSON.parse(out) as {
      passed: boolean;
      error: { message: string };
      diagnostics: { rule: string; location: { file: string; start: { line: number } } }[];
    };
    expect(report.passed).toBe(false);
    expect(report.error).toEqual({ message: OPM });
    expect(report.diagnostics.map((d) => [d.rule, d.location.file, d.location.start.line])).toEqual([
      ['R24', 'catalog.yaml', 6],
      ['R54', 'catalog.yaml', 4],
    ]);
  });

  it('-o github: one error annotation per finding, then the catalog line, exit 1', async () => {
    const { code, out } = await run('validate', dir, '-o', 'github');
    expect(code).toBe(1);
    expect(out.split('\n').filter(Boolean)).toEqual([
      `::error file=${dir}/catalog.yaml,line=6,col=1,title=opm R24%3A Bundle without a package::${OPM} (bundle foo.v0.1.0)`,
      expect.stringMatching(
        new RegExp(
          `^::error file=${dir}/catalog\\.yaml,line=4,col=17,title=opm R54%3A .*::channel must contain`,
        ),
      ) as unknown,
      `${dir}: failed, 2 errors, 0 warnings`,
    ]);
  });

  it('-o sarif: the two opm errors, located', async () => {
    const { code, out } = await run('validate', dir, '-o', 'sarif');
    expect(code).toBe(1);
    const log = JSON.parse(out) as {
      runs: {
        results: {
          ruleId: string;
          level: string;
          locations: { physicalLocation: { artifactLocation: { uri: string }; region: object } }[];
        }[];
      }[];
    };
    expect(
      log.runs[0]?.results.map((r) => [r.ruleId, r.level, r.locations[0]?.physicalLocation.region]),
    ).toEqual([
      ['R24', 'error', { startLine: 6, startColumn: 1 }],
      ['R54', 'error', { startLine: 4, startColumn: 17 }],
    ]);
    expect(log.runs[0]?.results[0]?.locations[0]?.physicalLocation.artifactLocation.uri).toBe(
      `file://${dir}/catalog.yaml`,
    );
  });
});

describe('validate on one operator bundle folder', () => {
  it('says it is a bundle and names validate-bundle, exit 0; the several bundles of a folder are counted', async () => {
    const repo = write(join(root, 'bundles'), COMMUNITY);
    const one = join(repo, 'operators/foo/0.1.0');
    expect(await run('validate', one)).toEqual({
      code: 0,
      out: '',
      err:
        `no catalog found in ${one}\n` +
        'it is an operator bundle (manifests/ and metadata/), which validate does not check; ' +
        `check it with: fbc-studio validate-bundle ${one}\n`,
    });
    for (const v of ['0.2.0', '0.3.0', '0.4.0']) {
      write(join(repo, `operators/foo/${v}`), {
        'manifests/foo.clusterserviceversion.yaml': CSV,
        'metadata/annotations.yaml': ANNOTATIONS,
      });
    }
    const { err } = await run('validate', join(repo, 'operators'));
    expect(err.split('\n')[1]).toBe(
      'it holds 4 operator bundles (manifests/ and metadata/: foo/0.1.0, foo/0.2.0, foo/0.3.0, …), which ' +
        `validate does not check; check one with: fbc-studio validate-bundle ${repo}/operators/foo/0.1.0`,
    );
  });
});

describe('validate on a repository that commits only its templates (catalogs rendered at build time)', () => {
  const TEMPLATE =
    'schema: olm.template.basic\nentries:\n  - {schema: olm.package, name: foo, defaultChannel: stable}\n' +
    '  - {schema: olm.channel, package: foo, name: stable, entries: [{name: foo.v0.1.0}]}\n' +
    '  - {schema: olm.bundle, image: quay.io/foo/bundle:v0.1.0}\n';
  let dir = '';
  let stderr = '';
  beforeAll(() => {
    dir = write(join(root, 'templates-only'), {
      '.tekton/push.yaml': TEKTON,
      'catalog/v4.18/template.yaml': TEMPLATE,
      'catalog/v4.17/template.yaml': TEMPLATE,
    });
    stderr =
      `no catalog found in ${dir}\n` +
      'it holds 2 catalog templates (catalog/v4.17/template.yaml, catalog/v4.18/template.yaml) but no catalog ' +
      `rendered from them; render one with: fbc-studio render-template ${dir}/catalog/v4.17/template.yaml\n`;
  });

  it('text: says the templates are there and names render-template, exit 0', async () => {
    expect(await run('validate', dir)).toEqual({ code: 0, out: '', err: stderr });
  });

  it('-o json and -o github: the same stderr, the one no-catalog-found warning', async () => {
    const json = await run('validate', dir, '-o', 'json');
    expect([json.code, json.err]).toEqual([0, stderr]);
    expect((JSON.parse(json.out) as { findings: { rule: string }[] }).findings.map((f) => f.rule)).toEqual([
      'no-catalog-found',
    ]);
    const github = await run('validate', dir, '-o', 'github');
    expect([github.code, github.err]).toEqual([0, stderr]);
  });
});

describe('validate on a Crossplane package or a Fleet bundle (formats read beside OLM)', () => {
  it('names crossplane validate and fleet validate, exit 0', async () => {
    const xp = write(join(root, 'crossplane-pkg'), {
      'package/crossplane.yaml':
        'apiVersion: meta.pkg.crossplane.io/v1\nkind: Provider\nmetadata:\n  name: provider-foo\n',
    });
    expect(await run('validate', xp)).toEqual({
      code: 0,
      out: '',
      err:
        `no catalog found in ${xp}\n` +
        'it holds a Crossplane package (package/crossplane.yaml), which validate does not check; ' +
        `check it with: fbc-studio crossplane validate ${xp}\n`,
    });
    const fleet = write(join(root, 'fleet-bundle'), {
      'fleet.yaml': 'defaultNamespace: foo\n',
      'deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: foo\n',
    });
    expect((await run('validate', fleet)).err).toBe(
      `no catalog found in ${fleet}\n` +
        'it holds a Fleet bundle (fleet.yaml), which validate does not check; ' +
        `check it with: fbc-studio fleet validate ${fleet}\n`,
    );
  });
});
