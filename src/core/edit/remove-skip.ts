import { refuse, type Action } from './action';
import { packageVersions } from './catalog';
import {
  channelChoices,
  editEntry,
  entriesWith,
  entryChoices,
  entryTarget,
  requireArg,
  run,
  withVersion,
  type EntryArgs,
} from './common';

export interface RemoveSkipArgs extends EntryArgs {
  skip: string;
}

/** Removes one name from an entry's `skips`; the `skips` key goes when it was the last one. */
export const removeSkip: Action<RemoveSkipArgs> = {
  name: 'removeSkip',
  label: 'Remove skips edge',
  appliesTo: ['edge'],
  choices(ctx, args) {
    const ch = ctx.dc.channels.find((c) => c.package === args.package && c.name === args.channel);
    const skips = ch?.entries.find((e) => e.name === args.bundle)?.skips ?? [];
    const versions = args.package ? packageVersions(ctx, args.package) : new Map();
    return {
      channel: channelChoices(ctx, args.package, (c) =>
        c.entries.some((e) => e.skips.length > 0 && (!args.bundle || e.name === args.bundle)),
      ),
      bundle: entryChoices(ctx, args, (e) => e.skips.length > 0),
      skip: skips.map((s) => withVersion(versions, s)),
    };
  },
  perform(ctx, args) {
    return run(() => {
      const t = entryTarget(ctx, args);
      const skip = requireArg(args.skip, 'the skipped bundle');
      const i = t.entry.skips.indexOf(skip);
      if (i < 0) return refuse(`${t.entry.name} does not skip ${skip}`);
      const after = entriesWith(t.ch, t.index, (e) => ({ ...e, skips: e.skips.filter((_, j) => j !== i) }));
      return editEntry(
        ctx,
        t,
        [{ op: 'remove', path: ['entries', t.index, 'skips', i], dropEmpty: true }],
        after,
      );
    });
  },
};
