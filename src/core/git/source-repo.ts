import type { CatalogSource } from '../source/types';
import { readOnlyGitFs } from './fs-adapter';
import type { GitRepo } from './revision-source';

/**
 * The Git repository at the root of a source (a folder opened in the browser), read through the
 * source itself: undefined when the folder has no `.git` directory. Only `.git/` is exposed, so
 * isomorphic-git never sees (or stats) the working tree.
 */
export async function repoFromSource(source: CatalogSource): Promise<GitRepo | undefined> {
  const paths = (await source.list()).map((f) => f.path).filter((p) => p.startsWith('.git/'));
  if (!paths.includes('.git/HEAD')) return undefined;
  return { fs: readOnlyGitFs({ paths, read: (p) => source.read(p) }), dir: '/' };
}
