/**
 * A REF of --released or --base as a source: a folder, else a revision of the Git repository the
 * checked folder lies in (read from .git, nothing checked out). For --base, also which files the
 * pull request changes: those whose bytes differ between the base and the working tree (a Git base
 * compares each working file's blob hash with the revision's, so unchanged files are not read twice;
 * a new file Git ignores is not part of a pull request).
 */
import { createHash } from 'node:crypto';
import fs, { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import git from 'isomorphic-git';
import { findRepository, GitRevisionSource, resolveRevision } from '../core/git';
import type { CatalogSource } from '../core/source/types';
import { NodeFsSource } from './node-source';
import { OptionValueError } from './report/fail-on';

export interface RefSource {
  source: CatalogSource;
  /** The REF is a folder (else a Git revision). */
  isFolder: boolean;
  /** For a Git revision: the repository and the checked folder's place in it. */
  git?: { dir: string; prefix: string; revision: GitRevisionSource };
}

export async function sourceAtRef(dir: string, ref: string, option: string): Promise<RefSource> {
  let isDir: boolean;
  try {
    isDir = statSync(ref).isDirectory();
  } catch {
    isDir = false;
  }
  if (isDir) return { source: new NodeFsSource(ref), isFolder: true };
  const found = await findRepository(fs, resolve(dir));
  if (!found)
    throw new OptionValueError(`${option} ${ref}: not a folder, and ${dir} is not inside a Git repository`);
  const repo = { fs, dir: found.dir };
  const commit = await resolveRevision(repo, ref).catch((e: unknown) => {
    throw new OptionValueError(`${option} ${ref}: not a folder, and ${(e as Error).message}`, { cause: e });
  });
  const revision = new GitRevisionSource(repo, commit, found.prefix);
  return { source: revision, isFolder: false, git: { dir: found.dir, prefix: found.prefix, revision } };
}

/** Git's blob id of a file's bytes. */
function blobHash(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

const inGitDir = (p: string) => p === '.git' || p.startsWith('.git/');

/** The files a pull request from `base` to the working tree at `dir` adds, changes or deletes. */
export async function changedFiles(
  dir: string,
  headPaths: readonly string[],
  base: RefSource,
  basePaths: readonly string[],
): Promise<string[]> {
  const head = headPaths.filter((p) => !inGitDir(p));
  const inBase = new Set(basePaths);
  const inHead = new Set(head);
  const out: string[] = basePaths.filter((p) => !inHead.has(p));
  // Whether Git ignores a path, asked once per folder: an ignored folder (node_modules/) ignores
  // everything under it without a question per file.
  const asked = new Map<string, boolean>();
  const ignores = async (path: string): Promise<boolean> => {
    const g = base.git;
    if (!g) return false;
    let known = asked.get(path);
    if (known === undefined) {
      const cut = path.lastIndexOf('/');
      known =
        (cut > 0 && (await ignores(path.slice(0, cut)))) ||
        (await git.isIgnored({ fs, dir: g.dir, filepath: g.prefix ? `${g.prefix}/${path}` : path }));
      asked.set(path, known);
    }
    return known;
  };
  for (const p of head) {
    if (!inBase.has(p)) {
      if (!(await ignores(p))) out.push(p);
      continue;
    }
    const bytes = readFileSync(join(dir, p));
    const same = base.git
      ? base.git.revision.blobId(p) === blobHash(bytes)
      : Buffer.compare(bytes, Buffer.from(await base.source.read(p))) === 0;
    if (!same) out.push(p);
  }
  return out.sort();
}
