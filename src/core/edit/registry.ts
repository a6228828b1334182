/**
 * The registry of user commands: every one-click catalog action, in menu order. Palette, context
 * menus, panel buttons, the action dialog and the shortcuts are all derived from it (through the
 * worker protocol's `editActions`, which sends each action's plain-data spec to the UI).
 *
 * Adding a command: write `actions/<name>.ts` with `defineAction({ name, label, fields, placements,
 * choices, perform })` and add it to the list below. Nothing else names it.
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

export function actionByName(name: string): LooseAction | undefined {
  return actions.find((a) => a.name === name) as LooseAction | undefined;
}

/** What the UI gets: every action's spec, in menu order. */
export function actionSpecs(): ActionSpec<ActionName>[] {
  return actions.map((a) => specOf<ActionName>(a));
}
