/**
 * Reading a folder as Git has it at a revision, through the read-only fs adapter the browser uses
 * (here over files read from disk), loose objects and packfiles alike.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import git from 'isomorphic-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitRevisionSource, listRevisions, readOnlyGitFs, resolveRevision } from '../../../src/core/git';
import { Buffer as ShimBuffer } from '../../../src/core/git/buffer-shim';
import { OLD, NEW } from '../diff/fixtures';

const hasGitBinary = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasGitBinary) console.log('packed Git objects: skipped, the git binary is not on PATH');

function allFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(root, p).split('\\').join('/'));
    }
  };
  walk(root);
  return out;
}

/** The repository as the browser sees it: a file list and a read function, nothing else. */
function browserRepo(dir: string): { fs: unknown; dir: string } {
  const tree = {
    paths: allFiles(dir),
    read: (p: string) => Promise.resolve(new Uint8Array(readFileSync(join(dir, p)))),
  };
  return { fs: readOnlyGitFs(tree), dir: '/' };
}

async function readAll(src: GitRevisionSource): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await src.list()) out[f.path] = new TextDecoder().decode(await src.read(f.path));
  return out;
}

/** Runs `f` with the browser's Buffer stand-in as the global isomorphic-git uses. */
async function withShimBuffer<T>(f: () => Promise<T>): Promise<T> {
  const g = globalThis as { Buffer: unknown };
  const nodeBuffer = g.Buffer;
  g.Buffer = ShimBuffer;
  try {
    return await f();
  } finally {
    g.Buffer = nodeBuffer;
  }
}

let dir: string;
let first: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fbc-git-'));
  const write = (files: Record<string, string>): void => {
    for (const [p, t] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, 'cat', p)), { recursive: true });
      writeFileSync(join(dir, 'cat', p), t);
    }
  };
  const author = { name: 'test', email: 'test@example.com' };
  write(OLD);
  writeFileSync(join(dir, 'README.md'), 'not part of the catalog\n');
  await git.init({ fs, dir, defaultBranch: 'main' });
  await git.add({ fs, dir, filepath: '.' });
  first = await git.commit({ fs, dir, message: 'first\n\nbody', author });
  await git.tag({ fs, dir, ref: 'v1' });
  write(NEW);
  await git.add({ fs, dir, filepath: '.' });
  await git.commit({ fs, dir, message: 'second', author });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GitRevisionSource through the read-only adapter', () => {
  it('lists and reads one folder at a revision, loose objects', async () => {
    const repo = browserRepo(dir);
    const oid = await resolveRevision(repo, 'v1');
    expect(oid).toBe(first);
    expect(await readAll(new GitRevisionSource(repo, oid, 'cat'))).toEqual(OLD);
  });

  it('lists branches, tags and recent commits for the picker', async () => {
    const list = await listRevisions(browserRepo(dir));
    expect(list.current).toBe('main');
    expect(list.choices.map((c) => [c.kind, c.ref])).toEqual([
      ['head', 'HEAD'],
      ['branch', 'main'],
      ['tag', 'v1'],
      ['commit', expect.any(String)],
      ['commit', first],
    ]);
    expect(list.choices.at(-1)?.label).toBe(`${first.slice(0, 7)} first`);
  });

  it('reads with the browser Buffer stand-in as the only Buffer', async () => {
    const repo = browserRepo(dir);
    const read = await withShimBuffer(async () => ({
      files: await readAll(new GitRevisionSource(repo, await resolveRevision(repo, 'main~1'), 'cat')),
      refs: (await listRevisions(repo)).choices.map((c) => c.ref).slice(0, 3),
    }));
    expect(read).toEqual({ files: OLD, refs: ['HEAD', 'main', 'v1'] });
  });

  // Packfiles are made by `git gc` (isomorphic-git writes loose objects only): skipped, saying so,
  // on a machine without the git binary.
  it.skipIf(!hasGitBinary)(
    'reads packed objects after git gc (skipped when no git binary is installed)',
    async () => {
      execFileSync('git', ['gc', '--quiet'], { cwd: dir });
      expect(allFiles(dir).some((p) => p.startsWith('.git/objects/pack/') && p.endsWith('.pack'))).toBe(true);
      const repo = browserRepo(dir);
      expect(
        await readAll(new GitRevisionSource(repo, await resolveRevision(repo, 'HEAD~1'), 'cat')),
      ).toEqual(OLD);
      expect(await readAll(new GitRevisionSource(repo, await resolveRevision(repo, 'main'), 'cat'))).toEqual({
        ...NEW,
        'gone/catalog.yaml': OLD['gone/catalog.yaml'],
      });
      // Packfiles through the browser's Buffer too (offsets, deltas, the index's big-endian tables).
      const fresh = browserRepo(dir);
      const packed = await withShimBuffer(async () =>
        readAll(new GitRevisionSource(fresh, await resolveRevision(fresh, 'v1'), 'cat')),
      );
      expect(packed).toEqual(OLD);
    },
  );
});
