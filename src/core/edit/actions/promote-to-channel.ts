import type { DeclChannelEntry } from '../../declcfg/types';
import { channelHead } from '../../model/channel-head';
import { compareVersions, formatVersion, parseRange, SemverError } from '../../semver';
import { defineAction, refuse, type Choices, type Choice, type EditContext } from '../action';
import {
  byVersionDesc,
  channelBlob,
  packageBlob,
  packageBundleNames,
  packageVersions,
  simulateChannel,
} from '../catalog';
import { bundleChoices, channelChoices, q, requireArg, run, withVersion, BUNDLE_FIELD } from '../common';
import { entryObject, writeChannelBlob } from '../channel-blob';
import { graphWarnings } from '../graph-check';
import { entryPlacement, entrySamples, fileLooksSorted, ordered } from '../placement';
import { Workspace } from '../workspace';
import { semverPromote } from '../template/semver-actions';

export interface PromoteToChannelArgs {
  package: string;
  bundle: string;
  /** An existing channel of the package, or the name of a new one. */
  channel: string;
  /**
   * The entry the bundle replaces. Left out: the channel's current head (when it has exactly one, or
   * the newest of several); `''` or null: no `replaces`.
   */
  replaces?: string | null;
  skipRange?: string;
  skips?: string[];
}

/** The channel's heads (opm's definition), newest version first. */
function headsOf(
  ctx: EditContext,
  pkg: string,
  entries: readonly DeclChannelEntry[],
  name: string,
): string[] {
  if (entries.length === 0) return [];
  const { heads } = channelHead(simulateChannel(ctx, pkg, name, entries).channel);
  return heads.sort(byVersionDesc(packageVersions(ctx, pkg)));
}

