/**
 * Never a false pass (issue #25), on random catalogs laid out in random folder shapes beside random
 * non-FBC files: `validate DIR` never says "no catalog" when DIR holds an olm.* blob (broken files,
 * bundles with no package that read like a veneer template, unknown packages, typo'd schemas
 * included), says it when DIR holds none, and when discovery finds one catalog root its verdict is
 * `opm validate ROOT`'s: the same pass/fail, opm message and findings.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { NodeFsSource } from '../../../src/cli/node-source';
import { checkCatalog } from '../../../src/core/api';
import type { Diagnostic } from '../../../src/core/diagnostics';
import { discoverWorkspace } from '../../../src/core/workspace/discover';
import { fileSubSource } from '../../../src/core/workspace/sub-source';
import { basicTemplate, LICENSE, RENOVATE, semverTemplate, TEKTON } from '../workspace/fixtures';
import { yaml } from './block-yaml';

const tmp = mkdtempSync(join(tmpdir(), 'fbc-no-false-pass-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;

type Fault = 'none' | 'syntax' | 'stub-bundle' | 'no-package-field' | 'unknown-package' | 'typo-schema';

interface CatalogFile {
  pkg: string;
  format: 'json' | 'yaml';
  versions: number;
  fault: Fault;
  /** Folder segments and file name. */
  where: string[];
  name: string;
}

const SEGMENTS = ['catalog', 'catalogs', 'configs', 'v4.16', 'v4.17', 'catalog-4-18', 'foo', 'bar', 'deep'];

const catalogFile = fc.record({
  pkg: fc.constantFrom('foo', 'bar', 'baz'),
  format: fc.constantFrom<'json' | 'yaml'>('json', 'yaml'),
  versions: fc.integer({ min: 1, max: 3 }),
  fault: fc.constantFrom<Fault>(
    'none',
    'none',
    'syntax',
    'stub-bundle',
    'no-package-field',
    'unknown-package',
    'typo-schema',
  ),
  where: fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 3 }),
  name: fc.constantFrom('catalog', 'index', 'pkg'),
});

/** Files that are not FBC: CI, editor, payload, documentation, and templates (not catalog content). */
const EXTRAS: Record<string, string> = {
  '.tekton/push.yaml': TEKTON,
  '.github/workflows/ci.yaml': 'name: ci\non: [push]\njobs: {}\n',
  '.vscode/settings.json': '{\n  // comment\n  "a": 1,\n}\n',
  '.pre-commit-config.yaml':
    'repos:\n  - repo: x\n    hooks:\n      - id: a\n        args: [--a,\n      --b]\n',
  'README.md': '# readme\n',
  LICENSE,
  'deploy/deployment.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n',
  'renovate.json': RENOVATE,
  'templates/basic.yaml': basicTemplate(),
  'templates/semver.yaml': semverTemplate(),
};

function blobs(f: CatalogFile): Record<string, unknown>[] {
  const name = (i: number) => `${f.pkg}.v0.${i}.0`;
  const out: Record<string, unknown>[] = [{ schema: 'olm.package', name: f.pkg, defaultChannel: 'stable' }];
  if (f.fault !== 'stub-bundle')
    out.push({
      schema: 'olm.channel',
      package: f.fault === 'unknown-package' ? 'nowhere' : f.pkg,
      name: 'stable',
      entries: Array.from({ length: f.versions }, (_, i) => ({ name: name(i) })),
    });
  for (let i = 0; i < f.versions; i++) {
    if (f.fault === 'stub-bundle') {
      // Name and image only: a bundle with no package, as a pre-schema veneer writes it.
      out.push({ schema: 'olm.bundle', name: name(i), image: `quay.io/x/${f.pkg}:${i}` });
      continue;
    }
    out.push({
      schema: 'olm.bundle',
      ...(f.fault === 'no-package-field' ? {} : { package: f.pkg }),
      name: name(i),
      image: `quay.io/x/${f.pkg}:${i}`,
      properties: [{ type: 'olm.package', value: { packageName: f.pkg, version: `0.${i}.0` } }],
    });
  }
  if (f.fault === 'typo-schema') out.push({ schema: 'olm.bundel', name: 'oops' });
  return out;
}

