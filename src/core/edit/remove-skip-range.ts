import type { Action } from './action';
import type { EntryArgs } from './common';
import { removeEntryField } from './remove-entry-field';

export type RemoveSkipRangeArgs = EntryArgs;

/** Removes an entry's `skipRange` key. */
export const removeSkipRange: Action<RemoveSkipRangeArgs> = removeEntryField('skipRange', {
  name: 'removeSkipRange',
  label: 'Remove skipRange',
  appliesTo: ['bundle', 'edge'],
});
