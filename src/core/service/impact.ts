import type { FileLoad } from '../load';
import { compareWalkOrder } from '../load';
import type { Model, ModelChannel, ModelPackage } from '../model/types';
import { formatVersion } from '../semver';
import { HopTable } from './paths-hops';
import type { HopState, ImpactKind, ImpactRow, ImpactView, Semantics } from './paths-views';

/**
 * The impact of pending edits: for every installed version (every entry of every channel as the
 * catalog was loaded), its next hop and whether it still reaches the channel head, under OLM v0 and
 * v1, before and after. Only channels whose upgrade-relevant content changed are resolved again.
 */

export interface ImpactInput {
  model: Model;
  loads: ReadonlyMap<string, FileLoad>;
}

/** Rows kept in one answer; the rest are counted in `omitted`. */
export const IMPACT_ROW_LIMIT = 1000;

/** Everything resolution reads from a channel: entries in order, their edges, versions and deprecations. */
function fingerprint(ch: ModelChannel): string {
  const parts: string[] = [];
  for (const b of ch.bundles.values()) {
    parts.push(
      [
        b.name,
        b.version ? formatVersion(b.version) : '',
        b.release,
        b.replaces,
        b.skips.join('\u0001'),
        b.skipRange,
        b.deprecation ? `D${b.deprecation.message}` : '',
      ].join('\u0002'),
    );
  }
  return parts.join('\u0003');
}

export function changedFiles(
  before: ReadonlyMap<string, FileLoad>,
  after: ReadonlyMap<string, FileLoad>,
): string[] {
  const out: string[] = [];
  for (const [path, load] of after) {
    const old = before.get(path);
    if (!old || (old !== load && old.file.text !== load.file.text)) out.push(path);
  }
  for (const path of before.keys()) if (!after.has(path)) out.push(path);
  return out.sort(compareWalkOrder);
}

function describe(
  row: Pick<ImpactRow, 'bundle' | 'channel' | 'before' | 'after' | 'kinds' | 'removed'>,
): string {
  const who = `Users on ${row.bundle}`;
  const { before, after } = row;
  const was = before.next ? `moved to ${before.next}` : 'had no upgrade';
  let s: string;
  if (row.kinds.includes('loses-head')) {
    s =
      `${who} can no longer reach the head of ${row.channel}: ` +
      (after.next
        ? `they move to ${after.next} and get stuck there`
        : 'no entry upgrades from their version');
    if (before.next !== after.next) s += ` (before, they ${was})`;
  } else if (row.kinds.includes('gains-head')) {
    s = `${who} can now reach the head of ${row.channel}` + (after.next ? `, through ${after.next}` : '');
  } else if (after.next && before.next) {
    s = `${who} now move to ${after.next} instead of ${before.next} in ${row.channel}`;
  } else if (after.next) {
    s = `${who} now move to ${after.next} in ${row.channel} (before, they had no upgrade)`;
  } else if (after.head) {
    s = `${who} no longer have an upgrade in ${row.channel}: ${row.bundle} is now a channel head (before, they ${was})`;
  } else {
    s = `${who} no longer have an upgrade in ${row.channel} (before, they ${was})`;
  }
  if (row.removed) s += `; ${row.bundle} is no longer an entry of ${row.channel}`;
  return s;
}

function sameState(a: HopState, b: HopState): boolean {
  return a.next === b.next && a.reachesHead === b.reachesHead && a.head === b.head;
}

export function computeImpact(baseline: ImpactInput, current: ImpactInput): ImpactView {
  const files = changedFiles(baseline.loads, current.loads);
  const view: ImpactView = {
    pending: files.length > 0,
    changedFiles: files,
    changedChannels: [],
    rows: [],
    omitted: 0,
  };
  if (!view.pending) return view;

  for (const pkg of baseline.model.packages.values()) {
    const curPkg: ModelPackage | undefined = current.model.packages.get(pkg.name);
    for (const ch of pkg.channels.values()) {
      const curCh = curPkg?.channels.get(ch.name);
      if (curCh && fingerprint(curCh) === fingerprint(ch)) continue;
      view.changedChannels.push({ package: pkg.name, channel: ch.name });
      const tables = (['v0', 'v1'] as Semantics[]).map((s) => ({
        s,
        before: new HopTable(pkg, ch, s),
        after: curPkg && curCh ? new HopTable(curPkg, curCh, s) : undefined,
      }));
      for (const b of ch.bundles.values()) {
        const removed = !curCh?.bundles.has(b.name);
        const found: ImpactRow[] = [];
        for (const t of tables) {
          const before = t.before.stateFrom(b.name, b.version);
          // The installed version keeps the version it was installed with, whatever the edit did to the blob.
          const after: HopState = t.after ? t.after.stateFrom(b.name, b.version) : { reachesHead: false };
          const kinds: ImpactKind[] = [];
          if (before.next !== after.next) kinds.push('next-hop');
          if (before.reachesHead && !after.reachesHead) kinds.push('loses-head');
          if (!before.reachesHead && after.reachesHead) kinds.push('gains-head');
          if (kinds.length === 0) continue;
          const prev = found.find((r) => sameState(r.before, before) && sameState(r.after, after));
          if (prev) {
            prev.semantics.push(t.s);
            continue;
          }
          const row: ImpactRow = {
            package: pkg.name,
            channel: ch.name,
            bundle: b.name,
            semantics: [t.s],
            kinds,
            before,
            after,
            removed,
            sentence: '',
          };
          if (b.version) row.version = formatVersion(b.version);
          row.sentence = describe(row);
          found.push(row);
        }
        for (const r of found) {
          if (view.rows.length < IMPACT_ROW_LIMIT) view.rows.push(r);
          else view.omitted++;
        }
      }
    }
  }
  return view;
}
