import './install-buffer';
import git from 'isomorphic-git';
import type { GitRepo } from './revision-source';

/**
 * What a user can compare against: branches, tags and recent commits, and turning what they typed
 * (`HEAD`, `main`, `v1.2`, an abbreviated id, `HEAD~2`) into a commit id.
 */

type IsoFs = Parameters<typeof git.log>[0]['fs'];

export interface RevisionChoice {
  /** What to pass to resolveRevision. */
  ref: string;
  kind: 'head' | 'branch' | 'tag' | 'commit';
  /** A line for the picker: the commit subject, or the ref's own. */
  label: string;
  oid: string;
}

export interface RevisionList {
  current?: string;
  choices: RevisionChoice[];
}

const subject = (message: string): string => message.split('\n')[0] ?? '';

export async function listRevisions(repo: GitRepo, recent = 20): Promise<RevisionList> {
  const fs = repo.fs as IsoFs;
  const { dir } = repo;
  const choices: RevisionChoice[] = [];
  const current = (await git.currentBranch({ fs, dir })) ?? undefined;
  const commits = await git.log({ fs, dir, depth: recent }).catch(() => []);
  const head = commits[0];
  if (head) choices.push({ ref: 'HEAD', kind: 'head', label: subject(head.commit.message), oid: head.oid });
  for (const b of await git.listBranches({ fs, dir })) {
    const oid = await git.resolveRef({ fs, dir, ref: b }).catch(() => '');
    if (oid) choices.push({ ref: b, kind: 'branch', label: b, oid });
  }
  for (const t of await git.listTags({ fs, dir })) {
    const oid = await resolveRevision(repo, t).catch(() => '');
    if (oid) choices.push({ ref: t, kind: 'tag', label: t, oid });
  }
  for (const c of commits) {
    choices.push({
      ref: c.oid,
      kind: 'commit',
      label: `${c.oid.slice(0, 7)} ${subject(c.commit.message)}`,
      oid: c.oid,
    });
  }
  return current ? { current, choices } : { choices };
}

/** A commit id for `rev`: a ref (branch, tag — annotated tags peeled), an id or its prefix, with `~N` / `^`. */
export async function resolveRevision(repo: GitRepo, rev: string): Promise<string> {
  const fs = repo.fs as IsoFs;
  const { dir } = repo;
  const m = /^(.*?)((?:~\d*|\^)*)$/.exec(rev.trim());
  const base = m?.[1] || 'HEAD';
  let back = 0;
  for (const step of (m?.[2] ?? '').match(/~\d*|\^/g) ?? [])
    back += step === '^' || step === '~' ? 1 : Number(step.slice(1));
  let oid: string;
  try {
    oid = await git.resolveRef({ fs, dir, ref: base });
  } catch {
    if (!/^[0-9a-f]{4,40}$/i.test(base)) throw new Error(`unknown revision ${JSON.stringify(rev)}`);
    oid = await git.expandOid({ fs, dir, oid: base.toLowerCase() }).catch(() => {
      throw new Error(`unknown revision ${JSON.stringify(rev)}`);
    });
  }
  // Peel annotated tags to their commit.
  for (let i = 0; i < 5; i++) {
    const { type, object } = await git.readObject({ fs, dir, oid });
    if (type !== 'tag') break;
    oid = (object as { object: string }).object;
  }
  for (let i = 0; i < back; i++) {
    const { commit } = await git.readCommit({ fs, dir, oid });
    const parent = commit.parent[0];
    if (parent === undefined) throw new Error(`revision ${JSON.stringify(rev)} goes past the first commit`);
    oid = parent;
  }
  return oid;
}

/** The repository root holding `folder` (walking up to the `.git`), and the folder relative to it. */
export async function findRepository(
  fs: unknown,
  folder: string,
): Promise<{ dir: string; prefix: string } | undefined> {
  try {
    const dir = await git.findRoot({ fs: fs as IsoFs, filepath: folder });
    const prefix = folder
      .slice(dir.length)
      .replace(/^[\\/]+/, '')
      .replace(/\\/g, '/')
      .replace(/\/+$/, '');
    return { dir, prefix };
  } catch {
    return undefined;
  }
}
