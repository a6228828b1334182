import { refuse, type Action, type EditContext } from './action';
import type { JsonValue } from './blob-op';
import { EditError } from './blob-op';
import { byVersionDesc, channelBlob, packageBlob, packageBundleNames, packageVersions } from './catalog';
import { q, requireArg, run, withVersion } from './common';
import { graphWarnings } from './graph-check';
import type { DeclChannelEntry } from '../declcfg/types';
import { blobSamples, entrySamples, fileLooksSorted, newChannelTarget, ordered } from './placement';
import { Workspace } from './workspace';

export interface CreateChannelArgs {
  package: string;
  channel: string;
  /** Bundles to list, chained by `replaces` from the oldest version to the newest. */
  bundles?: string[];
}

/** A channel entry as written: only the keys that are set. */
export function entryObject(e: DeclChannelEntry): { [key: string]: JsonValue } {
  const out: { [key: string]: JsonValue } = { name: e.name };
  if (e.replaces !== '') out.replaces = e.replaces;
  if (e.skips.length > 0) out.skips = [...e.skips];
  if (e.skipRange !== '') out.skipRange = e.skipRange;
  return out;
}

/**
 * Writes a new olm.channel blob where a maintainer would put it (see `newChannelTarget`), with
 * keys ordered like the catalog's other channels.
 */
export function writeChannelBlob(
  ctx: EditContext,
  ws: Workspace,
  pkg: string,
  name: string,
  entries: DeclChannelEntry[],
): string {
  const target = newChannelTarget(ctx, pkg, name);
  const styleFile = target.kind === 'append' ? target.path : (target.siblings[0] as string);
  const sorted = fileLooksSorted(ctx, styleFile);
  const eSamples = entrySamples(ctx, undefined, styleFile);
  const blob = ordered(
    {
      schema: 'olm.channel',
      package: pkg,
      name,
      entries: entries.map((e) => ordered(entryObject(e), 'entry', eSamples, sorted)),
    },
    'channel',
    blobSamples(ctx, 'channel', styleFile),
    sorted,
  ) as { [key: string]: JsonValue };
  if (target.kind === 'append') ws.appendBlob(target.path, blob);
  else ws.createFile(target.path, blob, target.siblings);
  return target.path;
}

/** Creates a channel, optionally listing bundles (each replacing the previous version). */
export const createChannel: Action<CreateChannelArgs> = {
  name: 'createChannel',
  label: 'Create channel…',
  appliesTo: ['package'],
  choices(ctx, args) {
    if (!args.package) return {};
    const versions = packageVersions(ctx, args.package);
    return {
      bundles: packageBundleNames(ctx.dc, args.package)
        .sort(byVersionDesc(versions))
        .map((n) => withVersion(versions, n)),
    };
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
};
