/**
 * The catalog edit core: one-click actions as pure, undoable, formatting-preserving text edits.
 * UI code calls `actions` (menus, palette), applies `EditResult.changes` to its editors and records
 * them in an `EditHistory` together with typing.
 */
import type { ActionTarget } from './action';
import { addReplaces } from './add-replaces';
import { addSkip } from './add-skip';
import { createChannel } from './create-channel';
import { deprecate } from './deprecate';
import { promoteToChannel } from './promote-to-channel';
import { removeFromChannel } from './remove-from-channel';
import { removeReplaces } from './remove-replaces';
import { removeSkip } from './remove-skip';
import { removeSkipRange } from './remove-skip-range';
import { setDefaultChannel } from './set-default-channel';
import { setSkipRange } from './set-skip-range';

export type {
  Action,
  ActionTarget,
  Choice,
  Choices,
  EditContext,
  EditResult,
  EditSelection,
  FileChange,
} from './action';
export type { AddReplacesArgs } from './add-replaces';
export type { AddSkipArgs } from './add-skip';
export type { CreateChannelArgs } from './create-channel';
export type { DeprecateArgs, DeprecationKind } from './deprecate';
export type { PromoteToChannelArgs } from './promote-to-channel';
export type { RemoveFromChannelArgs } from './remove-from-channel';
export type { RemoveReplacesArgs } from './remove-replaces';
export type { RemoveSkipArgs } from './remove-skip';
export type { RemoveSkipRangeArgs } from './remove-skip-range';
export type { SetDefaultChannelArgs } from './set-default-channel';
export type { SetSkipRangeArgs } from './set-skip-range';
export { EditHistory, type HistoryEntry } from './history';
export {
  addReplaces,
  addSkip,
  createChannel,
  deprecate,
  promoteToChannel,
  removeFromChannel,
  removeReplaces,
  removeSkip,
  removeSkipRange,
  setDefaultChannel,
  setSkipRange,
};

/** The registry for menus and the command palette (Ctrl+K), in menu order. */
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
] as const;

export type AnyAction = (typeof actions)[number];

export function actionByName(name: string): AnyAction | undefined {
  return actions.find((a) => a.name === name);
}

/** The actions offered for a target kind (context menus). */
export function actionsFor(target: ActionTarget): AnyAction[] {
  return actions.filter((a) => (a.appliesTo as readonly ActionTarget[]).includes(target));
}

/** Keyboard shortcuts the editor binds for history (the actions themselves go through the palette). */
export const HISTORY_SHORTCUTS = { undo: 'Ctrl+Z', redo: 'Ctrl+Shift+Z', palette: 'Ctrl+K' } as const;
