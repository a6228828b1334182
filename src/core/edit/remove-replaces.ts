import type { Action } from './action';
import type { EntryArgs } from './common';
import { removeEntryField } from './remove-entry-field';

export type RemoveReplacesArgs = EntryArgs;

/** Removes an entry's `replaces` key. */
export const removeReplaces: Action<RemoveReplacesArgs> = removeEntryField('replaces', {
  name: 'removeReplaces',
  label: 'Remove replaces edge',
  appliesTo: ['edge', 'bundle'],
});
