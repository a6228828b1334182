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

export type RemoveReplacesArgs = EntryArgs;

/** Removes an entry's `replaces` key. */
export const removeReplaces: Action<RemoveReplacesArgs> = {
  name: 'removeReplaces',
  label: 'Remove replaces edge',
  appliesTo: ['edge', 'bundle'],
  choices(ctx, args) {
    return {
      channel: channelChoices(ctx, args.package, (c) =>
        c.entries.some((e) => e.replaces !== '' && (!args.bundle || e.name === args.bundle)),
      ),
      bundle: entryChoices(ctx, args, (e) => e.replaces !== ''),
    };
  },
  perform(ctx, args) {
    return run(() => {
      const t = entryTarget(ctx, args);
      if (t.entry.replaces === '')
        return refuse(`${t.entry.name} has no replaces in channel ${JSON.stringify(t.ch.name)}`);
      const after = entriesWith(t.ch, t.index, (e) => ({ ...e, replaces: '' }));
      return editEntry(ctx, t, [{ op: 'remove', path: ['entries', t.index, 'replaces'] }], after);
    });
  },
};
