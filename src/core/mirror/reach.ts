/**
 * Upgrade reachability in the mirrored catalog: can a cluster running PKG@VERSION reach the head of
 * each kept channel, under OLM v0 and OLM v1, and by which path — graph/upgrade.ts's path query on
 * the filtered catalog's model. The installed bundle's name is the original catalog's bundle of that
 * version (it may be gone from the mirror, which is the point).
 */
import type { DeclarativeConfig } from '../declcfg/types';
import { upgradePath, type Semantics } from '../graph/upgrade';
import type { Model } from '../model/types';
import { tryParseVersion } from '../semver';

export interface FromVersion {
  package: string;
  version: string;
}

export interface PathAnswer {
  reachesHead: boolean;
  /** Installed → … → where it stops. */
  hops: string[];
  /** Why it stops short of the head. */
  reason?: string;
}

export interface ReachAnswer {
  package: string;
  from: string;
  channel: string | null;
  v0: PathAnswer | null;
  v1: PathAnswer | null;
  /**
   * Whether the same channel of the original catalog lets that version reach its head under both OLMs:
   * false means no filter can help, true that the filter is what breaks the path.
   */
  originalReachesHead?: boolean;
  /** The catalog the answer is about (its reference in the ImageSetConfiguration). */
  catalog?: string;
  /** When there is nothing to walk (package not mirrored, version not semver). */
  error?: string;
}

export function parseFrom(text: string): FromVersion | { error: string } {
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return { error: `--from ${text}: expected PACKAGE@VERSION` };
  return { package: text.slice(0, at), version: text.slice(at + 1) };
}

function bundleOfVersion(dc: DeclarativeConfig, pkg: string, version: string): string | undefined {
  for (const b of dc.bundles) {
    if (b.package !== pkg) continue;
    const p = b.properties.find((x) => x.type === 'olm.package');
    if ((p?.value as { version?: unknown } | null)?.version === version) return b.name;
  }
  return undefined;
}

/** One answer per kept channel of the package (sorted by channel name). */
export function reachFrom(
  original: DeclarativeConfig,
  model: Model | undefined,
  from: FromVersion,
  originalModel?: Model,
): ReachAnswer[] {
  const base = { package: from.package, from: from.version };
  const none = (error: string): ReachAnswer[] => [{ ...base, channel: null, v0: null, v1: null, error }];
  const version = tryParseVersion(from.version);
  if (!version) return none(`${from.version} is not a semantic version`);
  const pkg = model?.packages.get(from.package);
  if (!pkg) return none(`package ${from.package} is not in the mirrored catalog`);
  const name = bundleOfVersion(original, from.package, from.version);
  const installed = name !== undefined ? { name, version } : { version };
  const walk = (ch: Parameters<typeof upgradePath>[1], s: Semantics, p0 = pkg): PathAnswer => {
    const p = upgradePath(p0, ch, installed, s);
    const reason = p.reachesHead ? undefined : (p.error ?? p.stuckReason);
    return { reachesHead: p.reachesHead, hops: p.hops, ...(reason !== undefined ? { reason } : {}) };
  };
  return [...pkg.channels.values()]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((ch) => {
      const answer: ReachAnswer = { ...base, channel: ch.name, v0: walk(ch, 'v0'), v1: walk(ch, 'v1') };
      const op = originalModel?.packages.get(from.package);
      const oc = op?.channels.get(ch.name);
      if (op && oc) {
        answer.originalReachesHead = walk(oc, 'v0', op).reachesHead && walk(oc, 'v1', op).reachesHead;
      }
      return answer;
    });
}
