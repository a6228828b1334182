/**
 * The catalog edit core: one-click actions as pure, undoable, formatting-preserving text edits.
 * UI code calls `actions` (menus, palette), applies `EditResult.changes` to its editors and records
 * them in an `EditHistory` together with typing.
 */
export type {
  Action,
  ActionSpec,
  ActionTarget,
  Choice,
  Choices,
  EditContext,
  EditResult,
  EditSelection,
  FieldSpec,
  FileChange,
  MenuPlace,
  Placement,
} from './action';
export { actionTitle, missingFields, specOf, targetsOf } from './action';
export type { AddBundleArgs, NewBundleEntry } from './actions/add-bundle';
export type { AddReplacesArgs, AddSkipArgs } from './actions/add-edge';
export type { CreateChannelArgs } from './actions/create-channel';
export type { DeprecateArgs, DeprecationKind } from './actions/deprecate';
export type { PromoteToChannelArgs } from './actions/promote-to-channel';
export type { RemoveBundleArgs } from './actions/remove-bundle';
export type { RemoveFromChannelArgs } from './actions/remove-from-channel';
export type { SubstituteBundleArgs } from './actions/substitute-bundle';
export type { RemoveReplacesArgs, RemoveSkipArgs, RemoveSkipRangeArgs } from './actions/remove-edge';
export type { SetDefaultChannelArgs } from './actions/set-default-channel';
export type { SetSkipRangeArgs } from './actions/set-skip-range';
export { EditHistory, type HistoryEntry } from './history';
export {
  performOnTemplate,
  templateChoices,
  templateEditContext,
  type TemplateEditContext,
} from './template';
export { addBundle } from './actions/add-bundle';
export { addReplaces, addSkip } from './actions/add-edge';
export { createChannel } from './actions/create-channel';
export { deprecate } from './actions/deprecate';
export { promoteToChannel } from './actions/promote-to-channel';
export { removeBundle } from './actions/remove-bundle';
export { removeFromChannel } from './actions/remove-from-channel';
export { substituteBundle } from './actions/substitute-bundle';
export { removeReplaces, removeSkip, removeSkipRange } from './actions/remove-edge';
export { setDefaultChannel } from './actions/set-default-channel';
export { setSkipRange } from './actions/set-skip-range';
import { targetsOf, type ActionTarget } from './action';
import { actions, type AnyAction } from './registry';
export { actionByName, actions, actionSpecs, type ActionName, type AnyAction, type ArgsOf } from './registry';

/** The actions offered for a target kind (context menus). */
export function actionsFor(target: ActionTarget): AnyAction[] {
  return actions.filter((a) => targetsOf(a).includes(target));
}
