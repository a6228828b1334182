/**
 * Where a new bundle goes in a catalog: one channel entry per channel its annotations list, with
 * the edges its CSV declares. A file-based catalog ignores the CSV's `spec.replaces`/`spec.skips`
 * and the `olm.skipRange` annotation (the channel entries alone count), so adding a bundle means
 * writing them as entries; this proposes them, each value with the reason it was chosen, for the
 * user to confirm or change before the addBundle action writes them.
 */
import type { DeclChannel } from '../declcfg/types';
import type { EditContext } from '../edit/action';
import { EditError } from '../edit/blob-op';
import {
  bundleBlob,
  byVersionDesc,
  channelBlob,
  channelBlobs,
  packageBundleNames,
  packageVersions,
  simulateChannel,
} from '../edit/catalog';
import { channelHead } from '../model/channel-head';
import type { BundleFacts } from './bundle-facts';

export interface ProposedEntry {
  channel: string;
  /** '' for no replaces. */
  replaces: string;
  skips: string[];
  skipRange: string;
  /** The package has no such channel yet: adding the bundle creates it. */
  newChannel: boolean;
  /** Why each value was chosen, one sentence each. */
  why: string[];
}

export interface BundleProposal {
  package: string;
  bundle: string;
  version: string;
  entries: ProposedEntry[];
  /** About the proposal as a whole: what stops it, or what the user should check. */
  notes: string[];
  /** Set when the catalog lacks the package: adding the bundle creates it with this default channel. */
  newPackage?: { defaultChannel: string };
}

/** The channel's heads as opm computes them, newest version first. */
function headsOf(ctx: EditContext, pkg: string, ch: DeclChannel): string[] {
  if (ch.entries.length === 0) return [];
  const { heads } = channelHead(simulateChannel(ctx, pkg, ch.name, ch.entries).channel);
  return heads.sort(byVersionDesc(packageVersions(ctx, pkg)));
}

function entryFor(ctx: EditContext, facts: BundleFacts, pkg: string, name: string): ProposedEntry {
  const why: string[] = [];
  let ch: DeclChannel | undefined;
  try {
    ch = channelBlob(ctx.dc, pkg, name);
  } catch (e) {
    if (!(e instanceof EditError)) throw e;
    why.push(e.message);
  }
  let replaces = '';
  const r = facts.replaces;
  if (ch) {
    const inChannel = new Set(ch.entries.map((e) => e.name));
    const heads = headsOf(ctx, pkg, ch);
    const head = heads[0] ?? '';
    if (r !== '' && inChannel.has(r)) {
      replaces = r;
      why.push(`replaces ${r}: the CSV's spec.replaces`);
      const others = heads.filter((h) => h !== r && !facts.skips.includes(h));
      if (others.length > 0)
        why.push(`the channel's head ${others.join(', ')} is neither replaced nor skipped: it stays a head`);
    } else if (head !== '') {
      replaces = head;
      why.push(
        r === ''
          ? `replaces ${head}, the channel's head: the CSV has no spec.replaces, and without an edge to the head the channel would have two heads`
          : `replaces ${head}, the channel's head: the CSV's spec.replaces ${r} is not in this channel`,
      );
    }
  } else {
    why.push(`new channel ${name}: the package has no such channel yet`);
    if (r !== '' && packageBundleNames(ctx.dc, pkg).includes(r)) {
      replaces = r;
      why.push(`replaces ${r}: the CSV's spec.replaces`);
    } else if (r !== '') why.push(`no replaces: the CSV's spec.replaces ${r} is not a bundle of the package`);
  }
  if (facts.skips.length > 0) why.push(`skips ${facts.skips.join(', ')}: the CSV's spec.skips`);
  if (facts.skipRange !== '') why.push(`skipRange ${facts.skipRange}: the CSV's olm.skipRange annotation`);
  return {
    channel: name,
    replaces,
    skips: [...facts.skips],
    skipRange: facts.skipRange,
    newChannel: !ch,
    why,
  };
}

/**
 * The bundle's first release in this catalog: its package and channels are created with it. The
 * default channel is the annotations' default channel, else the only (or first) channel listed.
 */
function newPackage(facts: BundleFacts, ctx: EditContext, out: BundleProposal): BundleProposal {
  const channels =
    facts.channels.length > 0 ? facts.channels : facts.defaultChannel ? [facts.defaultChannel] : [];
  if (channels.length === 0) {
    out.notes.push(
      `the catalog has no package ${out.package} and the bundle's annotations list no channels: choose one, which becomes the new package's default channel`,
    );
    return out;
  }
  const annotated = facts.defaultChannel !== '' && channels.includes(facts.defaultChannel);
  const defaultChannel = annotated ? facts.defaultChannel : (channels[0] as string);
  out.newPackage = { defaultChannel };
  out.notes.push(
    `the catalog has no package ${out.package}: adding the bundle creates it, with default channel ${defaultChannel} (${
      annotated
        ? "the bundle's default channel annotation"
        : channels.length === 1
          ? 'its only channel'
          : 'the first of its channels; the bundle has no default channel annotation'
    })`,
  );
  out.entries = channels.map((c) => entryFor(ctx, facts, out.package, c));
  return out;
}

/** The entries proposed for the bundle in the catalog, and what to know about them. */
export function proposeEntries(facts: BundleFacts, ctx: EditContext): BundleProposal {
  const pkg = facts.package;
  const notes: string[] = [];
  const out: BundleProposal = {
    package: pkg,
    bundle: facts.name,
    version: facts.version,
    entries: [],
    notes,
  };
  if (pkg === '') {
    notes.push('the bundle names no package (annotation operators.operatorframework.io.bundle.package.v1)');
    return out;
  }
  const declared = ctx.dc.packages.find((p) => p.name === pkg);
  if (!declared) return newPackage(facts, ctx, out);
  if (bundleBlob(ctx.dc, pkg, facts.name))
    notes.push(
      `the catalog already has ${facts.name}: substitute it instead (a respin keeps its name only in a template)`,
    );
  let channels = facts.channels;
  if (channels.length === 0) {
    const fallback = facts.defaultChannel || declared.defaultChannel;
    channels = fallback ? [fallback] : [];
    notes.push(
      fallback
        ? `the bundle's annotations list no channels: proposing ${fallback}, the ${facts.defaultChannel ? "bundle's" : "package's"} default channel`
        : "the bundle's annotations list no channels: choose one",
    );
  }
  const existing = channelBlobs(ctx.dc, pkg).map((c) => c.name);
  if (existing.length > 0 && !channels.some((c) => existing.includes(c)))
    notes.push(
      `none of the bundle's channels (${channels.join(', ')}) is a channel of ${pkg} (${existing.join(', ')}): adding creates them; pick an existing channel instead to extend its graph`,
    );
  out.entries = channels.map((c) => entryFor(ctx, facts, pkg, c));
  return out;
}
