/**
 * Quick fixes for validator findings, offered where the fix is clear: each is an edit action with
 * its arguments, and a graph fix is only offered when opm's chain check (simulated on the channel
 * as it would be) no longer reports the problem and reports nothing new.
 */
import type { DeclChannel, DeclChannelEntry } from '../declcfg/types';
import { actionByName, type EditContext } from '../edit';
import { byVersionDesc, packageVersions, simulateChannel } from '../edit/catalog';
import { analyzeChannel } from '../model/channel-head';
import { compareVersions } from '../semver';
import type { QuickFix } from './edit-types';
import type { DiagnosticView } from './views';

const q = (s: string) => JSON.stringify(s);

/** The fixes for one diagnostic, best first. */
export function quickFixes(ctx: EditContext, d: DiagnosticView): QuickFix[] {
  if (!d.package) return [];
  const fixes = defaultChannelFixes(ctx, d) ?? chainFixes(ctx, d) ?? [];
  // Only fixes the action itself accepts (it refuses with a reason otherwise).
  return fixes.filter((f) => {
    const action = actionByName(f.action);
    const r = action?.perform(ctx, f.args as never);
    return !!r && !r.error && r.changes.length > 0;
  });
}

/** R47 (no default channel) and R54 on the synthetic channel a dangling defaultChannel makes. */
function defaultChannelFixes(ctx: EditContext, d: DiagnosticView): QuickFix[] | undefined {
  const pkg = d.package as string;
  const blob = ctx.dc.packages.find((p) => p.name === pkg);
  if (!blob) return undefined;
  const channels = ctx.dc.channels.filter((c) => c.package === pkg);
  const dangling =
    d.rule === 'R54' &&
    d.channel !== undefined &&
    d.channel === blob.defaultChannel &&
    !channels.some((c) => c.name === d.channel);
  if (d.rule !== 'R47' && !dangling) return undefined;
  const ranked = rankChannels(ctx, pkg, channels);
  return ranked.map((c, i) => ({
    title: `Set defaultChannel to ${q(c.name)}`,
    action: 'setDefaultChannel',
    args: { package: pkg, channel: c.name },
    preferred: i === 0,
  }));
}

/** `stable` first, then channels by their newest entry (newest first), then by name. */
function rankChannels(ctx: EditContext, pkg: string, channels: DeclChannel[]): DeclChannel[] {
  const versions = packageVersions(ctx, pkg);
  const newest = (c: DeclChannel) => c.entries.map((e) => e.name).sort(byVersionDesc(versions))[0];
  return [...channels].sort((a, b) => {
    if ((a.name === 'stable') !== (b.name === 'stable')) return a.name === 'stable' ? -1 : 1;
    const na = newest(a);
    const nb = newest(b);
    const va = na ? versions.get(na) : undefined;
    const vb = nb ? versions.get(nb) : undefined;
    if (va && vb && compareVersions(va, vb) !== 0) return compareVersions(vb, va);
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
}

/** R55: stranded bundles and several heads, fixed by adding or removing one edge. */
function chainFixes(ctx: EditContext, d: DiagnosticView): QuickFix[] | undefined {
  if (d.rule !== 'R55' || !d.channel) return undefined;
  const pkg = d.package as string;
  const ch = ctx.dc.channels.find((c) => c.package === pkg && c.name === d.channel);
  if (!ch) return undefined;
  const before = analyzeChannel(simulateChannel(ctx, pkg, ch.name, ch.entries).channel);
  if (before.outcome !== 'stranded' && before.outcome !== 'multiple-heads') return undefined;
  const versions = packageVersions(ctx, pkg);
  const older = (a: string, b: string) => {
    const va = versions.get(a);
    const vb = versions.get(b);
    return !va || !vb || compareVersions(va, vb) < 0;
  };
  const base = { package: pkg, channel: ch.name };
  const candidates: { fix: QuickFix; entries: DeclChannelEntry[] }[] = [];
  const edit = (bundle: string, f: (e: DeclChannelEntry) => DeclChannelEntry) =>
    ch.entries.map((e) => (e.name === bundle ? f({ ...e, skips: [...e.skips] }) : e));
  // The edges most fixes add: `bundle` replaces `replaces`, or `bundle` skips `skip`.
  const addReplaces = (title: string, bundle: string, replaces: string) =>
    candidates.push({
      fix: { title, action: 'addReplaces', args: { ...base, bundle, replaces } },
      entries: edit(bundle, (e) => ({ ...e, replaces })),
    });
  const addSkip = (title: string, bundle: string, skip: string) =>
    candidates.push({
      fix: { title, action: 'addSkip', args: { ...base, bundle, skip } },
      entries: edit(bundle, (e) => ({ ...e, skips: [...e.skips, skip] })),
    });

  if (before.outcome === 'stranded') {
    const onChain = before.chain.filter((n) => ch.entries.some((e) => e.name === n));
    for (const s of before.stranded) {
      // The replaces that reconnects it: the chain's tail, when it replaces nothing in the channel.
      const tail = onChain[onChain.length - 1];
      const tailEntry = ch.entries.find((e) => e.name === tail);
      if (tail && tailEntry && older(s, tail) && !ch.entries.some((e) => e.name === tailEntry.replaces)) {
        addReplaces(`Reconnect ${s}: ${tail} replaces ${s}`, tail, s);
      }
      // A skips entry that ends the walk early (the replaces target is skipped elsewhere).
      for (const e of ch.entries) {
        for (const skip of e.skips) {
          if (!onChain.some((n) => ch.entries.find((x) => x.name === n)?.replaces === skip)) continue;
          candidates.push({
            fix: {
              title: `Reconnect ${s}: remove “skips ${skip}” from ${e.name} so the replaces chain goes on`,
              action: 'removeSkip',
              args: { ...base, bundle: e.name, skip },
            },
            entries: edit(e.name, (x) => ({ ...x, skips: x.skips.filter((k) => k !== skip) })),
          });
        }
      }
      // Or let the head skip it (users on it upgrade straight to the head).
      const head = before.heads[0];
      if (head && head !== s && older(s, head)) {
        addSkip(`Let ${head} skip ${s}`, head, s);
      }
    }
  } else {
    const heads = [...before.heads].sort(byVersionDesc(versions));
    const newest = heads[0] as string;
    const newestEntry = ch.entries.find((e) => e.name === newest);
    for (const h of heads.slice(1)) {
      if (newestEntry && newestEntry.replaces === '' && older(h, newest))
        addReplaces(`${newest} replaces ${h}`, newest, h);
      if (older(h, newest)) addSkip(`Let ${newest} skip ${h}`, newest, h);
    }
  }

  const seen = new Set<string>();
  const out: QuickFix[] = [];
  for (const c of candidates) {
    const key = `${c.fix.action}\u0000${JSON.stringify(c.fix.args)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const after = analyzeChannel(simulateChannel(ctx, pkg, ch.name, c.entries).channel);
    const better =
      after.outcome === 'ok' ||
      (before.outcome === 'stranded' &&
        after.outcome === 'stranded' &&
        after.stranded.length < before.stranded.length);
    if (better) out.push(c.fix);
  }
  if (out[0]) out[0] = { ...out[0], preferred: true };
  return out;
}
