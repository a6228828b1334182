import type { Action } from './action';
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
import { refuse } from './action';
import { entryPlacement } from './placement';

export interface AddReplacesArgs extends EntryArgs {
  /** The bundle that `bundle` replaces (the edge's target: drawing from A to B means "A replaces B"). */
  replaces: string;
}

/** Sets an entry's `replaces` (an entry has at most one: an existing one is replaced, with a warning). */
export const addReplaces: Action<AddReplacesArgs> = {
  name: 'addReplaces',
  label: 'Add replaces edge…',
  appliesTo: ['bundle', 'edge'],
  choices(ctx, args) {
    return {
      channel: channelChoices(
        ctx,
        args.package,
        (c) => !args.bundle || c.entries.some((e) => e.name === args.bundle),
      ),
      bundle: entryChoices(ctx, args),
      replaces: olderBundleChoices(ctx, args, new Set(currentReplaces(ctx, args))),
    };
  },
  perform(ctx, args) {
    return run(() => {
      const t = entryTarget(ctx, args);
      const target = requireArg(args.replaces, 'the bundle it replaces');
      if (target === t.entry.name) return refuse(`${t.entry.name} cannot replace itself`);
      if (t.entry.replaces === target) return refuse(`${t.entry.name} already replaces ${target}`);
      const versions = packageVersions(ctx, t.ch.package);
      const warnings = olderWarning(versions, t.entry.name, target, 'replaces');
      if (t.entry.replaces !== '')
        warnings.unshift(`${t.entry.name} replaced ${t.entry.replaces}; it now replaces ${target} instead`);
      if (!packageBundleNames(ctx.dc, t.ch.package).includes(target)) {
        warnings.push(`${q(target)} is not a bundle of package ${q(t.ch.package)}`);
      }
      const op = {
        op: 'set' as const,
        path: ['entries', t.index, 'replaces'],
        value: target,
        placement: entryPlacement(ctx, t.ch),
      };
      const after = entriesWith(t.ch, t.index, (e) => ({ ...e, replaces: target }));
      return editEntry(ctx, t, [op], after, warnings);
    });
  },
};

function currentReplaces(
  ctx: Parameters<NonNullable<typeof addReplaces.choices>>[0],
  args: Partial<EntryArgs>,
): string[] {
  const ch = ctx.dc.channels.find((c) => c.package === args.package && c.name === args.channel);
  const e = ch?.entries.find((x) => x.name === args.bundle);
  return e && e.replaces !== '' ? [e.replaces] : [];
}
