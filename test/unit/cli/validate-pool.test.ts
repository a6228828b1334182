/**
 * `validate` on loader threads (each thread validates the packages whose files it parsed) gives
 * exactly the one-thread verdict: opm's text, stage, and every finding with its message and
 * file:line:column, on random catalogs of JSON streams and YAML documents with broken blobs,
 * dangling edges, bad versions, duplicate and unknown packages. Where a package's files went to two
 * threads the pool declines and the catalog is validated on one thread; the test checks it does
 * both often.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yaml } from './block-yaml';
import { NodeFsSource } from '../../../src/cli/node-source';
import { reportForFolder } from '../../../src/cli/report/collect';
import { checkFolder, discoverForReport } from '../../../src/cli/validate-folder';
import { validateCommand } from '../../../src/cli/validate-command';
import { groupFiles, ValidatePool } from '../../../src/cli/validate-pool';
import { compareWalkOrder } from '../../../src/core/load';
import type { Verdict } from '../../../src/core/validate/incremental';
import { discoverWorkspace } from '../../../src/core/workspace/discover';

let pool: ValidatePool;
let tmp = '';

beforeAll(() => {
  pool = new ValidatePool(2);
  tmp = mkdtempSync(join(tmpdir(), 'fbc-vpool-'));
});

afterAll(async () => {
  await pool.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const PACKAGES = ['alpha', 'beta', 'gamma', 'delta', 'eps', 'zeta', 'eta', 'theta'];

interface FileSpec {
  pkg: string;
  format: 'json' | 'yaml';
  versions: string[];
  replaces: (number | null)[];
  fault: 'none' | 'syntax' | 'unknown-package' | 'no-package-blob' | 'bad-version' | 'typo-schema';
}

const fileSpec = fc.record({
  pkg: fc.constantFrom(...PACKAGES),
  format: fc.constantFrom<'json' | 'yaml'>('json', 'yaml'),
  versions: fc.array(
    fc.oneof(
      fc.tuple(fc.nat(2), fc.nat(4), fc.nat(4)).map(([a, b, c]) => `${a}.${b}.${c}`),
      fc.constantFrom('1.0', '2.0.0-rc.1'),
    ),
    { minLength: 1, maxLength: 5 },
  ),
  replaces: fc.array(fc.option(fc.nat(6)), { minLength: 5, maxLength: 5 }),
  fault: fc.constantFrom<FileSpec['fault']>(
    'none',
    'none',
    'none',
    'syntax',
    'unknown-package',
    'no-package-blob',
    'bad-version',
    'typo-schema',
  ),
});

function blobs(f: FileSpec): Record<string, unknown>[] {
  const name = (i: number) => `${f.pkg}.v${f.versions[i % f.versions.length]}-${i}`;
  const out: Record<string, unknown>[] = [];
  if (f.fault !== 'no-package-blob')
    out.push({ schema: 'olm.package', name: f.pkg, defaultChannel: 'stable' });
  out.push({
    schema: 'olm.channel',
    package: f.fault === 'unknown-package' ? 'nowhere' : f.pkg,
    name: 'stable',
    entries: f.versions.map((_, i) => {
      const r = f.replaces[i];
      return { name: name(i), ...(r === null || r === undefined ? {} : { replaces: name(r) }) };
    }),
  });
  f.versions.forEach((v, i) =>
    out.push({
      schema: 'olm.bundle',
      package: f.pkg,
      name: name(i),
      image: `quay.io/x/${f.pkg}:${i}`,
      properties: [
        {
          type: 'olm.package',
          value: { packageName: f.pkg, version: f.fault === 'bad-version' ? 'x.y' : v },
        },
      ],
    }),
  );
  if (f.fault === 'typo-schema') out.push({ schema: 'olm.bundel', name: 'oops' });
  return out;
}

function write(dir: string, files: FileSpec[]): void {
  files.forEach((f, i) => {
    const bl = blobs(f);
    let text =
      f.format === 'json'
        ? bl.map((b) => JSON.stringify(b, null, 2)).join('\n')
        : bl.map((b) => `---${yaml(b)}`).join('\n');
    if (f.fault === 'syntax')
      text = text.replace(
        f.format === 'json' ? '"schema"' : 'schema:',
        f.format === 'json' ? '"schema" "' : 'schema: [',
      );
    // A folder per package (as catalogs are laid out), numbered so a package may have several.
    const path = join(dir, `${f.pkg}`, `${i}.${f.format}`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text + '\n');
  });
}

/** `validate DIR` as a terminal shows it: its exit code, standard output and standard error. */
async function validateText(dir: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await validateCommand(
    dir,
    { output: 'text' },
    { out: (x) => (out += x), err: (x) => (err += x) },
  );
  return { code, out, err };
}

