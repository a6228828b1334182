/**
 * `fbc-studio diff -o github|sarif|junit`: a catalog diff as report findings. Each impact item
 * (src/core/diff/impact.ts) is an error with its kind's rule id (`diff-no-path`, `diff-removed`…):
 * it is what `--fail-on breaking` fails on. Every other change (a package, channel or bundle added
 * or edited) is a `diff-change` note, for the reviewer: nothing to fix, and `--fail-on any` fails on
 * it. A finding sits where a reviewer looks for it: on the new side (the pull request's files) when
 * the bundle or channel is still there, else on the old side's blob (a removed channel: the file
 * as it was).
 */
import { arrow, bundleChangeText, entryChangeText, semanticsText } from '../../core/diff/describe';
import { packageBundles } from '../../core/diff/diff-models';
import type { DiffSide } from '../../core/diff/load-side';
import type { CatalogDiff, ChannelDiff, ImpactItem, ImpactKind, PackageDiff } from '../../core/diff/types';
import { locate } from '../../core/load';
import type { BlobOrigin, JsonPath } from '../../core/location';
import type { Model } from '../../core/model/types';
import type { RuleIds } from '../../core/rules';
import { cwdPrefix, joinPath } from './from-diagnostics';
import type { FailLevel, Report, ReportFinding } from './types';

/** diff's own `--fail-on` levels. */
export type DiffFailOn = 'breaking' | 'any' | 'never';

/** diff's levels onto the report's: impacts are errors, other changes notes. */
export const DIFF_FAIL_LEVEL: Readonly<Record<DiffFailOn, FailLevel>> = {
  breaking: 'error',
  any: 'any',
  never: 'never',
};

type DiffRule = RuleIds<
  | 'diff-no-path'
  | 'diff-next-hop'
  | 'diff-lands-deprecated'
  | 'diff-removed'
  | 'diff-retag'
  | 'diff-channel-removed'
  | 'diff-default-channel-gone'
  | 'diff-package-removed'
>;

export const IMPACT_RULE: Readonly<Record<ImpactKind, DiffRule>> = {
  'no-path': 'diff-no-path',
  'next-hop': 'diff-next-hop',
  'lands-deprecated': 'diff-lands-deprecated',
  removed: 'diff-removed',
  retag: 'diff-retag',
  'channel-removed': 'diff-channel-removed',
  'default-channel-gone': 'diff-default-channel-gone',
  'package-removed': 'diff-package-removed',
};

const CHANGE_RULE: RuleIds<'diff-change'> = 'diff-change';

/** One side of the comparison and where its files are, as given on the command line. */
export interface LocatedSide {
  side: DiffSide;
  /** The folder (or zip) as the user named it. */
  path: string;
  /** A zip's files are not on disk: findings point at the zip itself, with no line. */
  zip?: boolean;
}

type Where = Pick<ReportFinding, 'file' | 'line' | 'column'>;
type Candidate = [origin: BlobOrigin | undefined, path: JsonPath];

function locateOn(s: LocatedSide, [origin, path]: Candidate): Where | undefined {
  if (!origin) return undefined;
  const root = cwdPrefix(s.path);
  if (s.zip || !s.side.files) return { file: root };
  const r = locate(s.side.files, { origin, path });
  return { file: joinPath(root, origin.file), line: r.start.line, column: r.start.column };
}

/** The blobs that hold what an impact item is about on one side, most precise first. */
function impactBlobs(m: Model, i: ImpactItem): Candidate[] {
  const pkg = m.packages.get(i.package);
  if (!pkg) return [];
  const out: Candidate[] = [];
  const ch = i.channel === null ? undefined : pkg.channels.get(i.channel);
  if (i.kind === 'default-channel-gone') out.push([pkg.origin, ['defaultChannel']]);
  if (i.bundle !== null) {
    // The channel entry is the line a change of upgrade edges is made on; a re-tag is the image.
    const entry = ch?.bundles.get(i.bundle);
    if (entry && i.kind !== 'retag') out.push([entry.entryOrigin, ['entries', entry.entryIndex]]);
    const b = packageBundles(pkg).get(i.bundle);
    if (b) out.push([b.origin, i.kind === 'retag' ? ['image'] : []]);
  }
  if (ch) out.push([ch.origin, []]);
  return out;
}

function firstWhere(sides: readonly [LocatedSide, Candidate[]][]): Where {
  for (const [s, candidates] of sides) {
    for (const c of candidates) {
      const w = locateOn(s, c);
      if (w) return w;
    }
  }
  return {};
}

