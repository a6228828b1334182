/**
 * Version skew: the same package across consecutive OpenShift versions of one repository. Each
 * catalog can pass `opm validate` and the set still surprise users upgrading their cluster: a bundle
 * that disappears (a subscription on it stops getting updates), a default channel that changes
 * under them, a channel head that goes back, a bundle that blocks the cluster version it is
 * offered on. Our own warnings, never opm errors.
 */
import type { RuleId } from '../rules';
import { streamDropped } from './drop-versions';
import type { CheckedCatalog } from '../api';
import type { DeclBundle } from '../declcfg/types';
import type { Diagnostic } from '../diagnostics';
import type { BlobOrigin } from '../location';
import { locate } from '../load';
import { channelHead } from '../model/channel-head';
import { ChannelContext, matchHow, resolveFrom } from '../graph/next-hop';
import { compareVersions, type Version } from '../semver';
import type { ModelChannel, ModelPackage } from '../model/types';
import { byOcpVersion, compareOcpVersions } from './ocp-version';

export interface SkewCatalog {
  /** Catalog path relative to the opened folder ('.' for the folder). */
  path: string;
  ocpVersion: string | null;
  /** A one-file catalog (`catalogs/x-v4.18.json`): `path` is its file, whose blobs say `x-v4.18.json`. */
  isFile?: boolean;
  checked: CheckedCatalog;
  /** The Y-stream cutoff the repository's drop-versions map gives this catalog (drop-versions.ts). */
  dropsUpTo?: string;
}

/** A file of catalog `c` (as its blobs name it) as a path from the opened folder. */
function repoPath(c: SkewCatalog, file: string): string {
  if (c.isFile) return c.path;
  return c.path === '.' ? file : `${c.path}/${file}`;
}

function at(c: SkewCatalog, origin: BlobOrigin | undefined): Diagnostic['location'] {
  if (!origin) return undefined;
  const r = locate(c.checked.load.files, { origin, path: [] });
  return { ...r, file: repoPath(c, r.file) };
}

function warning(
  rule: RuleId,
  message: string,
  pkg: string,
  location: Diagnostic['location'],
  extra: Partial<Diagnostic> = {},
): Diagnostic {
  const d: Diagnostic = { severity: 'warning', source: 'fbc-studio', rule, message, package: pkg, ...extra };
  if (location) d.location = location;
  return d;
}

/** `olm.maxOpenShiftVersion` as 'X.Y' (its value is a string or a number such as 4.8). */
function maxOpenShift(b: DeclBundle): string | undefined {
  const p = b.properties.find((x) => x.type === 'olm.maxOpenShiftVersion');
  if (!p) return undefined;
  const m = /^v?(\d+)\.(\d+)/.exec(String(p.value));
  return m ? `${Number(m[1])}.${Number(m[2])}` : undefined;
}

/**
 * For a bundle of `pa` that `pb` (the next OpenShift version's package) no longer holds: each of its
 * channels in which a cluster running it would get no update after the OpenShift upgrade, said as
 * the warning goes on. OLM upgrades an installed bundle the catalog no longer lists when an entry of
 * its channel replaces it, skips it or covers its version by skipRange; dropping a bundle that way
 * (a version that does not support the newer OpenShift, its successors pointing back at it) is the
 * usual pruning, and leaves no channel here.
 */
function channelsLeftWithoutUpdate(
  pa: ModelPackage,
  pb: ModelPackage,
  bundle: string,
  contextOf: (ch: ModelChannel) => ChannelContext,
): string[] {
  const gone: string[] = [];
  const edgeless: string[] = [];
  for (const [chName, chA] of pa.channels) {
    const installed = chA.bundles.get(bundle);
    if (!installed) continue;
    const chB = pb.channels.get(chName);
    if (!chB) {
      gone.push(chName);
      continue;
    }
    const ctx = contextOf(chB);
    const from = resolveFrom(ctx, { name: bundle, version: installed.version });
    if (!ctx.entries.some((e) => matchHow(ctx, e, from) !== undefined)) edgeless.push(chName);
  }
  const said: string[] = [];
  if (gone.length === 1) said.push(`which has no channel ${gone[0]}`);
  else if (gone.length > 1) said.push(`which has none of its channels ${gone.join(', ')}`);
  if (edgeless.length > 0) {
    const which = edgeless.length === 1 ? `channel ${edgeless[0]}` : `channels ${edgeless.join(', ')}`;
    said.push(`${said.length > 0 ? 'and ' : ''}where no entry of ${which} replaces, skips or covers it`);
  }
  return said;
}

/**
 * Why a package's default channel changing between two OpenShift versions (`pa` the older's, `pb`
 * the newer's) can hurt, as the end of the warning ('' when it cannot be told), or undefined when it
 * cannot: a default that moves on to a newer channel, the old one kept beside it, is how a product
 * ties its versions to OpenShift's (mtv: release-v2.10 the default on 4.18, release-v2.11 on 4.19,
 * release-v2.10 still there).
 */
