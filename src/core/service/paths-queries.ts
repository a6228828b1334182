import {
  channelSwitchMatrix,
  compareUpgradePaths,
  nextHopV0,
  nextHopV1,
  whoReaches,
  type Installed,
  type UpgradePath,
} from '../graph/upgrade';
import { analyzeChannel } from '../model/channel-head';
import type { Model, ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import { compareVersions, formatVersion, tryParseVersion, type Version } from '../semver';
import { HopTable } from './paths-hops';
import type {
  PathAnswer,
  PathQuery,
  PathStep,
  PathView,
  QueryError,
  Semantics,
  SwitchMatrixView,
  WhoReachesAnswer,
} from './paths-views';

/**
 * The answers behind "Show upgrade path", "Who can reach this bundle" and the channel-switch
 * matrix, on the current model. The resolution itself is upgrade.ts (fbc-rules §5); this adds the
 * per-hop reasons and the plain-data shape.
 */

/** The bundle of that name in any channel of the package, the default channel first. */
function findBundle(pkg: ModelPackage, name: string): ModelBundle | undefined {
  const def = pkg.channels.get(pkg.defaultChannel)?.bundles.get(name);
  if (def) return def;
  for (const ch of pkg.channels.values()) {
    const b = ch.bundles.get(name);
    if (b) return b;
  }
  return undefined;
}

/** A typed version: blang strict, with a leading `v` accepted (as `v1.2.0` is how bundles are named). */
export function parseTypedVersion(text: string): Version | undefined {
  const t = text.trim();
  return tryParseVersion(t) ?? (/^v\d/i.test(t) ? tryParseVersion(t.slice(1)) : undefined);
}

function lookup(
  model: Model,
  pkgName: string,
  channel: string,
): { pkg: ModelPackage; ch: ModelChannel } | QueryError {
  const pkg = model.packages.get(pkgName);
  if (!pkg) return { error: `Package ${pkgName} is not in the catalog` };
  const ch = pkg.channels.get(channel);
  if (!ch) return { error: `Package ${pkgName} has no channel ${channel}` };
  return { pkg, ch };
}

/** Resolves the query's installed bundle: a name (found in any channel), or a typed version. */
function installedFrom(
  pkg: ModelPackage,
  ch: ModelChannel,
  q: PathQuery,
): { from: Installed; label: string } | QueryError {
  const typed = (q.bundle ?? '').trim();
  if (typed !== '') {
    const b = findBundle(pkg, typed);
    if (!b) return { error: `No bundle named ${typed} in package ${pkg.name}` };
    // upgrade.ts needs a version for skipRange; a bundle without one matches by name only.
    return { from: { name: b.name, version: b.version } as Installed, label: b.name };
  }
  const text = (q.version ?? '').trim();
  if (text === '') return { error: 'Pick a bundle or type a version' };
  // A bundle name typed in the version box is taken as the bundle.
  const named = findBundle(pkg, text);
  if (named) return installedFrom(pkg, ch, { ...q, bundle: named.name, version: undefined });
  const v = parseTypedVersion(text);
  if (!v) return { error: `${text} is not a version (expected semver such as 1.2.0)` };
  // The bundle with that version, as upgrade.ts would find it: this channel first, then the others.
  const same = (b: ModelBundle): boolean => b.version !== undefined && compareVersions(b.version, v) === 0;
  let match = [...ch.bundles.values()].find(same);
  for (const other of pkg.channels.values()) match ??= [...other.bundles.values()].find(same);
  if (match) return { from: { name: match.name, version: v }, label: match.name };
  return { from: { version: v }, label: formatVersion(v) };
}

function stepsOf(
  pkg: ModelPackage,
  ch: ModelChannel,
  path: UpgradePath,
  from: Installed,
  heads: Set<string>,
): PathStep[] {
  const hopOf = path.semantics === 'v0' ? nextHopV0 : nextHopV1;
  const steps: PathStep[] = [];
  let prev: Installed = from;
  path.hops.forEach((label, i) => {
    const b =
      i === 0
        ? from.name !== undefined
          ? findBundleIn(pkg, ch, from.name)
          : undefined
        : ch.bundles.get(label);
    const step: PathStep = {
      name: label,
      inChannel: ch.bundles.has(label),
      head: heads.has(label) && ch.bundles.has(label),
    };
    const version = b?.version ?? (i === 0 ? from.version : undefined);
    if (version) step.version = formatVersion(version);
    const dep = (ch.bundles.get(label) ?? b)?.deprecation?.message;
    if (dep !== undefined) step.deprecated = dep;
    if (i > 0) {
      step.reason = hopOf(pkg, ch, prev).reason;
      prev = { name: label, version: b?.version } as Installed;
    }
    steps.push(step);
  });
  return steps;
}

function findBundleIn(pkg: ModelPackage, ch: ModelChannel, name: string): ModelBundle | undefined {
  return ch.bundles.get(name) ?? findBundle(pkg, name);
}

function pathView(
  pkg: ModelPackage,
  ch: ModelChannel,
  path: UpgradePath,
  from: Installed,
  heads: Set<string>,
): PathView {
  const view: PathView = {
    semantics: path.semantics,
    steps: stepsOf(pkg, ch, path, from, heads),
    reachesHead: path.reachesHead,
  };
  if (path.stuckReason !== undefined) view.stuckReason = path.stuckReason;
  if (path.error !== undefined) view.error = path.error;
  return view;
}

/** The upgrade path to the channel head under OLM v0 and OLM v1, hop by hop, with reasons. */
export function upgradePathAnswer(model: Model, q: PathQuery): PathAnswer | QueryError {
  const found = lookup(model, q.package, q.channel);
  if ('error' in found) return found;
  const { pkg, ch } = found;
  const inst = installedFrom(pkg, ch, q);
  if ('error' in inst) return inst;
  const heads = analyzeChannel(ch).heads;
  const headSet = new Set(heads);
  const cmp = compareUpgradePaths(pkg, ch, inst.from);
  const answer: PathAnswer = {
    package: pkg.name,
    channel: ch.name,
    heads,
    from: { label: inst.label },
    v0: pathView(pkg, ch, cmp.v0, inst.from, headSet),
    v1: pathView(pkg, ch, cmp.v1, inst.from, headSet),
    differ: cmp.differ,
  };
  if (inst.from.name !== undefined) answer.from.name = inst.from.name;
  if (inst.from.version) answer.from.version = formatVersion(inst.from.version);
  if (cmp.explanation !== undefined) answer.explanation = cmp.explanation;
  return answer;
}

/** Every entry whose users end up at `target`, under both semantics. */
export function whoReachesAnswer(
  model: Model,
  pkgName: string,
  channel: string,
  target: string,
): WhoReachesAnswer | QueryError {
  const found = lookup(model, pkgName, channel);
  if ('error' in found) return found;
  const { pkg, ch } = found;
  if (!ch.bundles.has(target)) return { error: `Channel ${channel} has no entry ${target}` };
  return {
    package: pkg.name,
    channel: ch.name,
    target,
    v0: whoReaches(pkg, ch, target, 'v0'),
    v1: whoReaches(pkg, ch, target, 'v1'),
  };
}

/**
 * Rows = every bundle of the package (by version), columns = channels (by name): where a user on
 * that bundle lands after switching the subscription to that channel, and whether they go on to
 * that channel's head from there.
 */
export function switchMatrix(
  model: Model,
  pkgName: string,
  semantics: Semantics,
): SwitchMatrixView | QueryError {
  const pkg = model.packages.get(pkgName);
  if (!pkg) return { error: `Package ${pkgName} is not in the catalog` };
  const m = channelSwitchMatrix(pkg, semantics);
  const tables = m.channels.map((c) => new HopTable(pkg, pkg.channels.get(c) as ModelChannel, semantics));
  const rows = m.bundles.map((name) => {
    const b = findBundle(pkg, name);
    const row: SwitchMatrixView['rows'][number] = {
      bundle: name,
      channels: [...pkg.channels.values()].filter((c) => c.bundles.has(name)).map((c) => c.name),
    };
    if (b?.version) row.version = formatVersion(b.version);
    return row;
  });
  const cells = m.cells.map((row, r) =>
    row.map((to, c) => {
      const table = tables[c] as HopTable;
      return {
        to,
        stays: to !== null && to === m.bundles[r],
        reachesHead: to !== null && table.reachesHead(to),
      };
    }),
  );
  return {
    package: pkg.name,
    semantics,
    channels: m.channels.map((name, i) => ({
      name,
      isDefault: name === pkg.defaultChannel,
      heads: [...(tables[i] as HopTable).heads],
    })),
    rows,
    cells,
  };
}