/** Adds a bundle to a channel (existing or new), replacing the channel's head by default. */
export const promoteToChannel = defineAction<PromoteToChannelArgs, 'promoteToChannel'>({
  name: 'promoteToChannel',
  template: { semver: semverPromote },
  label: 'Promote to channel…',
  shortcut: 'Alt+Shift+P',
  fields: [
    BUNDLE_FIELD,
    {
      arg: 'channel',
      label: 'Channel (pick one, or type a new name)',
      type: 'combo',
      placeholder: 'e.g. fast',
    },
    { arg: 'replaces', label: 'Replaces', type: 'choice', optional: true, none: '(nothing: no replaces)' },
    {
      arg: 'skipRange',
      label: 'skipRange',
      type: 'combo',
      optional: true,
      placeholder: 'e.g. >=1.0.0 <1.3.0',
    },
  ],
  // From a bundle, the channel is left to choose: the bundle's own channel already lists it.
  placements: [
    { on: 'bundle', args: { channel: '' } },
    { on: 'channel', label: 'Promote a bundle to this channel…' },
  ],
  choices(ctx, args) {
    const out: Choices<PromoteToChannelArgs> = {};
    if (!args.package) return out;
    const pkg = args.package;
    out.bundle = bundleChoices(ctx, pkg);
    out.channel = channelChoices(
      ctx,
      pkg,
      (c) => !args.bundle || !c.entries.some((e) => e.name === args.bundle),
    );
    const ch = args.channel
      ? ctx.dc.channels.find((c) => c.package === pkg && c.name === args.channel)
      : undefined;
    if (ch && args.bundle) {
      const versions = packageVersions(ctx, pkg);
      const own = versions.get(args.bundle);
      const heads = headsOf(ctx, pkg, ch.entries, ch.name);
      const older = ch.entries
        .map((e) => e.name)
        .filter((n) => {
          const v = versions.get(n);
          return n !== args.bundle && (!own || !v || compareVersions(v, own) < 0);
        })
        .sort(byVersionDesc(versions));
      // The same default perform takes: the newest older head, else the newest older entry.
      const recommended = heads.find((h) => older.includes(h)) ?? older[0];
      const replaces: Choice[] = older.map((n) => {
        const c = withVersion(versions, n, heads.includes(n) ? 'channel head' : undefined);
        return n === recommended ? { ...c, recommended: true } : c;
      });
      out.replaces = replaces;
      const hv = heads[0] ? versions.get(heads[0]) : undefined;
      if (own && hv && compareVersions(hv, own) < 0) {
        const r = `>=${formatVersion({ ...hv, build: [] })} <${formatVersion({ ...own, build: [] })}`;
        out.skipRange = [{ value: r, label: r, detail: `from the head ${heads[0]}` }];
      }
    }
    return out;
  },
  perform(ctx, args) {
    return run(() => {
      const pkg = packageBlob(ctx.dc, requireArg(args.package, 'a package')).name;
      const bundle = requireArg(args.bundle, 'a bundle');
      const name = requireArg(args.channel?.trim(), 'a channel');
      if (!packageBundleNames(ctx.dc, pkg).includes(bundle))
        return refuse(`${q(bundle)} is not a bundle of package ${q(pkg)}`);
      const skipRange = args.skipRange?.trim() ?? '';
      if (skipRange !== '') {
        try {
          parseRange(skipRange);
        } catch (e) {
          if (e instanceof SemverError) return refuse(`invalid skipRange ${q(skipRange)}: ${e.message}`);
          throw e;
        }
      }
      const skips = [...new Set(args.skips ?? [])].filter((s) => s !== '' && s !== bundle);
      const versions = packageVersions(ctx, pkg);
      const ch = channelBlob(ctx.dc, pkg, name);
      const warnings: string[] = [];
      const heads = ch ? headsOf(ctx, pkg, ch.entries, ch.name) : [];
      const own = versions.get(bundle);
      // Older than the bundle (or of an unknown version): what it may replace without a downgrade.
      const isOlder = (n: string) => {
        const v = versions.get(n);
        return n !== bundle && (!own || !v || compareVersions(v, own) < 0);
      };
      let replaces = '';
      if (args.replaces === undefined) {
        // The newest head older than the bundle; when every head is newer, the newest older entry
        // (the bundle then sits beside the head, never above it as a downgrade).
        const olderHead = heads.find(isOlder);
        replaces =
          olderHead ??
          ch?.entries
            .map((e) => e.name)
            .filter(isOlder)
            .sort(byVersionDesc(versions))[0] ??
          '';
        if (olderHead && heads.length > 1)
          warnings.push(
            `channel ${q(name)} already has ${heads.length} heads (${heads.join(', ')}); ${bundle} replaces the newest, ${replaces}`,
          );
        else if (!olderHead && heads[0] !== undefined)
          warnings.push(
            `${bundle} is older than ${heads[0]}, the head of channel ${q(name)}: it ${replaces ? `replaces ${replaces}` : 'replaces nothing'} and does not become the head`,
          );
      } else if (args.replaces !== null) replaces = args.replaces;
      if (replaces === bundle) return refuse(`${bundle} cannot replace itself`);
      const rv = versions.get(replaces);
      if (own && rv && compareVersions(rv, own) >= 0) {
        warnings.push(
          `${bundle} (${formatVersion(own)}) would replace ${replaces} (${formatVersion(rv)}), which is not older`,
        );
      }
      const entry: DeclChannelEntry = { name: bundle, replaces, skips, skipRange };
      const ws = new Workspace(ctx.files, ctx.dc);
      if (!ch) {
        writeChannelBlob(ctx, ws, pkg, name, [entry]);
        return { changes: ws.changes(), warnings, select: { package: pkg, channel: name, bundle } };
      }
      if (ch.entries.some((e) => e.name === bundle))
        return refuse(`channel ${q(name)} already lists ${bundle}`);
      const sorted = fileLooksSorted(ctx, ch.origin.file);
      const value = ordered(entryObject(entry), 'entry', entrySamples(ctx, ch, ch.origin.file), sorted);
      const placement = entryPlacement(ctx, ch);
      ws.editBlob(ch.origin, [{ op: 'append', path: ['entries'], value, placement }]);
      warnings.push(...graphWarnings(ctx, pkg, name, ch.entries, [...ch.entries, entry]));
      return { changes: ws.changes(), warnings, select: { package: pkg, channel: name, bundle } };
    });
  },
});
