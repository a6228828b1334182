/**
 * Undo, redo and one action across several of a repository's catalogs (OpenShift versions): a step
 * made in several catalogs at once stays one step for the user. Loaded by the catalog worker with
 * the first undo, redo or action across catalogs.
 */
import type { EditApi } from '../browser/write-session';
import type { ActionName, CatalogProtocol } from '../protocol/catalog-protocol';

/** A step made in several catalogs at once, under one label. */
export interface AcrossGroup {
  label: string;
  catalogs: string[];
}

/** The worker's state these need: its groups (newest last) and each catalog's edit API. */
export interface AcrossHost {
  groups: AcrossGroup[];
  edits(id?: string): Promise<EditApi>;
}

/**
 * Undo or redo in the current catalog; when its next step is one made across several catalogs, the
 * others take the same step (each whose next step is that one), so it stays one step for the user.
 */
export async function stepAcross({ groups, edits }: AcrossHost, current: string, kind: 'undo' | 'redo') {
  const mine = (await edits(current)).session;
  const state = mine.state();
  const label = kind === 'undo' ? state.undoLabel : state.redoLabel;
  const group = [...groups].reverse().find((g) => g.label === label && g.catalogs.includes(current));
  for (const id of group?.catalogs ?? []) {
    if (id === current) continue;
    const other = (await edits(id)).session;
    const s = other.state();
    if ((kind === 'undo' ? s.undoLabel : s.redoLabel) === label) other[kind]();
  }
  return mine[kind]();
}

/**
 * One action on several of a repository's catalogs: one undo step in each, named alike, which undo
 * and redo then take together (stepAcross).
 */
export async function performAcross(
  { groups, edits }: AcrossHost,
  current: string,
  action: ActionName,
  args: Record<string, unknown>,
  catalogs: string[],
) {
  const [{ actionByName }, { actionTitle }] = await Promise.all([
    import('../core/edit/registry'),
    import('../core/edit/action'),
  ]);
  const spec = actionByName(action);
  const title = spec ? actionTitle(spec.label) : action;
  const label = `${title} (${catalogs.length} OpenShift versions)`;
  const across: { catalog: string; error?: string; changes: number }[] = [];
  let mine: Awaited<ReturnType<CatalogProtocol['editPerform']>> | undefined;
  for (const id of catalogs) {
    const r = (await edits(id)).session.perform(action, args, label);
    across.push({
      catalog: id,
      changes: r.changes.length,
      ...(r.result.error ? { error: r.result.error } : {}),
    });
    if (id === current) mine = r;
  }
  const done = across.filter((a) => !a.error && a.changes > 0).map((a) => a.catalog);
  if (done.length > 1) groups.push({ label, catalogs: done });
  const step = mine ?? {
    result: { changes: [], warnings: [] },
    state: (await edits(current)).session.state(),
    changes: [],
  };
  return { ...step, across };
}
