import type { DeclChannelEntry } from '../../declcfg/types';
import { channelHead } from '../../model/channel-head';
import { tryParseRange, type Version } from '../../semver';
import { defineAction, type EditContext } from '../action';
import { packageVersions, simulateChannel } from '../catalog';
import {
  editEntry,
  entriesWith,
  entryArgChoices,
  entryTarget,
  q,
  rangeContains,
  run,
  type EntryArgs,
  ENTRY_FIELDS,
} from '../common';
import { semverRemoveFromChannel } from '../template/semver-actions';

export type RemoveFromChannelArgs = EntryArgs;

/** Does some entry upgrade from `name` (replaces or skips it, or its skipRange holds `version`)? */
function hasSuccessor(
  entries: readonly DeclChannelEntry[],
  name: string,
  version: Version | undefined,
): boolean {
  return entries.some((e) => {
    if (e.name === name) return false;
    if (e.replaces === name || e.skips.includes(name)) return true;
    const r = e.skipRange !== '' && version ? tryParseRange(e.skipRange) : undefined;
    return r !== undefined && version !== undefined && rangeContains(r, version);
  });
}

/**
 * Entries with some path of upgrade edges to one of `targets` (the targets included). An edge goes
 * from X to Y when Y replaces or skips X, or Y's skipRange contains X's version — every hop OLM
 * could take; a user with no such path is stranded whatever the resolver picks.
 */
function reaching(
  entries: readonly DeclChannelEntry[],
  versions: ReadonlyMap<string, Version>,
  targets: readonly string[],
): Set<string> {
  const ranges = new Map(
    entries.map((e) => [e.name, e.skipRange !== '' ? tryParseRange(e.skipRange) : undefined]),
  );
  const upgradesFrom = (y: DeclChannelEntry, x: string): boolean => {
    if (y.name === x) return false;
    if (y.replaces === x || y.skips.includes(x)) return true;
    const r = ranges.get(y.name);
    const v = versions.get(x);
    return r !== undefined && v !== undefined && rangeContains(r, v);
  };
  const byName = new Map(entries.map((e) => [e.name, e]));
  const out = new Set<string>(targets);
  const queue = [...targets];
  while (queue.length > 0) {
    const y = byName.get(queue.pop() as string);
    if (!y) continue;
    for (const x of entries) {
      if (out.has(x.name) || !upgradesFrom(y, x.name)) continue;
      out.add(x.name);
      queue.push(x.name);
    }
  }
  return out;
}

/**
 * Who would be stranded. Users of the removed bundle, when it was the head and nothing left
 * upgrades from it (a non-head always keeps the entry that replaced or skipped it). Users of other
 * entries who had a path to the head and no longer have one — "the head" being the old one when
 * it stays, else the new heads.
 */
export function strandedWarnings(
  ctx: EditContext,
  pkgName: string,
  chName: string,
  before: DeclChannelEntry[],
  after: DeclChannelEntry[],
  removed: string,
): string[] {
  if (after.length === 0) return [];
  const out: string[] = [];
  const ch = q(chName);
  const b = simulateChannel(ctx, pkgName, chName, before);
  const a = simulateChannel(ctx, pkgName, chName, after);
  const headsBefore = channelHead(b.channel).heads;
  if (headsBefore.includes(removed)) {
    if (!hasSuccessor(after, removed, packageVersions(ctx, pkgName).get(removed))) {
      out.push(
        `${removed} is the head of channel ${ch}: users on it keep a bundle the channel no longer lists, with no upgrade`,
      );
    }
  }
  const kept = headsBefore.filter((h) => h !== removed);
  const targets = kept.length > 0 ? kept : channelHead(a.channel).heads;
  const versions = packageVersions(ctx, pkgName);
  const reachedBefore = reaching(before, versions, headsBefore);
  const reachedAfter = reaching(after, versions, targets);
  const lost = after.map((e) => e.name).filter((n) => reachedBefore.has(n) && !reachedAfter.has(n));
  if (lost.length > 0)
    out.push(`users on ${lost.join(', ')} would no longer reach the head of channel ${ch}`);
  return out;
}

/** Removes a bundle's entry from one channel, warning about users who would be stranded. */
export const removeFromChannel = defineAction<RemoveFromChannelArgs, 'removeFromChannel'>({
  name: 'removeFromChannel',
  template: { semver: semverRemoveFromChannel },
  label: 'Remove from channel',
  fields: [...ENTRY_FIELDS],
  placements: [{ on: 'bundle' }],
  choices(ctx, args) {
    return entryArgChoices(ctx, args);
  },
  perform(ctx, args) {
    return run(() => {
      const t = entryTarget(ctx, args);
      const pkg = t.ch.package;
      const after = entriesWith(t.ch, t.index, () => undefined);
      const warnings: string[] = [];
      if (after.length === 0) {
        warnings.push(
          `channel ${q(t.ch.name)} would have no entries: opm validate reports "channel must contain at least one bundle"`,
        );
      }
      const elsewhere = ctx.dc.channels.some(
        (c) => c !== t.ch && c.package === pkg && c.entries.some((e) => e.name === t.entry.name),
      );
      if (!elsewhere && ctx.dc.bundles.some((b) => b.package === pkg && b.name === t.entry.name)) {
        warnings.push(
          `${t.entry.name} is in no other channel: opm validate reports "package ${q(pkg)}, bundle ${q(t.entry.name)} not found in any channel entries" until its olm.bundle blob is removed too`,
        );
      }
      warnings.push(...strandedWarnings(ctx, pkg, t.ch.name, t.ch.entries, after, t.entry.name));
      const result = editEntry(ctx, t, [{ op: 'remove', path: ['entries', t.index] }], after, warnings);
      return { ...result, select: { package: pkg, channel: t.ch.name } };
    });
  },
});
