/**
 * Judging each catalog as its own pipeline renders it (issue 25): a repository whose one template is
 * rendered without a migrate level up to 4.16 and with bundle-object-to-csv-metadata from 4.17 has
 * no drift for that; a hand edit of one catalog's bundle is one repository finding naming the
 * catalogs on each side; a hand-edited channel is drift that says what a render would change.
 * render-template takes opm's --migrate-level and reads one-file catalogs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { NodeFsSource } from '../../../src/cli/node-source';
import { checkWorkspace, discoverWorkspace, loadRepositoryJudging } from '../../../src/core/workspace';
import {
  BUNDLE_OBJECT_CATALOG,
  CSV_METADATA_CATALOG,
  fileCatalogRepository,
  IMAGE_1,
  migrateLevelRepository,
  staleFileCatalogRepository,
} from './render-truth-fixture';

let root = '';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fbc-render-truth-'));
  for (const [name, files] of [
    ['versions', migrateLevelRepository()],
    ['files', fileCatalogRepository()],
    ['stale-files', staleFileCatalogRepository()],
  ] as const) {
    for (const [p, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, name, p)), { recursive: true });
      writeFileSync(join(root, name, p), text);
    }
  }
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const DISAGREE =
  `v4.16/catalog and v4.17/catalog (with v4.19/catalog) disagree about image ${IMAGE_1}: ` +
  'properties olm.maxOpenShiftVersion differ';
const DRIFT =
  'v4.19/catalog is not what v4.19/catalog-template.yaml renders at migrate level bundle-object-to-csv-metadata ' +
  '(its bundles carry olm.csv.metadata): channel entries/edges [as the template lists them]: ' +
  'stable: foo.v0.2.0 skips foo.v0.0.9 → none. Rendering the template again would change exactly this; ' +
  'a change meant to stay belongs in the template';

describe('workspace on a repository with per-version migrate levels and a stale older catalog', () => {
  it('text: no drift for the migrate level; one finding naming both sides of the stale bundle; the real drift', async () => {
    const r = await run('workspace', join(root, 'versions'));
    expect(r.code).toBe(0);
    expect(r.out.slice(r.out.indexOf('Findings'))).toBe(
      'Findings (2):\n' +
        `  v4.16/catalog/foo/catalog.json:20:1  warning  [image-content-disagrees]  ${DISAGREE} (package foo)\n` +
        `  v4.19/catalog-template.yaml:1:1      warning  [template-drift]  ${DRIFT}\n` +
        '\n0 errors, 2 warnings. `fbc-studio rules <id>` explains a rule (or --explain).\n',
    );
  });

  it('-o json: the same two findings, located', async () => {
    const r = await run('workspace', join(root, 'versions'), '-o', 'json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { findings: Record<string, unknown>[] };
    expect(report.findings.map((f) => [f.rule, f.message, (f.location as { file: string }).file])).toEqual([
      ['image-content-disagrees', DISAGREE, 'v4.16/catalog/foo/catalog.json'],
      ['template-drift', DRIFT, 'v4.19/catalog-template.yaml'],
    ]);
    // Each catalog as judged: its level and why, what differs by group, never a diff.
    const judged = (report as unknown as { templates: { judged: unknown[] }[] }).templates.map(
      (t) => t.judged,
    );
    expect(judged).toEqual([
      [
        {
          catalog: 'v4.16/catalog',
          level: 'none',
          levelWhy: 'its bundles carry olm.bundle.object',
          groups: [],
        },
      ],
      [
        {
          catalog: 'v4.17/catalog',
          level: 'bundle-object-to-csv-metadata',
          levelWhy: 'its bundles carry olm.csv.metadata',
          groups: [],
        },
      ],
      [
        {
          catalog: 'v4.19/catalog',
          level: 'bundle-object-to-csv-metadata',
          levelWhy: 'its bundles carry olm.csv.metadata',
          groups: [
            {
              id: 'channels',
              title: 'channel entries/edges',
              assumes: 'as the template lists them',
              items: ['stable: foo.v0.2.0 skips foo.v0.0.9 → none'],
            },
          ],
        },
      ],
    ]);
    expect(r.out).not.toContain('@@');
  });

  it('-o github and SARIF: warnings at the stale bundle and the template; --fail-on warning exits 1', async () => {
    const dir = join(root, 'versions');
    const gh = await run('workspace', dir, '-o', 'github');
    expect(gh.code).toBe(0);
    expect(gh.out.split('\n').filter((l) => l.startsWith('::'))).toEqual([
      `::warning file=${dir}/v4.16/catalog/foo/catalog.json,line=20,col=1,title=fbc-studio image-content-disagrees%3A Catalogs disagree about one bundle image::${DISAGREE} (package foo)`,
      `::warning file=${dir}/v4.19/catalog-template.yaml,line=1,col=1,title=fbc-studio template-drift%3A Catalog differs from its template::${DRIFT}`,
    ]);
    const sarif = await run('workspace', dir, '-o', 'sarif', '--fail-on', 'warning');
    expect(sarif.code).toBe(1);
    const results = (
      JSON.parse(sarif.out) as {
        runs: {
          results: {
            ruleId: string;
            level: string;
            message: { text: string };
            locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
          }[];
        }[];
      }
    ).runs[0]!.results;
    expect(
      results.map((x) => [
        x.ruleId,
        x.level,
        x.message.text,
        x.locations[0]?.physicalLocation.artifactLocation.uri,
      ]),
    ).toEqual([
      [
        'image-content-disagrees',
        'warning',
        `${DISAGREE} (package foo)`,
        `file://${dir}/v4.16/catalog/foo/catalog.json`,
      ],
      ['template-drift', 'warning', DRIFT, `file://${dir}/v4.19/catalog-template.yaml`],
    ]);
  });
});

describe('a migrate level set for a catalog (the repository configuration sets WorkspaceCatalog.migrateLevel)', () => {
  it('wins over the form the catalog keeps, and the finding says so', async () => {
    const d = await discoverWorkspace(new NodeFsSource(join(root, 'versions')));
    const v419 = d.catalogs.find((c) => c.path === 'v4.19/catalog')!;
    Object.assign(v419, { migrateLevel: 'none' });
    await loadRepositoryJudging(d);
    const checked = checkWorkspace(d, { templates: true });
    const drift = checked.templates.find((t) => t.template.path === 'v4.19/catalog-template.yaml')!.status
      .drift[0]!;
    expect([drift.level, drift.levelWhy]).toEqual(['none', 'set in the repository configuration']);
    // Unmigrated, each bundle is its olm.bundle.object form (from v4.16, the only catalog keeping it).
    expect(drift.groups.find((g) => g.id === 'bundle-content')?.items).toEqual([
      'foo.v0.1.0: olm.bundle.object, olm.csv.metadata',
      'foo.v0.2.0: olm.bundle.object, olm.csv.metadata',
    ]);
  });
});

describe('file catalogs (one file per OpenShift version)', () => {
  it('workspace: both files judged at their own level, no finding', async () => {
    const r = await run('workspace', join(root, 'files'), '-o', 'json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { catalogs: { path: string }[]; findings: unknown[] };
    expect(report.catalogs.map((c) => c.path)).toEqual([
      'catalogs/foo-v4.16.json',
      'catalogs/foo-v4.18.json',
    ]);
    expect(report.findings).toEqual([]);
  });

  it('a finding in a file catalog names the file itself, in text, github and SARIF', async () => {
    const dir = join(root, 'stale-files');
    const message =
      `catalogs/foo-v4.16.json and catalogs/foo-v4.18.json disagree about image ${IMAGE_1}: ` +
      'properties olm.maxOpenShiftVersion differ (package foo)';
    const text = await run('workspace', dir);
    expect(text.out).toContain(
      `Findings (1):\n  catalogs/foo-v4.16.json:20:1  warning  [image-content-disagrees]  ${message}\n`,
    );
    const gh = await run('workspace', dir, '-o', 'github');
    expect(gh.out).toContain(`::warning file=${dir}/catalogs/foo-v4.16.json,line=20,col=1,`);
    const sarif = JSON.parse((await run('workspace', dir, '-o', 'sarif')).out) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    expect(sarif.runs[0]!.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri)).toEqual([
      `file://${dir}/catalogs/foo-v4.16.json`,
    ]);
  });

  it('render-template searches them by default and renders at the level its first catalog was rendered at', async () => {
    const r = await run('render-template', join(root, 'files', 'catalog-template.yaml'));
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      `migrate level none, as ${join(root, 'files', 'catalogs/foo-v4.16.json')} was rendered (its bundles carry olm.bundle.object); --migrate-level chooses another\n`,
    );
    expect(r.out).toBe(BUNDLE_OBJECT_CATALOG);
  });

  // `all` runs every migration, as NewMigrations("all") does: today that is bundle-object-to-csv-metadata.
  it.each(['bundle-object-to-csv-metadata', 'all'])(
    '--bundles FILE and --migrate-level %s: the 4.17+ catalog, from the 4.16 file',
    async (level) => {
      const r = await run(
        'render-template',
        join(root, 'files', 'catalog-template.yaml'),
        '--bundles',
        join(root, 'files', 'catalogs/foo-v4.16.json'),
        '--migrate-level',
        level,
      );
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toBe(CSV_METADATA_CATALOG);
    },
  );

  it('--migrate-level none from the 4.18 file: opm writes olm.bundle.object, which that file cannot give', async () => {
    const r = await run(
      'render-template',
      join(root, 'files', 'catalog-template.yaml'),
      '--bundles',
      join(root, 'files', 'catalogs/foo-v4.18.json'),
      '--migrate-level',
      'none',
    );
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      "warning: bundle foo.v0.1.0 is kept only as olm.csv.metadata in the repository's catalogs: unmigrated, opm writes its olm.bundle.object properties\n" +
        "warning: bundle foo.v0.2.0 is kept only as olm.csv.metadata in the repository's catalogs: unmigrated, opm writes its olm.bundle.object properties\n",
    );
  });

  it("an unknown level is opm's error", async () => {
    const r = await run(
      'render-template',
      join(root, 'files', 'catalog-template.yaml'),
      '--migrate-level',
      'all-the-things',
    );
    expect(r).toEqual({ code: 1, out: '', err: 'Error: unknown migration level "all-the-things"\n' });
  });
});
