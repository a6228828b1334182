import { defineAction, refuse } from '../action';
import type { BlobOp } from '../blob-op';
import type { DeclChannelEntry } from '../../declcfg/types';
import { packageVersions } from '../catalog';
import {
  editEntry,
  entriesWith,
  entryArgChoices,
  entryTarget,
  requireArg,
  run,
  withVersion,
  type EntryArgs,
  ENTRY_FIELDS,
} from '../common';
import { GENERATED_EDGES, SEMVER_REFUSALS } from '../template/semver-actions';

/**
 * Removing an upgrade edge from a channel entry: its `replaces`, its `skipRange`, or one name of its
 * `skips` (the key goes with the last name). One implementation, three commands.
 */

export type RemoveReplacesArgs = EntryArgs;
export type RemoveSkipRangeArgs = EntryArgs;
export interface RemoveSkipArgs extends EntryArgs {
  skip: string;
}

type Field = 'replaces' | 'skipRange' | 'skips';

const hasEdge = (field: Field) => (e: DeclChannelEntry) =>
  field === 'skips' ? e.skips.length > 0 : e[field] !== '';

function removeEdge<A extends EntryArgs & { skip?: string }>(field: Field) {
  return {
    choices(ctx: Parameters<typeof entryTarget>[0], args: Partial<A>) {
      const choices = entryArgChoices(ctx, args, hasEdge(field));
      if (field !== 'skips') return choices;
      const ch = ctx.dc.channels.find((c) => c.package === args.package && c.name === args.channel);
      const skips = ch?.entries.find((e) => e.name === args.bundle)?.skips ?? [];
      const versions = args.package ? packageVersions(ctx, args.package) : new Map();
      return { ...choices, skip: skips.map((s) => withVersion(versions, s)) };
    },
    perform(ctx: Parameters<typeof entryTarget>[0], args: A) {
      return run(() => {
        const t = entryTarget(ctx, args);
        let op: BlobOp;
        let after: DeclChannelEntry[];
        if (field === 'skips') {
          const skip = requireArg(args.skip, 'the skipped bundle');
          const i = t.entry.skips.indexOf(skip);
          if (i < 0) return refuse(`${t.entry.name} does not skip ${skip}`);
          op = { op: 'remove', path: ['entries', t.index, 'skips', i], dropEmpty: true };
          after = entriesWith(t.ch, t.index, (e) => ({ ...e, skips: e.skips.filter((_, j) => j !== i) }));
        } else {
          if (t.entry[field] === '')
            return refuse(`${t.entry.name} has no ${field} in channel ${JSON.stringify(t.ch.name)}`);
          op = { op: 'remove', path: ['entries', t.index, field] };
          after = entriesWith(t.ch, t.index, (e) => ({ ...e, [field]: '' }));
        }
        return editEntry(ctx, t, [op], after);
      });
    },
  };
}

/** Removes an entry's `replaces` key. */
export const removeReplaces = defineAction<RemoveReplacesArgs, 'removeReplaces'>({
  name: 'removeReplaces',
  template: { semver: GENERATED_EDGES },
  label: 'Remove replaces edge',
  fields: [...ENTRY_FIELDS],
  placements: [{ on: 'bundle' }, { on: 'edge:replaces', label: 'Remove “{to} replaces {from}”' }],
  ...removeEdge<RemoveReplacesArgs>('replaces'),
});

/** Removes one name from an entry's `skips`; the `skips` key goes when it was the last one. */
export const removeSkip = defineAction<RemoveSkipArgs, 'removeSkip'>({
  name: 'removeSkip',
  template: { semver: GENERATED_EDGES },
  label: 'Remove skips edge',
  fields: [...ENTRY_FIELDS, { arg: 'skip', label: 'Skipped bundle', type: 'choice' }],
  placements: [{ on: 'edge:skips', label: 'Remove “{to} skips {from}”', args: { skip: '{from}' } }],
  ...removeEdge<RemoveSkipArgs>('skips'),
});

/** Removes an entry's `skipRange` key. */
export const removeSkipRange = defineAction<RemoveSkipRangeArgs, 'removeSkipRange'>({
  name: 'removeSkipRange',
  template: { semver: SEMVER_REFUSALS.removeSkipRange },
  label: 'Remove skipRange',
  fields: [...ENTRY_FIELDS],
  placements: [{ on: 'bundle' }, { on: 'edge:skipRange', label: 'Remove skipRange of {to}' }],
  ...removeEdge<RemoveSkipRangeArgs>('skipRange'),
});