function impactFinding(i: ImpactItem, old: LocatedSide, now: LocatedSide): ReportFinding {
  const pkgBlob = (s: LocatedSide): Candidate[] => [[s.side.model.packages.get(i.package)?.origin, []]];
  const where = firstWhere([
    [now, impactBlobs(now.side.model, i)],
    [old, impactBlobs(old.side.model, i)],
    [now, pkgBlob(now)],
    [old, pkgBlob(old)],
  ]);
  const scope = [`package ${i.package}`, i.channel !== null && `channel ${i.channel}`].filter(Boolean);
  return {
    ruleId: IMPACT_RULE[i.kind],
    severity: 'error',
    message: `${i.why} (${semanticsText(i)}; ${scope.join(', ')})`,
    ...where,
    ours: true,
  };
}

function channelText(c: ChannelDiff): string {
  const parts: string[] = [];
  if (c.head.old !== c.head.new) parts.push(`head ${arrow(c.head)}`);
  if (c.entries.added.length) parts.push(`entries added: ${c.entries.added.join(', ')}`);
  if (c.entries.removed.length) parts.push(`entries removed: ${c.entries.removed.join(', ')}`);
  for (const e of c.entries.changed) parts.push(`${e.name}: ${entryChangeText(e)}`);
  if (c.deprecation) parts.push(`deprecation ${arrow(c.deprecation)}`);
  return parts.join('; ');
}

/** The changes of one package that no impact item already reports, as notes on the new side. */
function changeFindings(d: PackageDiff, diff: CatalogDiff, now: LocatedSide): ReportFinding[] {
  // A removed package, channel or bundle is an impact already; a new package has nobody on it yet.
  if (d.status === 'removed') return [];
  const pkg = now.side.model.packages.get(d.name);
  const bundles = packageBundles(pkg);
  const out: ReportFinding[] = [];
  const note = (message: string, at: Candidate): void => {
    out.push({ ruleId: CHANGE_RULE, severity: 'info', message, ...locateOn(now, at), ours: true });
  };
  if (d.status === 'added') {
    const channels = d.channels.map((c) => c.name).join(', ');
    note(`Package ${d.name} added with ${d.bundles.added.length} bundle(s) in channel(s) ${channels}.`, [
      pkg?.origin,
      [],
    ]);
    return out;
  }
  const defaultGone = diff.impact.some((i) => i.package === d.name && i.kind === 'default-channel-gone');
  if (d.defaultChannel.old !== d.defaultChannel.new && !defaultGone) {
    note(`Default channel of ${d.name}: ${arrow(d.defaultChannel)}.`, [pkg?.origin, ['defaultChannel']]);
  }
  if (d.deprecation) note(`Package ${d.name} deprecation: ${arrow(d.deprecation)}.`, [pkg?.origin, []]);
  for (const n of d.bundles.added) {
    note(`Bundle ${n} added (package ${d.name}).`, [bundles.get(n)?.origin, []]);
  }
  for (const b of d.bundles.changed) {
    // An image change alone is the re-tag impact.
    if (!b.version && !b.deprecation && b.properties.length === 0) continue;
    note(`Bundle ${b.name} changed: ${bundleChangeText(b)} (package ${d.name}).`, [
      bundles.get(b.name)?.origin,
      [],
    ]);
  }
  for (const c of d.channels) {
    if (c.status === 'removed') continue;
    const what = c.status === 'added' ? 'added' : 'changed';
    note(`Channel ${c.name} ${what}: ${channelText(c)} (package ${d.name}).`, [
      pkg?.channels.get(c.name)?.origin,
      [],
    ]);
  }
  return out;
}

/**
 * The report of a diff: one unit named after the new side, listing its files (clean files are
 * passing JUnit tests), impacts first, then the other changes package by package.
 */
export function diffReport(diff: CatalogDiff, old: LocatedSide, now: LocatedSide): Report {
  const name = cwdPrefix(now.path) || '.';
  const root = cwdPrefix(now.path);
  const files = now.zip ? [] : [...(now.side.files?.keys() ?? [])].map((f) => joinPath(root, f));
  const findings = [
    ...diff.impact.map((i) => impactFinding(i, old, now)),
    ...diff.packages.flatMap((d) => changeFindings(d, diff, now)),
  ].map((f) => ({ ...f, catalog: name }));
  return { command: 'diff', catalogs: [{ name, files }], findings };
}

/** The `-o github` log's last line: annotations alone give no total. */
export function diffSummaryLine(report: Report): string {
  const impacts = report.findings.filter((f) => f.severity === 'error').length;
  const changes = report.findings.length - impacts;
  return `${report.catalogs[0]?.name ?? 'diff'}: ${impacts} impact(s) on installed versions, ${changes} other change(s)\n`;
}
