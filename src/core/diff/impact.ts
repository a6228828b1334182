import { channelHopper } from '../graph/upgrade';
import type { Semantics } from '../graph/next-hop';
import { analyzeChannel } from '../model/channel-head';
import type { Model, ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import type { Version } from '../semver';
import { packageBundles } from './diff-models';
import type { ImpactItem, ImpactKind, PackageDiff } from './types';

/**
 * What a catalog change does to the people already running it: for every bundle of the old catalog
 * in a channel that changed, where OLM v0 and OLM v1 take its users before and after. Hops are
 * upgrade.ts's own (one channel context per channel), so these answers are the path queries' answers.
 */

interface Hop {
  target?: string;
  reason: string;
}

interface State {
  next?: string;
  /** Why there is no next hop (upgrade.ts's sentence), when there is none. */
  stuck?: string;
  reachesHead: boolean;
  head: boolean;
}

/** Next hop and "reaches the head" for every installed bundle of one channel, memoised. */
class ReachTable {
  private readonly hop: (from: { name?: string; version?: Version }) => Hop;
  private readonly heads: Set<string>;
  private readonly next = new Map<string, Hop>();
  private readonly reach = new Map<string, boolean>();

  constructor(
    pkg: ModelPackage,
    private readonly ch: ModelChannel,
    semantics: Semantics,
  ) {
    this.hop = channelHopper(pkg, ch, semantics);
    this.heads = new Set(analyzeChannel(ch).heads);
  }

  state(name: string, version: Version | undefined): State {
    const entry = this.ch.bundles.get(name);
    if (entry && this.heads.has(name)) return { reachesHead: true, head: true };
    const h = entry ? this.hopOf(entry) : this.hop({ name, version });
    const next = h.target;
    const s: State = { reachesHead: next !== undefined && this.reaches(next), head: false };
    if (next !== undefined) s.next = next;
    else s.stuck = h.reason;
    return s;
  }

  private hopOf(b: ModelBundle): Hop {
    let h = this.next.get(b.name);
    if (h === undefined) {
      h = this.heads.has(b.name) ? { reason: '' } : this.hop({ name: b.name, version: b.version });
      this.next.set(b.name, h);
    }
    return h;
  }

  private reaches(name: string): boolean {
    const walked: string[] = [];
    const seen = new Set<string>();
    let result = false;
    for (let cur: string | undefined = name; cur !== undefined;) {
      const memo = this.reach.get(cur);
      if (memo !== undefined) {
        result = memo;
        break;
      }
      if (this.heads.has(cur)) {
        result = true;
        break;
      }
      if (seen.has(cur)) break; // a loop never reaches the head
      seen.add(cur);
      walked.push(cur);
      const b = this.ch.bundles.get(cur);
      cur = b ? this.hopOf(b).target : undefined;
    }
    for (const w of walked) this.reach.set(w, result);
    return result;
  }
}

/** Everything resolution reads from a channel, so an untouched channel is not resolved again. */
function fingerprint(ch: ModelChannel): string {
  const parts: string[] = [];
  for (const b of ch.bundles.values()) {
    parts.push(
      [
        b.name,
        b.version ? JSON.stringify(b.version) : '',
        b.release,
        b.replaces,
        b.skips.join('\u0001'),
        b.skipRange,
        b.deprecation ? 'D' : '',
      ].join('\u0002'),
    );
  }
  return parts.join('\u0003');
}

const SEMANTICS: Semantics[] = ['v0', 'v1'];
const LABEL: Record<Semantics, string> = { v0: 'OLM v0', v1: 'OLM v1' };

interface Finding {
  kind: ImpactKind;
  s: Semantics;
  why: string;
}

/** upgrade.ts's reason as the second half of our sentence. */
function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s[0]?.toLowerCase() + s.slice(1) : s;
}

function nextText(s: State): string {
  return s.next ? `moved to ${s.next}` : 'had no upgrade';
}

/** The findings for one installed bundle under one semantics. */
function judge(
  s: Semantics,
  bundle: string,
  channel: string,
  before: State,
  after: State,
  chs: { before: ModelChannel; after: ModelChannel },
): Finding[] {
  const out: Finding[] = [];
  const who = `Users on ${bundle}`;
  if (before.reachesHead && !after.reachesHead) {
    const how = after.next
      ? `: they move to ${after.next} and get stuck there`
      : `, because ${lowerFirst(after.stuck ?? 'nothing upgrades from their version')}`;
    out.push({
      kind: 'no-path',
      s,
      why: `${who} can no longer reach the head of ${channel}${how}${after.stuck?.endsWith('.') ? '' : '.'}`,
    });
  } else if (before.next !== undefined && after.next !== before.next) {
    const now = after.next ? `now move to ${after.next}` : 'no longer have an upgrade';
    out.push({ kind: 'next-hop', s, why: `${who} ${now} in ${channel} (before, they ${nextText(before)}).` });
  }
  const target = after.next ? chs.after.bundles.get(after.next) : undefined;
  const wasDeprecated = before.next === after.next && !!chs.before.bundles.get(after.next ?? '')?.deprecation;
  if (target?.deprecation && !wasDeprecated) {
    out.push({
      kind: 'lands-deprecated',
      s,
      why: `${who} now move to ${target.name} in ${channel}, which is deprecated: ${target.deprecation.message}`,
    });
  }
  return out;
}

