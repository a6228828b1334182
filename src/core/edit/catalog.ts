import type {
  DeclarativeConfig,
  DeclBundle,
  DeclChannel,
  DeclChannelEntry,
  DeclDeprecation,
  DeclPackage,
} from '../declcfg/types';
import type { BlobOrigin } from '../location';
import { compareGoStrings } from '../gojson';
import { bundleVersion } from '../model/properties';
import type { ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import { compareVersions, formatVersion, type Version } from '../semver';
import type { EditContext } from './action';
import { EditError } from './blob-op';

/** Catalog look-ups the actions share, over the declcfg (always there, even when the model has errors). */

const q = (s: string): string => JSON.stringify(s);

export function packageBlob(dc: DeclarativeConfig, pkg: string): DeclPackage {
  const found = dc.packages.filter((p) => p.name === pkg);
  if (found.length === 0) throw new EditError(`package ${q(pkg)} has no olm.package blob`);
  if (found.length > 1)
    throw new EditError(`package ${q(pkg)} is declared ${found.length} times; fix that first`);
  return found[0] as DeclPackage;
}

export function channelBlobs(dc: DeclarativeConfig, pkg: string): DeclChannel[] {
  return dc.channels.filter((c) => c.package === pkg);
}

/** The channel's blob; undefined when it does not exist; an error when it is declared twice. */
export function channelBlob(dc: DeclarativeConfig, pkg: string, name: string): DeclChannel | undefined {
  const found = dc.channels.filter((c) => c.package === pkg && c.name === name);
  if (found.length > 1)
    throw new EditError(
      `channel ${q(name)} of package ${q(pkg)} is declared ${found.length} times; fix that first`,
    );
  return found[0];
}

export function requireChannel(dc: DeclarativeConfig, pkg: string, name: string): DeclChannel {
  const ch = channelBlob(dc, pkg, name);
  if (!ch) throw new EditError(`package ${q(pkg)} has no channel ${q(name)}`);
  return ch;
}

export function entryIndex(ch: DeclChannel, bundle: string): number {
  return ch.entries.findIndex((e) => e.name === bundle);
}

export function requireEntry(ch: DeclChannel, bundle: string): { entry: DeclChannelEntry; index: number } {
  const index = entryIndex(ch, bundle);
  if (index < 0) throw new EditError(`channel ${q(ch.name)} has no entry ${q(bundle)}`);
  return { entry: ch.entries[index] as DeclChannelEntry, index };
}

export function bundleBlob(dc: DeclarativeConfig, pkg: string, name: string): DeclBundle | undefined {
  return dc.bundles.find((b) => b.package === pkg && b.name === name);
}

export function deprecationBlobs(dc: DeclarativeConfig, pkg: string): DeclDeprecation[] {
  return dc.deprecations.filter((d) => d.package === pkg);
}

/** Versions of the package's bundles, from their blobs (falling back to the model). */
export function packageVersions(ctx: EditContext, pkg: string): Map<string, Version> {
  const out = new Map<string, Version>();
  for (const b of ctx.dc.bundles) {
    if (b.package !== pkg) continue;
    const v = bundleVersion(b);
    if (v) out.set(b.name, v);
  }
  const mp = ctx.model.packages.get(pkg);
  if (mp)
    for (const ch of mp.channels.values())
      for (const b of ch.bundles.values()) if (b.version && !out.has(b.name)) out.set(b.name, b.version);
  return out;
}

/** Every bundle name of the package: bundle blobs, then entries of its channels. */
export function packageBundleNames(dc: DeclarativeConfig, pkg: string): string[] {
  const names = new Set<string>();
  for (const b of dc.bundles) if (b.package === pkg) names.add(b.name);
  for (const c of channelBlobs(dc, pkg)) for (const e of c.entries) names.add(e.name);
  return [...names];
}

/** Sort by version descending (newest first), unversioned last, then by name. */
export function byVersionDesc(versions: ReadonlyMap<string, Version>): (a: string, b: string) => number {
  return (a, b) => {
    const va = versions.get(a);
    const vb = versions.get(b);
    if (va && vb) {
      const c = compareVersions(vb, va);
      if (c !== 0) return c;
    } else if (va || vb) return va ? -1 : 1;
    return compareGoStrings(a, b);
  };
}

export function versionLabel(versions: ReadonlyMap<string, Version>, name: string): string | undefined {
  const v = versions.get(name);
  return v ? formatVersion(v) : undefined;
}

/** Every blob of a file with its decoded value, in file order. */
export function blobsOfFile(
  dc: DeclarativeConfig,
  path: string,
): { origin: BlobOrigin; raw: Record<string, unknown> }[] {
  const out: { origin: BlobOrigin; raw: Record<string, unknown> }[] = [];
  for (const list of [dc.packages, dc.channels, dc.bundles, dc.deprecations, dc.others] as const) {
    for (const b of list) if (b.origin.file === path) out.push({ origin: b.origin, raw: b.raw });
  }
  return out.sort((a, b) => a.origin.start - b.origin.start);
}

/**
 * The channel as opm's model would hold it after an edit of its entries: what the head, chain and
 * upgrade computations need (versions and deprecations taken from the current model).
 */
export function simulateChannel(
  ctx: EditContext,
  pkg: string,
  name: string,
  entries: readonly DeclChannelEntry[],
): { pkg: ModelPackage; channel: ModelChannel } {
  const versions = packageVersions(ctx, pkg);
  const mp = ctx.model.packages.get(pkg);
  const current = mp?.channels.get(name);
  const bundles = new Map<string, ModelBundle>();
  entries.forEach((e, i) => {
    const prev = current?.bundles.get(e.name);
    const b: ModelBundle = {
      package: pkg,
      channel: name,
      name: e.name,
      image: prev?.image ?? '',
      replaces: e.replaces,
      skips: [...e.skips],
      skipRange: e.skipRange,
      properties: prev?.properties ?? [],
      relatedImages: prev?.relatedImages ?? [],
      release: prev?.release ?? '',
      entryIndex: i,
    };
    const v = versions.get(e.name);
    if (v) b.version = v;
    if (prev?.deprecation) b.deprecation = prev.deprecation;
    bundles.set(e.name, b);
  });
  const channel: ModelChannel = { package: pkg, name, bundles };
  const channels = new Map(mp?.channels ?? []);
  channels.set(name, channel);
  const dp = ctx.dc.packages.find((p) => p.name === pkg);
  const origin = mp?.origin ?? dp?.origin ?? { file: '', index: 0, start: 0, end: 0, format: 'yaml' };
  const model: ModelPackage = {
    name: pkg,
    description: mp?.description ?? '',
    defaultChannel: mp?.defaultChannel ?? dp?.defaultChannel ?? '',
    channels,
    origin,
  };
  return { pkg: model, channel };
}

export function cloneEntry(e: DeclChannelEntry): DeclChannelEntry {
  return { name: e.name, replaces: e.replaces, skips: [...e.skips], skipRange: e.skipRange };
}
