import { defineAction, refuse } from '../action';
import type { BlobOp } from '../blob-op';
import { packageBundleNames, packageVersions } from '../catalog';
import {
  editEntry,
  entriesWith,
  entryArgChoices,
  entryTarget,
  olderBundleChoices,
  olderWarning,
  q,
  requireArg,
  run,
  type EntryArgs,
  CHANNEL_FIELD,
  BUNDLE_FIELD,
} from '../common';
import { entryPlacement } from '../placement';
import { GENERATED_EDGES } from '../template/semver-actions';

/**
 * Drawing an upgrade edge from a channel entry to an older bundle: `replaces` (an entry has at most
 * one: setting it again moves it, with a warning) and `skips` (a list: the name is appended). One
 * implementation, two commands: they differ only in the field and whether it holds one name or many.
 */

export interface AddReplacesArgs extends EntryArgs {
  /** The bundle that `bundle` replaces (the edge's target: drawing from A to B means "A replaces B"). */
  replaces: string;
}

export interface AddSkipArgs extends EntryArgs {
  /** The bundle `bundle` skips (drawing a skips edge from A to B means "A skips B"). */
  skip: string;
}

/** The edge's older end, whichever field names it. */
const targetOf = (args: Partial<AddReplacesArgs & AddSkipArgs>, field: 'replaces' | 'skips') =>
  field === 'replaces' ? args.replaces : args.skip;

function addEdge<A extends AddReplacesArgs | AddSkipArgs>(field: 'replaces' | 'skips') {
  const verb = field === 'replaces' ? 'replace' : 'skip';
  return {
    choices(ctx: Parameters<typeof entryTarget>[0], args: Partial<A>) {
      const ch = ctx.dc.channels.find((c) => c.package === args.package && c.name === args.channel);
      const e = ch?.entries.find((x) => x.name === args.bundle);
      const existing = field === 'replaces' ? (e && e.replaces !== '' ? [e.replaces] : []) : (e?.skips ?? []);
      const older = olderBundleChoices(ctx, args, new Set(existing));
      return { ...entryArgChoices(ctx, args), [field === 'replaces' ? 'replaces' : 'skip']: older };
    },
    perform(ctx: Parameters<typeof entryTarget>[0], args: A) {
      return run(() => {
        const t = entryTarget(ctx, args);
        const target = requireArg(
          targetOf(args, field),
          field === 'replaces' ? 'the bundle it replaces' : 'the bundle to skip',
        );
        if (target === t.entry.name) return refuse(`${t.entry.name} cannot ${verb} itself`);
        const has = field === 'replaces' ? t.entry.replaces === target : t.entry.skips.includes(target);
        if (has) return refuse(`${t.entry.name} already ${verb}s ${target}`);
        const warnings = olderWarning(packageVersions(ctx, t.ch.package), t.entry.name, target, field);
        if (field === 'replaces' && t.entry.replaces !== '')
          warnings.unshift(`${t.entry.name} replaced ${t.entry.replaces}; it now replaces ${target} instead`);
        if (!packageBundleNames(ctx.dc, t.ch.package).includes(target))
          warnings.push(`${q(target)} is not a bundle of package ${q(t.ch.package)}`);
        const op: BlobOp = {
          op: field === 'replaces' ? 'set' : 'append',
          path: ['entries', t.index, field],
          value: target,
          placement: entryPlacement(ctx, t.ch),
        };
        const after = entriesWith(t.ch, t.index, (e) =>
          field === 'replaces' ? { ...e, replaces: target } : { ...e, skips: [...e.skips, target] },
        );
        return editEntry(ctx, t, [op], after, warnings);
      });
    },
  };
}

/** Sets an entry's `replaces`. */
export const addReplaces = defineAction<AddReplacesArgs, 'addReplaces'>({
  name: 'addReplaces',
  template: { semver: GENERATED_EDGES },
  label: 'Add replaces edge…',
  fields: [
    CHANNEL_FIELD,
    BUNDLE_FIELD,
    { arg: 'replaces', label: 'Replaces (an older bundle)', type: 'choice' },
  ],
  placements: [
    { on: 'bundle' },
    { on: 'draw', label: '{from} replaces {to}', args: { bundle: '{from}', replaces: '{to}' } },
  ],
  ...addEdge<AddReplacesArgs>('replaces'),
});

/** Adds a name to an entry's `skips` (creating the list when the entry has none). */
export const addSkip = defineAction<AddSkipArgs, 'addSkip'>({
  name: 'addSkip',
  template: { semver: GENERATED_EDGES },
  label: 'Add skips edge…',
  fields: [CHANNEL_FIELD, BUNDLE_FIELD, { arg: 'skip', label: 'Skips (an older bundle)', type: 'choice' }],
  placements: [
    { on: 'bundle' },
    { on: 'edge:replaces', label: 'Turn into “{to} skips {from}”…', args: { skip: '{from}' } },
    { on: 'draw', label: '{from} skips {to}', args: { bundle: '{from}', skip: '{to}' } },
  ],
  ...addEdge<AddSkipArgs>('skips'),
});