/** Joins one kind's findings under v0 and v1 into one item (the sentences agree or both are said). */
function merge(pkg: string, channel: string | null, bundle: string | null, found: Finding[]): ImpactItem[] {
  const out: ImpactItem[] = [];
  for (const kind of [...new Set(found.map((f) => f.kind))]) {
    const fs = found.filter((f) => f.kind === kind);
    const whys = [...new Set(fs.map((f) => f.why))];
    const why = whys.length === 1 ? (whys[0] as string) : fs.map((f) => `${LABEL[f.s]}: ${f.why}`).join(' ');
    out.push({
      package: pkg,
      channel,
      bundle,
      kind,
      v0: fs.some((f) => f.s === 'v0'),
      v1: fs.some((f) => f.s === 'v1'),
      why,
    });
  }
  return out;
}

function channelImpact(
  pkg: ModelPackage,
  ch: ModelChannel,
  newPkg: ModelPackage,
  newCh: ModelChannel,
): ImpactItem[] {
  const tables = SEMANTICS.map((s) => ({
    s,
    before: new ReachTable(pkg, ch, s),
    after: new ReachTable(newPkg, newCh, s),
  }));
  const out: ImpactItem[] = [];
  for (const b of ch.bundles.values()) {
    const found: Finding[] = [];
    const states = tables.map((t) => ({ s: t.s, after: t.after.state(b.name, b.version) }));
    if (!newCh.bundles.has(b.name)) {
      const paths = states.map(({ s, after }) =>
        after.reachesHead
          ? `${LABEL[s]} still takes them to ${after.next}`
          : `${LABEL[s]} has no path to the head for them`,
      );
      const gone = packageBundles(newPkg).has(b.name) ? `removed from ${ch.name}` : 'pruned from the catalog';
      for (const s of SEMANTICS)
        found.push({ kind: 'removed', s, why: `${b.name} was ${gone}; ${paths.join(', ')}.` });
    }
    for (const t of tables) {
      const before = t.before.state(b.name, b.version);
      const after = states.find((x) => x.s === t.s)?.after as State;
      found.push(...judge(t.s, b.name, ch.name, before, after, { before: ch, after: newCh }));
    }
    out.push(...merge(pkg.name, ch.name, b.name, found));
  }
  return out;
}

function both(
  pkg: string,
  channel: string | null,
  bundle: string | null,
  kind: ImpactKind,
  why: string,
): ImpactItem {
  return { package: pkg, channel, bundle, kind, v0: true, v1: true, why };
}

/** The impact list, package by package in the diff's order; only packages the diff lists are looked at. */
export function diffImpact(before: Model, after: Model, packages: readonly PackageDiff[]): ImpactItem[] {
  const out: ImpactItem[] = [];
  for (const d of packages) {
    const pkg = before.packages.get(d.name);
    const newPkg = after.packages.get(d.name);
    if (!pkg) continue; // a new package has no users yet
    if (!newPkg) {
      out.push(
        both(
          d.name,
          null,
          null,
          'package-removed',
          `Package ${d.name} is gone: every subscription to it has nothing to resolve.`,
        ),
      );
      continue;
    }
    for (const bc of d.bundles.changed) {
      if (!bc.image) continue;
      out.push(
        both(
          d.name,
          null,
          bc.name,
          'retag',
          `${bc.name} now points at ${bc.image.new ?? 'no image'} instead of ${bc.image.old ?? 'no image'}: the same name with other content (a re-tag).`,
        ),
      );
    }
    const def = pkg.defaultChannel;
    if (def && !newPkg.channels.has(def)) {
      const now = newPkg.defaultChannel
        ? `the default is now ${newPkg.defaultChannel}`
        : 'there is no default now';
      out.push(
        both(
          d.name,
          def,
          null,
          'default-channel-gone',
          `The default channel ${def} no longer exists: ${now}, so subscriptions that name no channel change course.`,
        ),
      );
    }
    for (const ch of pkg.channels.values()) {
      const newCh = newPkg.channels.get(ch.name);
      if (!newCh) {
        out.push(
          both(
            d.name,
            ch.name,
            null,
            'channel-removed',
            `Channel ${ch.name} is gone: subscriptions to it have nothing to resolve.`,
          ),
        );
        continue;
      }
      if (fingerprint(ch) === fingerprint(newCh)) continue;
      out.push(...channelImpact(pkg, ch, newPkg, newCh));
    }
  }
  return out;
}

/** Whether a diff has anything that breaks users (for `--fail-on breaking`). */
export function isBreaking(impact: readonly ImpactItem[]): boolean {
  return impact.length > 0;
}
