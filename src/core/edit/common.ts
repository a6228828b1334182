import type { DeclChannel, DeclChannelEntry } from '../declcfg/types';
import { compareVersions, formatVersion, RangePanicError, type BlangRange, type Version } from '../semver';
import {
  refuse,
  type Choice,
  type EditContext,
  type EditResult,
  type EditSelection,
  type FieldSpec,
} from './action';
import { EditError, type BlobOp } from './blob-op';
import {
  byVersionDesc,
  channelBlobs,
  cloneEntry,
  packageBundleNames,
  packageVersions,
  requireChannel,
  requireEntry,
  versionLabel,
} from './catalog';
import { graphWarnings } from './graph-check';
import { Workspace } from './workspace';

/** Plumbing shared by the actions. */

export const q = (s: string): string => JSON.stringify(s);

/** Runs an action body; a user-level problem (EditError) or any failure becomes a refusal, never a throw. */
export function run(body: () => EditResult): EditResult {
  try {
    return body();
  } catch (e) {
    return refuse(e instanceof Error ? e.message : String(e));
  }
}

export function requireArg(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new EditError(`choose ${what}`);
  return value;
}

/** The pickers of the channel and the bundle, as most actions on a channel entry ask for them. */
export const CHANNEL_FIELD: FieldSpec<'channel'> = { arg: 'channel', label: 'Channel', type: 'choice' };
export const BUNDLE_FIELD: FieldSpec<'bundle'> = { arg: 'bundle', label: 'Bundle', type: 'choice' };
/** Both, in that order: what an action on one channel entry (EntryArgs) asks for first. */
export const ENTRY_FIELDS = [CHANNEL_FIELD, BUNDLE_FIELD] as const;

/** Arguments that point at one channel entry. */
/** The arguments of an action on one bundle of a package. */
export interface BundleArgs {
  package: string;
  bundle: string;
}

/** The arguments of an action on one channel of a package. */
export interface ChannelArgs {
  package: string;
  channel: string;
}

/** The arguments of an action on one channel entry. */
export interface EntryArgs extends BundleArgs, ChannelArgs {}

export interface EntryTarget {
  ch: DeclChannel;
  entry: DeclChannelEntry;
  index: number;
}

export function entryTarget(ctx: EditContext, args: EntryArgs): EntryTarget {
  const pkg = requireArg(args.package, 'a package');
  const ch = requireChannel(ctx.dc, pkg, requireArg(args.channel, 'a channel'));
  const { entry, index } = requireEntry(ch, requireArg(args.bundle, 'a bundle'));
  return { ch, entry, index };
}

/**
 * Applies ops to one channel entry's blob and returns the result with the graph warnings for
 * the channel as it would be after the change (`after` models the entries post-edit).
 */
export function editEntry(
  ctx: EditContext,
  t: EntryTarget,
  ops: BlobOp[],
  after: DeclChannelEntry[],
  warnings: string[] = [],
): EditResult {
  const ws = new Workspace(ctx.files, ctx.dc);
  ws.editBlob(t.ch.origin, ops);
  const select: EditSelection = { package: t.ch.package, channel: t.ch.name, bundle: t.entry.name };
  return {
    changes: ws.changes(),
    warnings: [...warnings, ...graphWarnings(ctx, t.ch.package, t.ch.name, t.ch.entries, after)],
    select,
  };
}

/** The channel's entries with entry `index` replaced by `f(copy)` (dropped where it gives none). */
export function entriesWith(
  ch: DeclChannel,
  index: number,
  f: (e: DeclChannelEntry) => DeclChannelEntry | undefined,
): DeclChannelEntry[] {
  return ch.entries.flatMap((e, i) => (i === index ? (f(cloneEntry(e)) ?? []) : [e]));
}

/** A warning when `older` is not older than `newer` (edges should point from a newer bundle to an older one). */
export function olderWarning(
  versions: ReadonlyMap<string, Version>,
  newer: string,
  older: string,
  edge: string,
): string[] {
  const vn = versions.get(newer);
  const vo = versions.get(older);
  if (!vn || !vo || compareVersions(vo, vn) < 0) return [];
  return [
    `${older} (${formatVersion(vo)}) is not older than ${newer} (${formatVersion(vn)}): this ${edge} edge points to a newer or equal version`,
  ];
}

