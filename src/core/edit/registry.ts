/**
 * The registry of user commands: every one-click catalog action, in menu order. Palette, context
 * menus, panel buttons, the action dialog and the shortcuts are all derived from it (through the
 * worker protocol's `editActions`, which sends each action's plain-data spec to the UI).
 *
 * Adding a command: write `actions/<name>.ts` with `defineAction({ name, label, fields, placements,
 * choices, perform, template })` and add it to the list below. Nothing else names it.
 */
import { specOf, type Action, type ActionSpec } from './action';
import { addBundle } from './actions/add-bundle';
import { addReplaces, addSkip } from './actions/add-edge';
import { createChannel } from './actions/create-channel';
import { deprecate } from './actions/deprecate';
import { promoteToChannel } from './actions/promote-to-channel';
import { removeBundle } from './actions/remove-bundle';
import { removeFromChannel } from './actions/remove-from-channel';
import { removeReplaces, removeSkip, removeSkipRange } from './actions/remove-edge';
import { setDefaultChannel } from './actions/set-default-channel';
import { setSkipRange } from './actions/set-skip-range';
import { substituteBundle } from './actions/substitute-bundle';

export const actions = [
  promoteToChannel,
  setDefaultChannel,
  createChannel,
  removeFromChannel,
  addReplaces,
  removeReplaces,
  addSkip,
  removeSkip,
  setSkipRange,
  removeSkipRange,
  deprecate,
  removeBundle,
  substituteBundle,
  addBundle,
] as const;

export type AnyAction = (typeof actions)[number];
export type ActionName = AnyAction['name'];
/** The argument object of the named action's `perform`. */
export type ArgsOf<N extends ActionName> =
  Extract<AnyAction, { name: N }> extends Action<infer A, N> ? A : never;

// An action's runtime shape, whatever its argument type (the session passes UI-built arguments).
type LooseAction = Action<Record<string, unknown>>;

/**
 * Actions registered at run time, after the list (none in the app): what lets a test add a
 * throwaway action through the registry alone and see it wherever the registry's actions appear.
 * Their specs go to the UI as the list's do (typed with the list's names: the UI only hands a
 * spec's own name back), so code can never name one.
 */
const registered: LooseAction[] = [];

/** Adds an action after the list's; returns what removes it again. A name already taken is refused. */
export function registerAction<A>(action: Action<A>): () => void {
  if (actionByName(action.name)) throw new Error(`an action named ${action.name} is already registered`);
  const loose = action as unknown as LooseAction;
  registered.push(loose);
  return () => {
    const i = registered.indexOf(loose);
    if (i >= 0) registered.splice(i, 1);
  };
}

export function actionByName(name: string): LooseAction | undefined {
  return (
    (actions.find((a) => a.name === name) as LooseAction | undefined) ??
    registered.find((a) => a.name === name)
  );
}

/** What the UI gets: every action's spec, in menu order. */
export function actionSpecs(): ActionSpec<ActionName>[] {
  return [...actions, ...registered].map((a) => specOf(a as Action<unknown, ActionName>));
}
