import { refuse, type Action } from './action';
import { packageBundleNames, packageVersions } from './catalog';
import {
  channelChoices,
  editEntry,
  entriesWith,
  entryChoices,
  entryTarget,
  olderBundleChoices,
  olderWarning,
  q,
  requireArg,
  run,
  type EntryArgs,
} from './common';
import { entryPlacement } from './placement';

export interface AddSkipArgs extends EntryArgs {
  /** The bundle `bundle` skips (drawing a skips edge from A to B means "A skips B"). */
  skip: string;
}

/** Adds a name to an entry's `skips` (creating the list when the entry has none). */
export const addSkip: Action<AddSkipArgs> = {
  name: 'addSkip',
  label: 'Add skips edge…',
  appliesTo: ['bundle', 'edge'],
  choices(ctx, args) {
    const ch = ctx.dc.channels.find((c) => c.package === args.package && c.name === args.channel);
    const skips = ch?.entries.find((e) => e.name === args.bundle)?.skips ?? [];
    return {
      channel: channelChoices(
        ctx,
        args.package,
        (c) => !args.bundle || c.entries.some((e) => e.name === args.bundle),
      ),
      bundle: entryChoices(ctx, args),
      skip: olderBundleChoices(ctx, args, new Set(skips)),
    };
  },
  perform(ctx, args) {
    return run(() => {
      const t = entryTarget(ctx, args);
      const skip = requireArg(args.skip, 'the bundle to skip');
      if (skip === t.entry.name) return refuse(`${t.entry.name} cannot skip itself`);
      if (t.entry.skips.includes(skip)) return refuse(`${t.entry.name} already skips ${skip}`);
      const warnings = olderWarning(packageVersions(ctx, t.ch.package), t.entry.name, skip, 'skips');
      if (!packageBundleNames(ctx.dc, t.ch.package).includes(skip)) {
        warnings.push(`${q(skip)} is not a bundle of package ${q(t.ch.package)}`);
      }
      const op = {
        op: 'append' as const,
        path: ['entries', t.index, 'skips'],
        value: skip,
        placement: entryPlacement(ctx, t.ch),
      };
      const after = entriesWith(t.ch, t.index, (e) => ({ ...e, skips: [...e.skips, skip] }));
      return editEntry(ctx, t, [op], after, warnings);
    });
  },
};
