import { refuse, type Action } from './action';
import {
  channelChoices,
  editEntry,
  entriesWith,
  entryChoices,
  entryTarget,
  run,
  type EntryArgs,
} from './common';

export type RemoveSkipRangeArgs = EntryArgs;

/** Removes an entry's `skipRange` key. */
export const removeSkipRange: Action<RemoveSkipRangeArgs> = {
  name: 'removeSkipRange',
  label: 'Remove skipRange',
  appliesTo: ['bundle', 'edge'],
  choices(ctx, args) {
    return {
      channel: channelChoices(ctx, args.package, (c) =>
        c.entries.some((e) => e.skipRange !== '' && (!args.bundle || e.name === args.bundle)),
      ),
      bundle: entryChoices(ctx, args, (e) => e.skipRange !== ''),
    };
  },
  perform(ctx, args) {
    return run(() => {
      const t = entryTarget(ctx, args);
      if (t.entry.skipRange === '')
        return refuse(`${t.entry.name} has no skipRange in channel ${JSON.stringify(t.ch.name)}`);
      const after = entriesWith(t.ch, t.index, (e) => ({ ...e, skipRange: '' }));
      return editEntry(ctx, t, [{ op: 'remove', path: ['entries', t.index, 'skipRange'] }], after);
    });
  },
};
