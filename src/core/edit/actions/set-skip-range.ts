import { defineAction, refuse, type Choice, type EditContext } from '../action';
import { packageVersions } from '../catalog';
import {
  editEntry,
  entriesWith,
  entryArgChoices,
  entryTarget,
  requireArg,
  rangeContains,
  run,
  type EntryArgs,
  ENTRY_FIELDS,
} from '../common';
import { entryPlacement } from '../placement';
import { compareVersions, formatVersion, parseRange, SemverError, type BlangRange } from '../../semver';
import { SEMVER_REFUSALS } from '../template/semver-actions';

export interface SetSkipRangeArgs extends EntryArgs {
  /** A blang/semver range, e.g. `>=4.13.0 <4.14.2`. */
  skipRange: string;
}

/** Proposes `>=<oldest other version> <<own version>`-style ranges for an entry. */
function proposals(ctx: EditContext, args: Partial<EntryArgs>): Choice[] {
  if (!args.package || !args.bundle) return [];
  const versions = packageVersions(ctx, args.package);
  const own = versions.get(args.bundle);
  if (!own) return [];
  const ch = ctx.dc.channels.find((c) => c.package === args.package && c.name === args.channel);
  const replaces = ch?.entries.find((e) => e.name === args.bundle)?.replaces;
  const rv = replaces ? versions.get(replaces) : undefined;
  const out: Choice[] = [];
  const ownText = formatVersion({ ...own, build: [] });
  if (rv && compareVersions(rv, own) < 0) {
    const r = `>=${formatVersion({ ...rv, build: [] })} <${ownText}`;
    out.push({ value: r, label: r, detail: `from ${replaces}`, recommended: true });
  }
  // `>=X.Y.0 <X.Y.Z`: the earlier patches of the same minor (empty when Z is 0).
  if (own.patch > 0 || own.pre.length > 0) {
    const r = `>=${own.major}.${own.minor}.0 <${ownText}`;
    out.push({ value: r, label: r, detail: 'earlier patches of this minor' });
  }
  out.push({ value: `<${ownText}`, label: `<${ownText}`, detail: 'every older version' });
  const seen = new Set<string>();
  return out.filter((c) => (seen.has(c.value) ? false : (seen.add(c.value), true)));
}

/** Sets (or replaces) an entry's `skipRange`, after checking it parses as opm does (R63). */
export const setSkipRange = defineAction<SetSkipRangeArgs, 'setSkipRange'>({
  name: 'setSkipRange',
  template: { semver: SEMVER_REFUSALS.setSkipRange },
  label: 'Set skipRange…',
  fields: [
    ...ENTRY_FIELDS,
    { arg: 'skipRange', label: 'skipRange', type: 'combo', placeholder: '>=1.0.0 <1.2.0' },
  ],
  placements: [{ on: 'bundle' }, { on: 'edge:skipRange', label: 'Edit skipRange of {to}…' }],
  choices(ctx, args) {
    return { ...entryArgChoices(ctx, args), skipRange: proposals(ctx, args) };
  },
  perform(ctx, args) {
    return run(() => {
      const t = entryTarget(ctx, args);
      const skipRange = requireArg(args.skipRange, 'a skipRange');
      let range: BlangRange;
      try {
        range = parseRange(skipRange);
      } catch (e) {
        if (e instanceof SemverError)
          return refuse(`invalid skipRange ${JSON.stringify(skipRange)}: ${e.message}`);
        throw e;
      }
      if (t.entry.skipRange === skipRange)
        return refuse(`${t.entry.name} already has skipRange ${JSON.stringify(skipRange)}`);
      const warnings: string[] = [];
      const versions = packageVersions(ctx, t.ch.package);
      const own = versions.get(t.entry.name);
      if (own && rangeContains(range, own)) {
        warnings.push(
          `skipRange ${JSON.stringify(skipRange)} contains ${t.entry.name}'s own version ${formatVersion(own)}`,
        );
      }
      const covered = [...versions].filter(([n, v]) => n !== t.entry.name && rangeContains(range, v));
      if (covered.length === 0)
        warnings.push(`skipRange ${JSON.stringify(skipRange)} contains no other bundle of the package`);
      const op = {
        op: 'set' as const,
        path: ['entries', t.index, 'skipRange'],
        value: skipRange,
        placement: entryPlacement(ctx, t.ch),
      };
      const after = entriesWith(t.ch, t.index, (e) => ({ ...e, skipRange }));
      return editEntry(ctx, t, [op], after, warnings);
    });
  },
});
