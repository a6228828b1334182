import { GitRevisionSource } from '../git/revision-source';
import { listRevisions, resolveRevision } from '../git/revisions';
import { repoFromSource } from '../git/source-repo';
import type { Model } from '../model/types';
import type { CatalogSource } from '../source/types';
import type { CompareReply, CompareSide, CompareTargets } from './compare-types';
import { diffToMarkdown } from './format-markdown';
import { diffCatalogs } from './index';
import { loadDiffSide } from './load-side';

/**
 * The worker's side of the Compare view: the open catalog (with its pending edits: the working
 * tree as the user sees it) against another catalog of the repository, the same folder at a Git
 * revision, or any folder or zip the user picked. Either side may be the older one (`swap`).
 * Plain core code over what the worker holds, so it is tested in Node.
 */
export interface CompareContext {
  /** The opened folder (the repository root, or the catalog itself). */
  source: CatalogSource;
  /** The open catalog's id: its folder in the repository, '' when the folder is the catalog. */
  current: string;
  /** Every open catalog of the repository (empty for a single catalog). */
  catalogs: string[];
  /** A catalog's model as it is now (edits included). */
  model(id: string): Model | undefined;
}

const label = (id: string): string => id || 'this catalog';

export async function compareTargets(ctx: CompareContext): Promise<CompareTargets> {
  const repo = await repoFromSource(ctx.source).catch(() => undefined);
  const list = repo ? await listRevisions(repo).catch(() => undefined) : undefined;
  const out: CompareTargets = {
    current: ctx.current,
    catalogs: ctx.catalogs.filter((c) => c !== ctx.current).map((id) => ({ id, label: id })),
    revisions: list ? list.choices : null,
  };
  if (list?.current) out.branch = list.current;
  return out;
}

export async function compareWith(
  ctx: CompareContext,
  against: CompareSide,
  swap = false,
): Promise<CompareReply> {
  const current = ctx.model(ctx.current);
  if (!current) return { error: 'No catalog is open' };
  const warnings: string[] = [];
  let before: Model;
  let oldLabel: string;
  if (against.kind === 'catalog') {
    const m = ctx.model(against.id);
    if (!m) return { error: `No catalog "${against.id}" is open` };
    before = m;
    oldLabel = against.id;
  } else if (against.kind === 'source') {
    try {
      const side = await loadDiffSide(against.source);
      if (side.problem) warnings.push(`${against.label} does not load cleanly: ${side.problem}`);
      before = side.model;
    } catch (e) {
      return { error: `Could not read ${against.label}: ${(e as Error).message}` };
    }
    oldLabel = against.label;
  } else {
    const repo = await repoFromSource(ctx.source);
    if (!repo) return { error: 'The open folder is not a Git repository (it has no .git folder)' };
    let commit: string;
    try {
      commit = await resolveRevision(repo, against.ref);
    } catch (e) {
      return { error: (e as Error).message };
    }
    try {
      const side = await loadDiffSide(new GitRevisionSource(repo, commit, ctx.current));
      if (side.problem)
        warnings.push(`${label(ctx.current)} at ${against.ref} does not load cleanly: ${side.problem}`);
      before = side.model;
    } catch (e) {
      return { error: (e as Error).message };
    }
    oldLabel = `${label(ctx.current)} at ${against.ref} (${commit.slice(0, 7)})`;
  }
  const currentLabel = `${label(ctx.current)} (working tree)`;
  const [a, b] = swap ? [current, before] : [before, current];
  const [oldSide, newSide] = swap ? [currentLabel, oldLabel] : [oldLabel, currentLabel];
  const diff = diffCatalogs(a, b);
  return {
    diff,
    oldLabel: oldSide,
    newLabel: newSide,
    warnings,
    swapped: swap,
    markdown: diffToMarkdown(diff, `Catalog diff: ${oldSide} → ${newSide}`),
  };
}
