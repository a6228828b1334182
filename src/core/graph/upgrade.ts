import { compareGoStrings } from '../model/go-format';
import type { ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import { compareVersions, compareVersionsWithRelease, formatVersion, goQuote, type Version } from '../semver';
import {
  ChannelContext,
  hopV0,
  howText,
  listNames,
  matchHow,
  nothingSentence,
  resolveFrom,
  type From,
  type HopResult,
  type Installed,
  type Semantics,
} from './next-hop';

/**
 * "From version X, where does OLM take me?" — one hop at a time, under OLM v0 (catalog operator,
 * fbc-rules §5) or OLM v1 (operator-controller successors), and the questions built on the hops:
 * the whole path, v0 against v1, who reaches a bundle, the channel-switch matrix. The hop itself
 * and OLM v0's next hop live in next-hop.ts (validation needs them without these queries).
 */

export { nextHopV0, type HopResult, type Installed, type Semantics } from './next-hop';

export interface UpgradePath {
  semantics: Semantics;
  /** Installed → … → final. */
  hops: string[];
  reachesHead: boolean;
  stuckReason?: string;
  error?: string;
}

function hopV1(ctx: ChannelContext, from: From): HopResult {
  const self = from.name !== undefined ? ctx.ch.bundles.get(from.name) : undefined;
  const pool = ctx.entries.filter((b) => b === self || matchHow(ctx, b, from) !== undefined);
  // operator-controller: non-deprecated first, then highest version (and release); stable otherwise.
  const ranked = [...pool].sort((a, b) => {
    const da = a.deprecation ? 1 : 0;
    const db = b.deprecation ? 1 : 0;
    if (da !== db) return da - db;
    if (a.version && b.version) {
      const c = compareVersionsWithRelease(b.version, b.release, a.version, a.release);
      if (c !== 0) return c;
    } else if (a.version || b.version) return a.version ? -1 : 1;
    return a.entryIndex - b.entryIndex;
  });
  const candidates = ranked.filter((b) => b !== self).map((b) => b.name);
  const winner = ranked[0];

  if (winner === undefined) {
    const ver = from.version ? formatVersion(from.version) : '';
    return {
      candidates,
      reason: nothingSentence(ctx, from),
      error:
        `error upgrading from currently installed version ${goQuote(ver)}: ` +
        `no bundles found for package ${goQuote(ctx.pkg.name)} in channels [${ctx.ch.name}]`,
    };
  }
  if (winner === self) {
    if (candidates.length === 0) return { candidates, reason: nothingSentence(ctx, from) };
    const top = ranked[1] as ModelBundle;
    const reason =
      top.deprecation && !self.deprecation
        ? `${from.label} stays: ${listNames(candidates)} ${candidates.length > 1 ? 'are' : 'is'} deprecated and ${from.label} is not`
        : `${from.label} stays: no successor has a higher version`;
    return { candidates, reason };
  }
  let more = '';
  if (candidates.length > 1) {
    const passedOver = ranked.some(
      (b) =>
        b.deprecation &&
        !winner.deprecation &&
        b.version !== undefined &&
        winner.version !== undefined &&
        compareVersionsWithRelease(b.version, b.release, winner.version, winner.release) > 0,
    );
    more = passedOver ? ' and is the highest version that is not deprecated' : ' and has the highest version';
  }
  return { target: winner.name, candidates, reason: howText(ctx, winner.name, from, more) };
}

function hop(ctx: ChannelContext, from: From, semantics: Semantics): HopResult {
  return semantics === 'v0' ? hopV0(ctx, from) : hopV1(ctx, from);
}

/** OLM v1: successors (and the installed bundle), non-deprecated first, then highest version and release. */
export function nextHopV1(pkg: ModelPackage, channel: ModelChannel, from: Installed): HopResult {
  const ctx = new ChannelContext(pkg, channel);
  return hopV1(ctx, resolveFrom(ctx, from));
}

function pathIn(ctx: ChannelContext, start: From, semantics: Semantics): UpgradePath {
  const heads = new Set(ctx.topo.heads);
  const hops = [start.label];
  const visited = new Set([start.label]);
  let cur = start;
  for (;;) {
    if (cur.name !== undefined && heads.has(cur.name)) return { semantics, hops, reachesHead: true };
    const r = hop(ctx, cur, semantics);
    if (r.error !== undefined && r.target === undefined) {
      return { semantics, hops, reachesHead: false, stuckReason: r.reason, error: r.error };
    }
    if (r.target === undefined) return { semantics, hops, reachesHead: false, stuckReason: r.reason };
    if (visited.has(r.target)) {
      return {
        semantics,
        hops,
        reachesHead: false,
        stuckReason: `The path loops: from ${cur.label} it would go back to ${r.target}`,
      };
    }
    hops.push(r.target);
    visited.add(r.target);
    const b = ctx.ch.bundles.get(r.target) as ModelBundle;
    cur = b.version ? { name: b.name, version: b.version, label: b.name } : { name: b.name, label: b.name };
  }
}

/** Iterates one hop at a time; stops at a head, when no hop is possible, or when the path would loop. */
export function upgradePath(
  pkg: ModelPackage,
  channel: ModelChannel,
  from: Installed,
  semantics: Semantics,
): UpgradePath {
  const ctx = new ChannelContext(pkg, channel);
  return pathIn(ctx, resolveFrom(ctx, from), semantics);
}

function explainDifference(ctx: ChannelContext, v0: UpgradePath, v1: UpgradePath): string {
  if (v0.error !== undefined && v0.hops.length === 1) {
    const dest = v1.hops.length > 1 ? `moves to ${v1.hops[1]}` : 'stays';
    return `OLM v0 cannot resolve upgrades in channel ${ctx.ch.name} (${v0.error}), while OLM v1 ${dest}`;
  }
  let i = 1;
  while (i < v0.hops.length && i < v1.hops.length && v0.hops[i] === v1.hops[i]) i++;
  const at = v0.hops[i - 1] as string;
  const a = v0.hops[i];
  const b = v1.hops[i];
  const skippedBy = (n: string): string | undefined => ctx.entries.find((e) => e.skips.includes(n))?.name;
  const isDeprecated = (n: string | undefined): boolean => !!(n && ctx.ch.bundles.get(n)?.deprecation);
  if (a === undefined && b !== undefined) {
    const by = skippedBy(b);
    const why = by ? `${b} is skipped by ${by}` : `${b} is not on the replaces chain from the head`;
    return `From ${at}, OLM v1 moves to ${b} but OLM v0 cannot, because ${why}`;
  }
  if (b === undefined && a !== undefined) {
    if (isDeprecated(a) && !isDeprecated(at)) {
      return `From ${at}, OLM v0 moves to ${a} but OLM v1 stays, because ${a} is deprecated and ${at} is not`;
    }
    return `From ${at}, OLM v0 moves to ${a} but OLM v1 stays, because no successor ranks above ${at}`;
  }
  if (a === undefined || b === undefined) {
    // The same hops: only the ending differs, by one side reporting an error (what OLM shows).
    const erring = v1.error !== undefined && v0.error === undefined ? 'v1' : 'v0';
    const error = erring === 'v1' ? v1.error : v0.error;
    const also = error === undefined ? '' : `; OLM ${erring} reports it as an error: ${error}`;
    if (v0.stuckReason === v1.stuckReason)
      return `Both stop at ${at}: ${v0.stuckReason ?? 'no further hop'}${also}`;
    return `Both stop at ${at}, for different reasons: OLM v0: ${v0.stuckReason ?? ''}; OLM v1: ${v1.stuckReason ?? ''}${also}`;
  }
  const by = skippedBy(b);
  if (by) {
    return `From ${at}, OLM v0 moves to ${a}, the candidate nearest the head, while OLM v1 moves to ${b}, a higher version that OLM v0 never picks because ${by} skips it`;
  }
  const aDep = isDeprecated(a) && !isDeprecated(b);
  return aDep
    ? `From ${at}, OLM v0 moves to ${a}, the candidate nearest the head, while OLM v1 moves to ${b} because ${a} is deprecated`
    : `From ${at}, OLM v0 moves to ${a}, the candidate nearest the head, while OLM v1 moves to ${b}, the highest version`;
}

export function compareUpgradePaths(
  pkg: ModelPackage,
  channel: ModelChannel,
  from: Installed,
): { v0: UpgradePath; v1: UpgradePath; differ: boolean; explanation?: string } {
  const ctx = new ChannelContext(pkg, channel);
  const start = resolveFrom(ctx, from);
  const v0 = pathIn(ctx, start, 'v0');
  const v1 = pathIn(ctx, start, 'v1');
  // They differ when the paths do. The same hops that end for different reasons, or where only one
  // side reports the stop as an error, are one path with a note — never "v0 and v1 differ".
  const differ = v0.hops.length !== v1.hops.length || v0.hops.some((h, i) => h !== v1.hops[i]);
  const noted = differ || v0.error !== v1.error || v0.stuckReason !== v1.stuckReason;
  return noted ? { v0, v1, differ, explanation: explainDifference(ctx, v0, v1) } : { v0, v1, differ };
}

/**
 * Every entry (other than `target`) whose users pass through or end at `target`, in entry order —
 * the backwards query "who lands here?".
 */
export function whoReaches(
  pkg: ModelPackage,
  channel: ModelChannel,
  target: string,
  semantics: Semantics,
): string[] {
  const ctx = new ChannelContext(pkg, channel);
  // Each entry's next hop is fixed, so compute it once and follow the pointers.
  const next = new Map<string, string | undefined>();
  const heads = new Set(ctx.topo.heads);
  for (const b of ctx.entries) {
    if (heads.has(b.name)) continue;
    const from: From = b.version
      ? { name: b.name, version: b.version, label: b.name }
      : { name: b.name, label: b.name };
    next.set(b.name, hop(ctx, from, semantics).target);
  }
  const out: string[] = [];
  for (const b of ctx.entries) {
    if (b.name === target) continue;
    const seen = new Set([b.name]);
    for (let n = next.get(b.name); n !== undefined && !seen.has(n); n = next.get(n)) {
      if (n === target) {
        out.push(b.name);
        break;
      }
      seen.add(n);
    }
  }
  return out;
}

/**
 * For every bundle of the package (rows, by version ascending) and every channel (columns, by name):
 * where a user on that bundle lands after switching the subscription to that channel — the first hop
 * there, or the bundle itself when the channel already lists it; null when there is no way in.
 */
export function channelSwitchMatrix(
  pkg: ModelPackage,
  semantics: Semantics,
): { bundles: string[]; channels: string[]; cells: (string | null)[][] } {
  const versions = new Map<string, Version | undefined>();
  for (const ch of pkg.channels.values()) {
    for (const b of ch.bundles.values())
      if (!versions.has(b.name) || !versions.get(b.name)) versions.set(b.name, b.version);
  }
  const bundles = [...versions.keys()].sort((x, y) => {
    const vx = versions.get(x);
    const vy = versions.get(y);
    const c = vx && vy ? compareVersions(vx, vy) : vx ? 1 : vy ? -1 : 0;
    return c || compareGoStrings(x, y);
  });
  const channels = [...pkg.channels.keys()].sort(compareGoStrings);
  const contexts = channels.map((c) => new ChannelContext(pkg, pkg.channels.get(c) as ModelChannel));
  const cells = bundles.map((name) => {
    const v = versions.get(name);
    const from: From = v ? { name, version: v, label: name } : { name, label: name };
    return contexts.map((ctx) =>
      ctx.ch.bundles.has(name) ? name : (hop(ctx, from, semantics).target ?? null),
    );
  });
  return { bundles, channels, cells };
}

/**
 * Many hops in one channel with one context (the v0 order and skipRanges computed once): for tables
 * over every entry, such as a catalog diff's impact, where a fresh context per hop would cost O(n²).
 */
export function channelHopper(
  pkg: ModelPackage,
  channel: ModelChannel,
  semantics: Semantics,
): (from: { name?: string; version?: Version }) => HopResult {
  const ctx = new ChannelContext(pkg, channel);
  return (from) => hop(ctx, resolveFrom(ctx, from), semantics);
}
