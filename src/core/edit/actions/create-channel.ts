import { defineAction, refuse } from '../action';
import { EditError } from '../blob-op';
import { byVersionDesc, channelBlob, packageBlob, packageBundleNames, packageVersions } from '../catalog';
import { bundleChoices, q, requireArg, run } from '../common';
import { graphWarnings } from '../graph-check';
import type { DeclChannelEntry } from '../../declcfg/types';
import { writeChannelBlob } from '../channel-blob';
import { Workspace } from '../workspace';
import { SEMVER_REFUSALS } from '../template/semver-actions';

export interface CreateChannelArgs {
  package: string;
  channel: string;
  /** Bundles to list, chained by `replaces` from the oldest version to the newest. */
  bundles?: string[];
}

/** Creates a channel, optionally listing bundles (each replacing the previous version). */
export const createChannel = defineAction<CreateChannelArgs, 'createChannel'>({
  name: 'createChannel',
  template: { semver: SEMVER_REFUSALS.createChannel },
  label: 'Create channel…',
  shortcut: 'Alt+Shift+N',
  fields: [
    { arg: 'channel', label: 'New channel name', type: 'text', placeholder: 'e.g. stable-v2' },
    { arg: 'bundles', label: 'Bundles (chained by replaces, oldest first)', type: 'multi', optional: true },
  ],
  // The channel menu offers it too: a new channel is made beside the one clicked.
  placements: [{ on: 'package' }, { on: 'channel', args: { channel: '' } }],
  choices(ctx, args) {
    return args.package ? { bundles: bundleChoices(ctx, args.package) } : {};
  },
  perform(ctx, args) {
    return run(() => {
      const pkg = packageBlob(ctx.dc, requireArg(args.package, 'a package')).name;
      const name = requireArg(args.channel?.trim(), 'a channel name');
      if (channelBlob(ctx.dc, pkg, name)) return refuse(`package ${q(pkg)} already has a channel ${q(name)}`);
      const known = new Set(packageBundleNames(ctx.dc, pkg));
      const bundles = [...new Set(args.bundles ?? [])];
      const unknown = bundles.filter((b) => !known.has(b));
      if (unknown.length > 0) throw new EditError(`not bundles of package ${q(pkg)}: ${unknown.join(', ')}`);
      const versions = packageVersions(ctx, pkg);
      const ascending = bundles.sort(byVersionDesc(versions)).reverse();
      const entries: DeclChannelEntry[] = ascending.map((b, i) => ({
        name: b,
        replaces: i > 0 ? (ascending[i - 1] as string) : '',
        skips: [],
        skipRange: '',
      }));
      const ws = new Workspace(ctx.files, ctx.dc);
      writeChannelBlob(ctx, ws, pkg, name, entries);
      const warnings =
        entries.length === 0
          ? [
              `channel ${q(name)} has no entries yet: opm validate reports "channel must contain at least one bundle" until a bundle is promoted into it`,
            ]
          : graphWarnings(ctx, pkg, name, undefined, entries);
      return { changes: ws.changes(), warnings, select: { package: pkg, channel: name } };
    });
  },
});
