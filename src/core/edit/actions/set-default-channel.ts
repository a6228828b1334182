import { defineAction, refuse } from '../action';
import { channelBlob, packageBlob } from '../catalog';
import { channelChoices, q, requireArg, run, CHANNEL_FIELD, type ChannelArgs } from '../common';
import { fileLooksSorted } from '../placement';
import { fallbackOrder } from '../key-order';
import { Workspace } from '../workspace';
import { semverSetDefaultChannel } from '../template/semver-actions';

export type SetDefaultChannelArgs = ChannelArgs;

/** Sets the package's `defaultChannel` (inserting the key when it is missing). */
export const setDefaultChannel = defineAction<SetDefaultChannelArgs, 'setDefaultChannel'>({
  name: 'setDefaultChannel',
  template: { semver: semverSetDefaultChannel },
  label: 'Set as default channel',
  shortcut: 'Alt+Shift+D',
  fields: [CHANNEL_FIELD],
  placements: [{ on: 'channel' }],
  choices(ctx, args) {
    const def = ctx.dc.packages.find((p) => p.name === args.package)?.defaultChannel;
    return { channel: channelChoices(ctx, args.package, (c) => c.name !== def) };
  },
  perform(ctx, args) {
    return run(() => {
      const pkg = packageBlob(ctx.dc, requireArg(args.package, 'a package'));
      const channel = requireArg(args.channel, 'a channel');
      if (!channelBlob(ctx.dc, pkg.name, channel))
        return refuse(`package ${q(pkg.name)} has no channel ${q(channel)}`);
      if (pkg.defaultChannel === channel)
        return refuse(`${q(channel)} is already the default channel of ${q(pkg.name)}`);
      const warnings: string[] = [];
      const deprecated = ctx.model.packages.get(pkg.name)?.channels.get(channel)?.deprecation;
      if (deprecated) warnings.push(`channel ${q(channel)} is deprecated: ${deprecated.message}`);
      const ws = new Workspace(ctx.files, ctx.dc);
      const placement = {
        samples: [],
        fallback: fallbackOrder('package', fileLooksSorted(ctx, pkg.origin.file)),
      };
      ws.editBlob(pkg.origin, [{ op: 'set', path: ['defaultChannel'], value: channel, placement }]);
      return { changes: ws.changes(), warnings, select: { package: pkg.name, channel } };
    });
  },
});