function printed(v: Verdict): string {
  return JSON.stringify({
    passed: v.passed,
    stage: v.stage,
    message: v.opmMessage,
    diagnostics: v.diagnostics.map(({ ref: _ref, ...d }) => d),
  });
}

describe('ValidatePool', () => {
  it('cuts the files into runs of about equal bytes, only where the folder changes', () => {
    const files = ['a/1.json', 'a/2.json', 'b/1.json', 'c/1.json'].map((path) => ({ path, size: 10 }));
    expect([...groupFiles(files, 2)]).toEqual([
      ['a/1.json', 0],
      ['a/2.json', 0],
      ['b/1.json', 1],
      ['c/1.json', 1],
    ]);
    // One big folder stays on one thread: a package's files are never split.
    expect(new Set(groupFiles([files[0]!, files[1]!], 2).values())).toEqual(new Set([0]));
  });

  it('gives the one-thread verdict, text and located findings on random catalogs', async () => {
    let run = 0;
    let threaded = 0;
    let declined = 0;
    let failed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fileSpec, { minLength: 1, maxLength: 6 }), async (files) => {
        const dir = join(tmp, `c${run++}`);
        write(dir, files);
        process.env.FBC_STUDIO_THREADS = '0';
        const one = await checkFolder(dir);
        // Discovery may see two catalogs (one package declared in two folders): the repository path.
        if (!('verdict' in one)) return;
        const sequential = printed(one.verdict);

        const source = new NodeFsSource(dir);
        const listed = (await source.list()).sort((a, b) => compareWalkOrder(a.path, b.path));
        // Each thread reads its own files (`elsewhere`); this thread's share comes through `hold`.
        pool.plan(listed, { root: dir, opts: { bundleObjects: 'eager' } });
        const d = await discoverWorkspace(source, { loadFile: pool.hold, elsewhere: pool.elsewhere });
        const v = await pool.verdict(d, d.catalogs[0]!);
        if (v === undefined) declined++;
        else {
          threaded++;
          expect(printed(v)).toBe(sequential);
        }
        if (!one.verdict.passed) failed++;
      }),
      { numRuns: 40, seed: 16 },
    );
    delete process.env.FBC_STUDIO_THREADS;
    // Both ways were taken, and the catalogs did fail (findings compared, not only clean passes).
    expect(threaded).toBeGreaterThan(10);
    expect(declined).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(10);
  }, 180_000);

  it('gives the CI reports the one-thread findings, validated on the threads that hold the files', async () => {
    let run = 0;
    let held = 0;
    let failed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fileSpec, { minLength: 1, maxLength: 6 }), async (files) => {
        const dir = join(tmp, `r${run++}`);
        write(dir, files);
        process.env.FBC_STUDIO_THREADS = '0';
        const one = await reportForFolder(dir, 'validate');
        process.env.FBC_STUDIO_THREADS = '2';
        const two = await reportForFolder(dir, 'validate');
        // The same findings, each with its message and file:line:column, and the same verdict.
        expect(JSON.stringify(two)).toBe(JSON.stringify(one));
        const found = await discoverForReport(dir, async () => true);
        if (found.validated) held++;
        if (one.failed) failed++;
      }),
      { numRuns: 25, seed: 17 },
    );
    delete process.env.FBC_STUDIO_THREADS;
    expect(held).toBeGreaterThan(5);
    expect(failed).toBeGreaterThan(5);
  }, 180_000);

  it('gives a repository root’s CI report the one-thread findings, each catalog validated where its files are held', async () => {
    let run = 0;
    let held = 0;
    let heldText = 0;
    let several = 0;
    let failed = 0;
    const repoSpec = fc.record({
      files: fc.array(fc.tuple(fileSpec, fc.constantFrom('one', 'two')), { minLength: 1, maxLength: 6 }),
      template: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(repoSpec, async ({ files, template }) => {
        const dir = join(tmp, `repo${run++}`);
        // A repository's root: a README, a workflow, and the catalogs in folders of their own (a
        // package declared in both is two catalogs).
        for (const root of ['one', 'two']) {
          const mine = files.filter(([, r]) => r === root).map(([f]) => f);
          if (mine.length > 0) write(join(dir, 'catalogs', root), mine);
        }
        mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
        writeFileSync(join(dir, 'README.md'), '# catalogs\n');
        writeFileSync(join(dir, '.github', 'workflows', 'ci.yml'), 'on: push\n');
        if (template) {
          mkdirSync(join(dir, 'templates'), { recursive: true });
          writeFileSync(
            join(dir, 'templates', 'alpha.yaml'),
            'schema: olm.template.basic\nentries:\n  - schema: olm.package\n    name: alpha\n    defaultChannel: stable\n',
          );
        }
        process.env.FBC_STUDIO_THREADS = '0';
        const one = await reportForFolder(dir, 'validate');
        const oneText = await validateText(dir);
        process.env.FBC_STUDIO_THREADS = '2';
        const two = await reportForFolder(dir, 'validate');
        // The same catalogs, findings (message and file:line:column each) and verdict.
        expect(JSON.stringify(two)).toBe(JSON.stringify(one));
        // validate's text output of the root too, and its exit code.
        expect(await validateText(dir)).toEqual(oneText);
        const checked = await checkFolder(dir);
        if ('repository' in checked && checked.validated) heldText++;
        const found = await discoverForReport(dir, async () => true);
        if (found.validated) held++;
        if (found.d.catalogs.length > 1) several++;
        if (one.failed) failed++;
      }),
      { numRuns: 25, seed: 18 },
    );
    delete process.env.FBC_STUDIO_THREADS;
    expect(held).toBeGreaterThan(5);
    expect(heldText).toBeGreaterThan(5);
    expect(several).toBeGreaterThan(3);
    expect(failed).toBeGreaterThan(5);
  }, 180_000);

  it('says which file a thread was asked to validate without holding it', async () => {
    const dir = join(tmp, 'forgotten');
    write(dir, [
      {
        pkg: 'alpha',
        format: 'json',
        versions: ['1.0.0'],
        replaces: [null, null, null, null, null],
        fault: 'none',
      },
      {
        pkg: 'beta',
        format: 'json',
        versions: ['1.0.0'],
        replaces: [null, null, null, null, null],
        fault: 'none',
      },
    ]);
    const source = new NodeFsSource(dir);
    const listed = (await source.list()).sort((a, b) => compareWalkOrder(a.path, b.path));
    pool.plan(listed);
    const d = await discoverWorkspace(source, { loadFile: pool.hold });
    // A new plan drops what the shares held: the stubs now point at parses nobody has.
    pool.plan(listed);
    await expect(pool.verdict(d, d.catalogs[0]!)).rejects.toThrow(
      /^loader thread: (alpha\/0|beta\/1)\.json is not held here$/,
    );
  });

  it('checkFolder on threads prints what one thread prints, declining to one thread where it must', async () => {
    const dir = join(tmp, 'split');
    // 'alpha' in two folders far apart in walk order: its blobs end up on two threads.
    write(dir, [
      {
        pkg: 'alpha',
        format: 'json',
        versions: ['1.0.0', '1.1.0'],
        replaces: [null, 0, null, null, null],
        fault: 'none',
      },
      {
        pkg: 'beta',
        format: 'yaml',
        versions: ['0.1.0'],
        replaces: [null, null, null, null, null],
        fault: 'bad-version',
      },
    ]);
    writeFileSync(
      join(dir, 'zz-alpha-more.json'),
      JSON.stringify({ schema: 'olm.bundle', package: 'alpha', name: 'stray' }),
    );
    process.env.FBC_STUDIO_THREADS = '0';
    const one = await checkFolder(dir);
    process.env.FBC_STUDIO_THREADS = '2';
    const two = await checkFolder(dir);
    delete process.env.FBC_STUDIO_THREADS;
    expect('verdict' in two && printed(two.verdict)).toBe('verdict' in one && printed(one.verdict));
    expect('verdict' in one && one.verdict.passed).toBe(false);
  }, 60_000);
});
