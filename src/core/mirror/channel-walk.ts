/**
 * One channel as the catalog filter oc-mirror v2 uses walks it (github.com/sherine-k/catalog-filter
 * v0.0.5, pkg/filter/mirror-config/v1alpha1/channel.go): its one head, checked free of duplicates,
 * self-edges and cycles with the filter's own texts, and the bundles a version range keeps. The range
 * keeps a contiguous stretch of the replaces chain (so no new head appears), plus the skipped
 * bundles of that stretch that are in range; bundles of the stretch outside the range are kept with
 * a warning, as the filter logs them.
 */
import type { DeclChannel } from '../declcfg/types';
import { goQuote as q } from '../go/strings';
import { inRange, type Semver, type VersionRange } from './version-range';

interface Entry {
  name: string;
  replaces?: Entry;
  skips: Entry[];
}

export interface WalkedChannel {
  head: Entry;
}

/** newChannel: the error text is the filter's (errors.Join: one line per error). */
export function walkChannel(ch: DeclChannel): WalkedChannel | { error: string } {
  if (ch.entries.length === 0) return { error: 'channel has no entries' };
  const byName = new Map<string, Entry>();
  const get = (name: string): Entry => {
    let e = byName.get(name);
    if (!e) byName.set(name, (e = { name, skips: [] }));
    return e;
  };
  const incoming = new Map<string, Set<Entry>>();
  const addIncoming = (to: string, from: Entry) => {
    let s = incoming.get(to);
    if (!s) incoming.set(to, (s = new Set()));
    s.add(from);
  };
  const seen = new Set<string>();
  const errs: string[] = [];
  for (const e of ch.entries) {
    const ce = get(e.name);
    if (seen.has(e.name)) {
      errs.push(`duplicate channel entry ${q(e.name)}`);
      continue;
    }
    seen.add(e.name);
    if (e.replaces !== '') {
      if (e.name === e.replaces) errs.push(`invalid channel entry ${q(e.name)}: replaces itself`);
      const r = get(e.replaces);
      addIncoming(r.name, ce);
      ce.replaces = r;
    }
    const skips = new Set<Entry>();
    for (const s of e.skips) {
      if (e.name === s) errs.push(`invalid channel entry ${q(e.name)}: skips itself`);
      const sk = get(s);
      addIncoming(sk.name, ce);
      skips.add(sk);
    }
    ce.skips = [...skips];
  }
  const heads = ch.entries.filter((e) => (incoming.get(e.name)?.size ?? 0) === 0).map((e) => get(e.name));
  if (heads.length === 0) errs.push('no channel heads found');
  else if (heads.length > 1) {
    errs.push(
      `multiple channel heads found: [${heads
        .map((h) => h.name)
        .sort()
        .join(' ')}]`,
    );
  }
  if (errs.length > 0) return { error: errs.join('\n') };
  const head = heads[0] as Entry;
  // Topological sort from the head: edges left untraversed mean a cycle.
  const queue: Entry[] = [head];
  for (let i = 0; i < queue.length; i++) {
    const cur = queue[i] as Entry;
    const next = cur.replaces ? [cur.replaces, ...cur.skips] : cur.skips;
    for (const n of next) {
      const s = incoming.get(n.name);
      if (!s) continue;
      s.delete(cur);
      if (s.size === 0) {
        incoming.delete(n.name);
        queue.push(n);
      }
    }
  }
  if (incoming.size > 0) return { error: 'detected a cycle in the upgrade graph of the channel' };
  return { head };
}

export interface RangeKeep {
  keep: Set<string>;
  /** The filter's warnings for bundles kept outside the range. */
  warnings: string[];
}

/**
 * filterByVersionRange. `versions` are the package's bundle versions (strict semver) with their
 * text as written; a name without one is unversioned.
 */
export function keepInRange(
  walked: WalkedChannel,
  range: VersionRange,
  versions: ReadonlyMap<string, { v: Semver; text: string }>,
): RangeKeep {
  const inside = (name: string): boolean => {
    const v = versions.get(name);
    return v !== undefined && inRange(range, v.v);
  };
  // countUniqueTailBundlesInRange, deepest first (the filter recurses down the replaces chain).
  const chain: Entry[] = [];
  for (let cur: Entry | undefined = walked.head; cur; cur = cur.replaces) chain.push(cur);
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  for (let i = chain.length - 1; i >= 0; i--) {
    const e = chain[i] as Entry;
    let count = e.replaces ? (counts.get(e.replaces.name) ?? 0) : 0;
    for (const n of [e, ...e.skips]) {
      if (!seen.has(n.name) && inside(n.name)) {
        seen.add(n.name);
        count++;
      }
    }
    counts.set(e.name, count);
  }
  let maxCount = -1;
  let head: Entry | undefined;
  let tail: Entry | undefined;
  for (const cur of chain) {
    const count = counts.get(cur.name) ?? 0;
    if (count >= maxCount) {
      head = cur;
      maxCount = count;
    }
    if (count === 0) {
      tail = cur;
      break;
    }
  }
  const keep = new Set<string>();
  const warnings: string[] = [];
  for (let cur = head; cur && cur !== tail; cur = cur.replaces) {
    const v = versions.get(cur.name);
    if (!v) {
      warnings.push(
        `including bundle ${q(cur.name)}: it is unversioned but is required to ensure inclusion of all bundles in the range`,
      );
    } else if (!inRange(range, v.v)) {
      warnings.push(
        `including bundle ${q(cur.name)} with version ${q(v.text)}: it falls outside the specified range of ${q(range.text.trim())} but is required to ensure inclusion of all bundles in the range`,
      );
    }
    keep.add(cur.name);
    for (const s of cur.skips) if (inside(s.name)) keep.add(s.name);
  }
  return { keep, warnings };
}