function text(f: CatalogFile): string {
  const bl = blobs(f);
  let t =
    f.format === 'json'
      ? bl.map((b) => JSON.stringify(b, null, 2)).join('\n')
      : bl.map((b) => `---${yaml(b)}`).join('\n');
  if (f.fault === 'syntax')
    t = t.replace(
      f.format === 'json' ? '"schema"' : 'schema:',
      f.format === 'json' ? '"schema" "' : 'schema: [',
    );
  return t + '\n';
}

function layOut(files: CatalogFile[], extras: string[]): { dir: string; catalogFiles: number } {
  const dir = join(tmp, `r${n++}`);
  const written = new Set<string>();
  const put = (p: string, t: string) => {
    if (written.has(p)) return false;
    // A file where a folder is, or a folder where a file is: skip it.
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) if (written.has(parts.slice(0, i).join('/'))) return false;
    if ([...written].some((w) => w.startsWith(p + '/'))) return false;
    written.add(p);
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), t);
    return true;
  };
  mkdirSync(dir, { recursive: true });
  let catalogFiles = 0;
  for (const f of files) if (put([...f.where, `${f.name}.${f.format}`].join('/'), text(f))) catalogFiles++;
  for (const e of extras) put(e, EXTRAS[e] as string);
  return { dir, catalogFiles };
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

/** What a user compares between two verdicts: each finding's rule, message and place in its file. */
function findings(ds: readonly Omit<Diagnostic, 'ref'>[]): string[] {
  return ds.map(
    (d) =>
      `${d.rule} ${d.message} @${d.location ? `${d.location.file.split('/').pop()}:${d.location.start.line}:${d.location.start.column}` : '-'}`,
  );
}

interface SingleReport {
  passed: boolean;
  error?: { message: string };
  diagnostics: Omit<Diagnostic, 'ref'>[];
}
interface RepositoryReport {
  passed: boolean;
  catalogs: SingleReport[];
  findings: Omit<Diagnostic, 'ref'>[];
}

describe('validate DIR never passes an olm.* blob by finding no catalog', () => {
  it('random catalogs in random folder shapes, beside non-FBC files', async () => {
    let oneRoot = 0;
    let none = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(catalogFile, { maxLength: 4 }),
        fc.subarray(Object.keys(EXTRAS)),
        async (files, extras) => {
          const { dir, catalogFiles } = layOut(files, extras);
          // opm's verdict is the subject: a .tekton extra would otherwise choose the konflux pack too.
          const { code, out, err } = await run('validate', dir, '-o', 'json', '--policy', 'none');
          const report = JSON.parse(out) as SingleReport | RepositoryReport;
          // A second line may name render-template for the templates among the extras.
          const noCatalog = err.startsWith(`no catalog found in ${dir}\n`);
          expect(noCatalog).toBe(catalogFiles === 0);
          if (noCatalog) {
            none++;
            expect([code, report]).toEqual([
              0,
              {
                passed: true,
                catalogs: [],
                findings: [expect.objectContaining({ rule: 'no-catalog-found' })],
              },
            ]);
            return;
          }
          expect(err).toBe('');
          const source = new NodeFsSource(dir);
          const d = await discoverWorkspace(source);
          expect(d.catalogs.length).toBeGreaterThan(0);
          if (d.catalogs.length !== 1) return;
          oneRoot++;
          // opm validate ROOT, on its own.
          const root = d.catalogs[0]!;
          const alone = await checkCatalog(
            root.isFile ? fileSubSource(source, root.path) : new NodeFsSource(join(dir, root.dir)),
          );
          const got = 'catalogs' in report ? (report.catalogs[0] as SingleReport) : report;
          expect(got.passed).toBe(alone.result.passed);
          expect(code).toBe(alone.result.passed ? 0 : 1);
          expect(got.error?.message).toBe(alone.result.passed ? undefined : alone.result.opmMessage);
          expect(findings(got.diagnostics)).toEqual(
            findings(alone.result.diagnostics.map(({ ref: _ref, ...x }) => x)),
          );
        },
      ),
      { numRuns: 80 },
    );
    // The generator reaches both cases often.
    expect(oneRoot).toBeGreaterThan(10);
    expect(none).toBeGreaterThan(3);
  }, 120_000);
});