/** Choice list of channels of a package (optionally only those holding, or lacking, a bundle). */
export function channelChoices(
  ctx: EditContext,
  pkg: string | undefined,
  filter?: (c: DeclChannel) => boolean,
): Choice[] {
  if (!pkg) return [];
  const def = ctx.dc.packages.find((p) => p.name === pkg)?.defaultChannel;
  return channelBlobs(ctx.dc, pkg)
    .filter((c) => !filter || filter(c))
    .map((c) => ({
      value: c.name,
      label: c.name,
      detail: `${c.entries.length} entries${c.name === def ? ', default' : ''}`,
    }));
}

/** Choice list of the entries of a channel, newest first. */
export function entryChoices(
  ctx: EditContext,
  args: Partial<EntryArgs>,
  filter?: (e: DeclChannelEntry) => boolean,
): Choice[] {
  if (!args.package || !args.channel) return [];
  const ch = channelBlobs(ctx.dc, args.package).find((c) => c.name === args.channel);
  if (!ch) return [];
  const versions = packageVersions(ctx, args.package);
  return ch.entries
    .filter((e) => !filter || filter(e))
    .map((e) => e.name)
    .sort(byVersionDesc(versions))
    .map((name) => withVersion(versions, name));
}

/** Choice list of every bundle of a package (with a blob or only an entry), newest first. */
export function bundleChoices(ctx: EditContext, pkg: string): Choice[] {
  const versions = packageVersions(ctx, pkg);
  return packageBundleNames(ctx.dc, pkg)
    .sort(byVersionDesc(versions))
    .map((n) => withVersion(versions, n));
}

export function withVersion(versions: ReadonlyMap<string, Version>, name: string, note?: string): Choice {
  const v = versionLabel(versions, name);
  const detail = [v, note].filter((x) => x !== undefined).join(', ');
  return detail === '' ? { value: name, label: name } : { value: name, label: name, detail };
}

/**
 * Bundles an edge from `bundle` may point to: bundles of the same package with an older version
 * (entries of this channel first, newest first), leaving out `exclude`. Bundles without a version
 * are offered last when the bundle itself has none.
 */
export function olderBundleChoices(
  ctx: EditContext,
  args: Partial<EntryArgs>,
  exclude: ReadonlySet<string>,
): Choice[] {
  if (!args.package || !args.bundle) return [];
  const pkg = args.package;
  const bundle = args.bundle;
  const versions = packageVersions(ctx, pkg);
  const own = versions.get(bundle);
  const ch = args.channel ? channelBlobs(ctx.dc, pkg).find((c) => c.name === args.channel) : undefined;
  const inChannel = new Set(ch?.entries.map((e) => e.name) ?? []);
  const older = (n: string): boolean => {
    if (n === bundle || exclude.has(n)) return false;
    if (!own) return true; // nothing to compare with: offer every other bundle
    const v = versions.get(n);
    return v !== undefined && compareVersions(v, own) < 0;
  };
  const names = packageBundleNames(ctx.dc, pkg).filter(older).sort(byVersionDesc(versions));
  const first = names.filter((n) => inChannel.has(n));
  const rest = names.filter((n) => !inChannel.has(n));
  return [
    ...first.map((n) => withVersion(versions, n)),
    ...rest.map((n) => withVersion(versions, n, ch ? 'not in this channel' : undefined)),
  ];
}

/** Does the range contain `v`? False where blang would panic (an empty OR group). */
export function rangeContains(r: BlangRange, v: Version): boolean {
  try {
    return r.test(v);
  } catch (e) {
    if (e instanceof RangePanicError) return false;
    throw e;
  }
}

/**
 * The channel and bundle pickers of an action on one channel entry: channels holding the bundle
 * (when it is known), and that channel's entries, each narrowed by `entry` when given.
 */
export function entryArgChoices(
  ctx: EditContext,
  args: Partial<EntryArgs>,
  entry?: (e: DeclChannelEntry) => boolean,
): { channel: Choice[]; bundle: Choice[] } {
  return {
    channel: channelChoices(
      ctx,
      args.package,
      // With neither a bundle nor a kind of entry to look for, every channel will do (even an empty one).
      args.bundle || entry
        ? (c) => c.entries.some((e) => (!args.bundle || e.name === args.bundle) && (!entry || entry(e)))
        : undefined,
    ),
    bundle: entryChoices(ctx, args, entry),
  };
}
