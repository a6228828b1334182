/**
 * Our findings on what the filter did (rule group `mirror`): the default channel it drops, the
 * channels it empties, channels left with several heads, bundles kept outside the range. oc-mirror
 * does not look at the rebuilt catalog; these say what the cluster would meet.
 */
import type { DeclarativeConfig } from '../declcfg/types';
import type { Severity } from '../diagnostics';
import type { RuleIds } from '../rules';
import type { FilterResult } from './filter';

export interface PlanFinding {
  rule: RuleIds<
    | 'mirror-default-channel-lost'
    | 'mirror-empty-channel'
    | 'mirror-multiple-heads'
    | 'mirror-kept-outside-range'
    | 'mirror-head-unreachable'
  >;
  severity: Severity;
  message: string;
  package?: string;
  channel?: string;
}

const DEFAULT_LOST = /package "([^"]+)"(?: channel "([^"]+)" has version range| (?:.*)default channel)/;

export function filterFindings(
  original: DeclarativeConfig,
  r: FilterResult | { error: string },
): PlanFinding[] {
  if ('error' in r) {
    // The stops that concern the default channel: name the package and what happened to its channel.
    if (!/default channel|empty channel/.test(r.error)) return [];
    const m = DEFAULT_LOST.exec(r.error);
    const pkg = m?.[1];
    const def = original.packages.find((p) => p.name === pkg)?.defaultChannel ?? '';
    return [
      {
        rule: 'mirror-default-channel-lost',
        severity: 'error',
        message: /empty channel/.test(r.error)
          ? `the version range leaves the default channel ${def} of ${pkg ?? '?'} empty`
          : `the default channel ${def} of ${pkg ?? '?'} is not kept and no kept channel is named defaultChannel`,
        ...(pkg !== undefined ? { package: pkg } : {}),
        ...(def !== '' ? { channel: def } : {}),
      },
    ];
  }
  const out: PlanFinding[] = [];
  const kept = new Set(r.dc.channels.map((c) => `${c.package}\0${c.name}`));
  for (const p of r.dc.packages) {
    if (p.defaultChannel !== '' && !kept.has(`${p.name}\0${p.defaultChannel}`)) {
      out.push({
        rule: 'mirror-default-channel-lost',
        severity: 'error',
        message: `the default channel ${p.defaultChannel} of ${p.name} is not in the mirrored catalog`,
        package: p.name,
        channel: p.defaultChannel,
      });
    }
  }
  for (const e of r.emptied) {
    out.push({
      rule: 'mirror-empty-channel',
      severity: 'warning',
      message: `no bundle of channel ${e.channel} of ${e.package} is kept: the channel is dropped`,
      package: e.package,
      channel: e.channel,
    });
  }
  for (const c of r.dc.channels) {
    if (c.entries.length > 0) continue;
    // The range kept only bundles the channel replaces or skips, none of its entries: the filter
    // keeps the channel, empty (oc-mirror issue #459's "channel must contain at least one bundle").
    out.push({
      rule: 'mirror-empty-channel',
      severity: 'warning',
      message: `channel ${c.name} of ${c.package} is kept with no entries: the bundles kept for it are ones it replaces or skips`,
      package: c.package,
      channel: c.name,
    });
  }
  for (const c of r.dc.channels) {
    const names = new Set(c.entries.map((e) => e.name));
    const reached = new Set<string>();
    for (const e of c.entries) {
      if (names.has(e.replaces)) reached.add(e.replaces);
      for (const s of e.skips) if (names.has(s)) reached.add(s);
    }
    const heads = c.entries.filter((e) => !reached.has(e.name)).map((e) => e.name);
    if (heads.length > 1) {
      out.push({
        rule: 'mirror-multiple-heads',
        severity: 'error',
        message: `channel ${c.name} of ${c.package} keeps ${heads.length} heads: ${heads.sort().join(', ')}`,
        package: c.package,
        channel: c.name,
      });
    }
  }
  for (const w of r.warnings) {
    out.push({ rule: 'mirror-kept-outside-range', severity: 'info', message: w });
  }
  return out;
}
