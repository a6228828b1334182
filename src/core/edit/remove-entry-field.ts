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

/** The actions that delete one optional field of a channel entry (`replaces`, `skipRange`). */
export function removeEntryField(
  field: 'replaces' | 'skipRange',
  action: Pick<Action<EntryArgs>, 'name' | 'label' | 'appliesTo'>,
): Action<EntryArgs> {
  return {
    ...action,
    choices(ctx, args) {
      return {
        channel: channelChoices(ctx, args.package, (c) =>
          c.entries.some((e) => e[field] !== '' && (!args.bundle || e.name === args.bundle)),
        ),
        bundle: entryChoices(ctx, args, (e) => e[field] !== ''),
      };
    },
    perform(ctx, args) {
      return run(() => {
        const t = entryTarget(ctx, args);
        if (t.entry[field] === '')
          return refuse(`${t.entry.name} has no ${field} in channel ${JSON.stringify(t.ch.name)}`);
        const after = entriesWith(t.ch, t.index, (e) => ({ ...e, [field]: '' }));
        return editEntry(ctx, t, [{ op: 'remove', path: ['entries', t.index, field] }], after);
      });
    },
  };
}
