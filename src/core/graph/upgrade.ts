import { analyzeChannel, type ChainAnalysis } from '../model/channel-head';
import { compareGoStrings } from '../model/go-format';
import type { ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import { compareVersions, compareVersionsWithRelease, formatVersion, goQuote, type Version } from '../semver';
import { olmV0Order, type V0Order } from './olm-v0-order';
import { SkipRanges } from './skip-range';

/**
 * "From version X, where does OLM take me?" — one hop at a time, under OLM v0 (catalog operator,
 * fbc-rules §5) or OLM v1 (operator-controller successors). Names are matched for replaces/skips,
 * versions for skipRange (blang ranges).
 */

export type Semantics = 'v0' | 'v1';

export interface Installed {
  /** The installed bundle (CSV) name; may be unknown when the user typed a version. */
  name?: string;
  version: Version;
}

export interface HopResult {
  target?: string;
  /** The entries the resolver would try, in its order (the installed bundle itself left out). */
  candidates: string[];
  /** One plain sentence. */
  reason: string;
  /** OLM's exact error text when resolution fails. */
  error?: string;
}

export interface UpgradePath {
  semantics: Semantics;
  /** Installed → … → final. */
  hops: string[];
  reachesHead: boolean;
  stuckReason?: string;
  error?: string;
}

/** What one hop needs about a channel, computed once per query. */
class ChannelContext {
  readonly ranges = new SkipRanges();
  readonly entries: ModelBundle[];
  private topoCache?: ChainAnalysis;
  private v0Cache?: V0Order;

  constructor(
    readonly pkg: ModelPackage,
    readonly ch: ModelChannel,
  ) {
    this.entries = [...ch.bundles.values()];
  }

  get topo(): ChainAnalysis {
    return (this.topoCache ??= analyzeChannel(this.ch));
  }

  get v0(): V0Order {
    return (this.v0Cache ??= olmV0Order(this.pkg.name, this.ch));
  }
}

/** The installed bundle as the resolver sees it: name (looked up by version when not given) and version. */
interface From {
  name?: string;
  version?: Version;
  label: string;
}

function resolveFrom(ctx: ChannelContext, from: { name?: string; version?: Version }): From {
  let name = from.name;
  const v = from.version;
  if (name === undefined && v !== undefined) {
    const same = (b: ModelBundle): boolean => b.version !== undefined && compareVersions(b.version, v) === 0;
    name = ctx.entries.find(same)?.name;
    if (name === undefined) {
      for (const ch of ctx.pkg.channels.values()) {
        name = [...ch.bundles.values()].find(same)?.name;
        if (name !== undefined) break;
      }
    }
  }
  const label = name ?? (v ? formatVersion(v) : '?');
  const out: From = { label };
  if (name !== undefined) out.name = name;
  if (v !== undefined) out.version = v;
  return out;
}

type How = 'replaces' | 'skips' | 'skipRange';

/** How entry `b` names the installed bundle as one it upgrades from (OLM's Replaces/SkipRangeIncludes predicates). */
function matchHow(ctx: ChannelContext, b: ModelBundle, from: From): How | undefined {
  if (from.name !== undefined) {
    if (b.replaces === from.name) return 'replaces';
    if (b.skips.includes(from.name)) return 'skips';
  }
  if (b.skipRange !== '' && ctx.ranges.contains(b.skipRange, from.version)) return 'skipRange';
  return undefined;
}

/** `<name> replaces|skips <from>`, or the skipRange clause; `more` continues the sentence. */
function howText(ctx: ChannelContext, name: string, from: From, more = ''): string {
  const b = ctx.ch.bundles.get(name) as ModelBundle;
  switch (matchHow(ctx, b, from)) {
    case 'replaces':
      return `${name} replaces ${from.label}${more}`;
    case 'skips':
      return `${name} skips ${from.label}${more}`;
    default: {
      const ver = from.version ? formatVersion(from.version) : '?';
      return `${name} has skipRange ${goQuote(b.skipRange)}, which contains ${ver}${more ? ',' + more : ''}`;
    }
  }
}

function nothingSentence(ctx: ChannelContext, from: From): string {
  if (from.name !== undefined && ctx.topo.heads.includes(from.name)) {
    return `${from.label} is the head of channel ${ctx.ch.name}: nothing upgrades from it`;
  }
  const ver = from.version ? formatVersion(from.version) : 'its version';
  return `No entry of channel ${ctx.ch.name} replaces or skips ${from.label}, and no skipRange contains ${ver}`;
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function hopV0(ctx: ChannelContext, from: From): HopResult {
  const v0 = ctx.v0;
  if (v0.error !== undefined) {
    return {
      candidates: [],
      reason: `OLM v0 cannot order the entries of channel ${ctx.ch.name}, so it cannot resolve any upgrade there`,
      error: v0.error,
    };
  }
  const matching = ctx.entries.filter((b) => matchHow(ctx, b, from) !== undefined).map((b) => b.name);
  const matchSet = new Set(matching);
  const inOrder = new Set(v0.order);
  const options = v0.order.filter((n) => matchSet.has(n));
  const excluded = matching.filter((n) => !inOrder.has(n) && n !== from.name);
  const whyExcluded = (n: string): string => {
    const by = ctx.entries.find((b) => b.skips.includes(n));
    return by ? `${n} (skipped by ${by.name})` : `${n} (not on the replaces chain from the head)`;
  };

  if (options.length === 0) {
    if (excluded.length === 0) return { candidates: [], reason: nothingSentence(ctx, from) };
    return {
      candidates: [],
      reason:
        `No upgrade from ${from.label}: ${listNames(excluded.map(whyExcluded))} would qualify, ` +
        `but OLM v0 only picks entries on the head's replaces chain that nothing skips`,
    };
  }
  const first = options[0] as string;
  const candidates = options.filter((n) => n !== from.name);
  if (first === from.name) {
    return {
      candidates,
      reason: `${from.label} stays: its own skipRange contains its version and no entry nearer the head qualifies`,
    };
  }
  let reason = howText(ctx, first, from, options.length > 1 ? ' and is nearest the head' : '');
  if (excluded.length > 0) reason += `; OLM v0 never picks ${listNames(excluded.map(whyExcluded))}`;
  return { target: first, candidates, reason };
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

/** OLM v0: the first candidate (replaces/skips names X, or skipRange contains X's version) in sortChannel order. */
export function nextHopV0(pkg: ModelPackage, channel: ModelChannel, from: Installed): HopResult {
  const ctx = new ChannelContext(pkg, channel);
  return hopV0(ctx, resolveFrom(ctx, from));
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
    return `The paths end differently: OLM v0 ${v0.stuckReason ?? ''}; OLM v1 ${v1.stuckReason ?? ''}`;
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
  const differ =
    v0.hops.length !== v1.hops.length || v0.hops.some((h, i) => h !== v1.hops[i]) || v0.error !== v1.error;
  return differ ? { v0, v1, differ, explanation: explainDifference(ctx, v0, v1) } : { v0, v1, differ };
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