function defaultChannelSlip(pa: ModelPackage, pb: ModelPackage, newer: string): string | undefined {
  if (pa.defaultChannel !== '' && !pb.channels.has(pa.defaultChannel)) {
    return `, and the OpenShift ${newer} catalog has no channel ${pa.defaultChannel}`;
  }
  const from = headVersion(pa.channels.get(pa.defaultChannel));
  const to = headVersion(pb.channels.get(pb.defaultChannel));
  if (from === undefined || to === undefined) return '';
  return compareVersions(to.version, from.version) < 0
    ? `, whose head ${to.name} is older than ${from.name}`
    : undefined;
}

/**
 * A channel's head bundle and its version (its first head where opm finds several), when the head
 * has a version: what the default-channel and head-backwards findings compare.
 */
function headVersion(ch: ModelChannel | undefined): { name: string; version: Version } | undefined {
  const [head] = ch ? channelHead(ch).heads : [];
  const version = head === undefined ? undefined : ch?.bundles.get(head)?.version;
  return version === undefined ? undefined : { name: head as string, version };
}

/** A bundle's version in its package's model, from whichever channel holds it. */
function versionOf(p: ModelPackage, bundle: string): Version | undefined {
  for (const ch of p.channels.values()) {
    const v = ch.bundles.get(bundle)?.version;
    if (v !== undefined) return v;
  }
  return undefined;
}

export function skewFindings(catalogs: readonly SkewCatalog[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const versioned = catalogs
    .filter((c): c is SkewCatalog & { ocpVersion: string } => c.ocpVersion !== null)
    .sort(byOcpVersion);

  for (const c of versioned) {
    for (const b of c.checked.load.dc.bundles) {
      const max = maxOpenShift(b);
      if (max && compareOcpVersions(max, c.ocpVersion) < 0) {
        out.push(
          warning(
            'skew-max-openshift-version',
            `bundle ${b.name} has olm.maxOpenShiftVersion ${max} but is in the OpenShift ${c.ocpVersion} catalog (${c.path})`,
            b.package,
            at(c, b.origin),
            { bundle: b.name },
          ),
        );
      }
    }
  }

  const packages = new Set(versioned.flatMap((c) => [...c.checked.result.model.packages.keys()]));
  for (const name of [...packages].sort()) {
    const holding = versioned.filter((c) => c.checked.result.model.packages.has(name));
    for (let i = 1; i < holding.length; i++) {
      const a = holding[i - 1] as SkewCatalog & { ocpVersion: string };
      const b = holding[i] as SkewCatalog & { ocpVersion: string };
      if (a.ocpVersion === b.ocpVersion) continue;
      const pa = a.checked.result.model.packages.get(name);
      const pb = b.checked.result.model.packages.get(name);
      if (!pa || !pb) continue;
      const span = `OpenShift ${a.ocpVersion} (${a.path}) → ${b.ocpVersion} (${b.path})`;

      const inB = new Set(b.checked.load.dc.bundles.filter((x) => x.package === name).map((x) => x.name));
      // One context per channel of the newer catalog, however many dropped bundles ask about it.
      const contexts = new Map<ModelChannel, ChannelContext>();
      const contextOf = (ch: ModelChannel): ChannelContext => {
        let ctx = contexts.get(ch);
        if (!ctx) contexts.set(ch, (ctx = new ChannelContext(pb, ch)));
        return ctx;
      };
      for (const bundle of a.checked.load.dc.bundles) {
        if (bundle.package !== name || inB.has(bundle.name)) continue;
        // Dropped as the repository's drop-versions map says the newer version drops it: on purpose.
        if (b.dropsUpTo !== undefined && streamDropped(versionOf(pa, bundle.name), b.dropsUpTo)) continue;
        const stuck = channelsLeftWithoutUpdate(pa, pb, bundle.name, contextOf);
        if (stuck.length === 0) continue;
        out.push(
          warning(
            'skew-bundle-dropped',
            `bundle ${bundle.name} is in the OpenShift ${a.ocpVersion} catalog but not in ${b.ocpVersion}, ` +
              `${stuck.join(' ')}: ${span}`,
            name,
            at(a, bundle.origin),
            { bundle: bundle.name },
          ),
        );
      }

      if (pa.defaultChannel !== pb.defaultChannel) {
        const why = defaultChannelSlip(pa, pb, b.ocpVersion);
        if (why !== undefined) {
          out.push(
            warning(
              'skew-default-channel',
              `default channel changes from ${pa.defaultChannel || '(none)'} to ${pb.defaultChannel || '(none)'}${why}: ${span}`,
              name,
              at(b, pb.origin),
            ),
          );
        }
      }

      for (const [chName, chB] of pb.channels) {
        const chA = pa.channels.get(chName);
        if (!chA) continue;
        const headA = headVersion(chA);
        const headB = headVersion(chB);
        if (!headA || !headB || compareVersions(headB.version, headA.version) >= 0) continue;
        out.push(
          warning(
            'skew-head-backwards',
            `channel ${chName} head goes back from ${headA.name} to ${headB.name}: ${span}`,
            name,
            at(b, chB.origin),
            { channel: chName },
          ),
        );
      }
    }
  }
  return out;
}
