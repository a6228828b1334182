import { analyzeChannel, type ChainAnalysis } from '../model/channel-head';
import type { ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import { compareVersions, formatVersion, goQuote, type Version } from '../semver';
import { olmV0Order, type V0Order } from './olm-v0-order';
import { SkipRanges } from './skip-range';

/**
 * One hop of "from version X, where does OLM take me?": what a channel entry upgrades from
 * (replaces/skips names, skipRange versions), the context a hop reads, and OLM v0's next hop.
 * Validation needs only OLM v0's next hop (warnings.ts), so it is kept apart from the path
 * queries built on it (upgrade.ts): the catalog worker loads those on the first question asked.
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

/** What one hop needs about a channel, computed once per query. */
export class ChannelContext {
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

  /** For hasHopV0 on many bundles of one channel: where in OLM v0's order each is first named. */
  get v0Names(): V0Names | undefined {
    if (this.v0NamesCache === undefined) {
      const v0 = this.v0;
      if (v0.error !== undefined) return undefined;
      const firstNaming = new Map<string, number>();
      const ranged: number[] = [];
      v0.order.forEach((n, i) => {
        const b = this.ch.bundles.get(n) as ModelBundle;
        // As matchHow compares: an entry without replaces ('') names a bundle named '' too.
        if (!firstNaming.has(b.replaces)) firstNaming.set(b.replaces, i);
        for (const s of b.skips) if (!firstNaming.has(s)) firstNaming.set(s, i);
        if (b.skipRange !== '') ranged.push(i);
      });
      this.v0NamesCache = { order: v0.order, firstNaming, ranged };
    }
    return this.v0NamesCache;
  }
  private v0NamesCache?: V0Names;
}

/** Positions in OLM v0's order: of the first entry naming a bundle (replaces/skips), of entries with a skipRange. */
interface V0Names {
  order: string[];
  firstNaming: Map<string, number>;
  ranged: number[];
}

/** The installed bundle as the resolver sees it: name (looked up by version when not given) and version. */
export interface From {
  name?: string;
  version?: Version;
  label: string;
}

export function resolveFrom(ctx: ChannelContext, from: { name?: string; version?: Version }): From {
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

export type How = 'replaces' | 'skips' | 'skipRange';

/** How entry `b` names the installed bundle as one it upgrades from (OLM's Replaces/SkipRangeIncludes predicates). */
export function matchHow(ctx: ChannelContext, b: ModelBundle, from: From): How | undefined {
  if (from.name !== undefined) {
    if (b.replaces === from.name) return 'replaces';
    if (b.skips.includes(from.name)) return 'skips';
  }
  if (b.skipRange !== '' && ctx.ranges.contains(b.skipRange, from.version)) return 'skipRange';
  return undefined;
}

/** `<name> replaces|skips <from>`, or the skipRange clause; `more` continues the sentence. */
export function howText(ctx: ChannelContext, name: string, from: From, more = ''): string {
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

export function nothingSentence(ctx: ChannelContext, from: From): string {
  if (from.name !== undefined && ctx.topo.heads.includes(from.name)) {
    return `${from.label} is the head of channel ${ctx.ch.name}: nothing upgrades from it`;
  }
  const ver = from.version ? formatVersion(from.version) : 'its version';
  return `No entry of channel ${ctx.ch.name} replaces or skips ${from.label}, and no skipRange contains ${ver}`;
}

export function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function hopV0(ctx: ChannelContext, from: From): HopResult {
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

/**
 * Whether OLM v0 has a next hop from `from` (hopV0's `target !== undefined`) without building its
 * sentences: validation asks this once per skipped replaces target, thousands of times on a big
 * catalog, and only needs the yes/no. The first entry in v0 order that names `from` decides.
 */
export function hasHopV0(ctx: ChannelContext, from: From): boolean {
  const names = ctx.v0Names;
  if (names === undefined) return false;
  // The first entry in OLM v0's order that matchHow accepts: the first one naming `from`, unless an
  // entry before it has a skipRange containing `from`'s version (the ranges are tested in the same
  // order and up to the same point as a walk of the order would, so a panic is recorded alike).
  let first = from.name === undefined ? Infinity : (names.firstNaming.get(from.name) ?? Infinity);
  for (const i of names.ranged) {
    if (i >= first) break;
    const b = ctx.ch.bundles.get(names.order[i] as string) as ModelBundle;
    if (ctx.ranges.contains(b.skipRange, from.version)) {
      first = i;
      break;
    }
  }
  return first !== Infinity && names.order[first] !== from.name;
}

/** OLM v0: the first candidate (replaces/skips names X, or skipRange contains X's version) in sortChannel order. */
export function nextHopV0(pkg: ModelPackage, channel: ModelChannel, from: Installed): HopResult {
  const ctx = new ChannelContext(pkg, channel);
  return hopV0(ctx, resolveFrom(ctx, from));
}
