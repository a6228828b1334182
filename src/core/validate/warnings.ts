import type { DeclarativeConfig, DeclOther } from '../declcfg/types';
import type { Diagnostic, Severity } from '../diagnostics';
import type { LocRef } from '../location';
import { refTo } from '../model/json-path';
import { bundleRef, entryRef, packagePropertyPath } from '../model/refs';
import { parseSkipRange } from '../model/skip-range';
import type { Model, ModelBundle, ModelChannel, ModelPackage } from '../model/types';
import {
  compareVersions,
  formatVersion,
  goQuote,
  rangeUpperBound,
  SemverError,
  type BlangRange,
  type Comparator,
  type Version,
} from '../semver';
import { ChannelContext, hasHopV0, resolveFrom } from '../graph/next-hop';
import { hostileIfLoaded } from '../load/hostile-registry';
import type { RuleIds } from '../rules';

/**
 * FBC Studio's own findings: things `opm validate` accepts but that hurt users at upgrade time
 * (peers.md §4). Never errors; each says in its text that opm does not flag it, and carries
 * `source: 'fbc-studio'` and a stable kebab-case rule id with its entry in src/core/rules/fbc-studio.ts.
 */

export type WarningRule = RuleIds<
  | 'skipped-replaces-target'
  | 'skiprange-above-version'
  | 'skiprange-covers-nothing'
  | 'skips-only'
  | 'prerelease-as-build-number'
  | 'schema-typo'
  | 'indexignore-hides-everything'
>;

const q = goQuote;
const NOT_OPM = 'opm validate accepts this; this is an FBC Studio check, not an opm error.';

function finding(
  rule: WarningRule,
  severity: Severity,
  message: string,
  scope: { package?: string; channel?: string; bundle?: string },
  ref: LocRef | undefined,
): Diagnostic {
  const d: Diagnostic = { severity, source: 'fbc-studio', rule, message: `${message} ${NOT_OPM}`, ...scope };
  if (ref !== undefined) d.ref = ref;
  return d;
}

function quotedList(names: readonly string[]): string {
  return names.map(q).join(', ');
}

/**
 * #4: OLM v0 leaves every skipped entry out of the upgrade order, so a replaces edge into it is dead.
 * Whether that hurts anyone depends on the rest of the channel: a warning when OLM v0's resolver
 * really leaves the bundle the skipped entry replaces without a next hop, information otherwise
 * (the common "replaces N-1, skips N-2" pattern keeps every user moving through skips).
 */
function skippedReplacesTargets(p: ModelPackage, ch: ModelChannel, out: Diagnostic[]): void {
  const skippers = new Map<string, string[]>();
  for (const b of ch.bundles.values()) {
    for (const s of b.skips) {
      const list = skippers.get(s);
      if (list === undefined) skippers.set(s, [b.name]);
      else if (list[list.length - 1] !== b.name) list.push(b.name); // b's own repeats are adjacent
    }
  }
  if (skippers.size === 0) return;
  const replacers = new Map<string, string[]>();
  for (const b of ch.bundles.values()) {
    const target = b.replaces;
    if (target === '' || target === b.name || !skippers.has(target) || !ch.bundles.has(target)) continue;
    const list = replacers.get(target);
    if (list === undefined) replacers.set(target, [b.name]);
    else list.push(b.name);
  }
  // One context for the channel: its OLM v0 order is computed once, not once per replaced bundle.
  let ctx: ChannelContext | undefined;
  for (const [target, by] of replacers) {
    const x = ch.bundles.get(target) as ModelBundle;
    const below = ch.bundles.get(x.replaces);
    const stuck =
      below !== undefined && below.version !== undefined && below.name !== target
        ? !hasHopV0((ctx ??= new ChannelContext(p, ch)), resolveFrom(ctx, below))
        : false;
    const head =
      `${q(target)} is skipped by ${quotedList(skippers.get(target) ?? [])} and is also the replaces target ` +
      `of ${quotedList(by)} in channel ${q(ch.name)}. OLM v0 leaves skipped bundles out of the upgrade ` +
      `order and ignores their edges`;
    out.push(
      finding(
        'skipped-replaces-target',
        stuck ? 'warning' : 'info',
        stuck
          ? `${head}: clusters on ${q(below?.name ?? '')} (which ${q(target)} replaces) get no upgrade from OLM v0.`
          : `${head}; today every bundle it replaces still has another upgrade edge, so no cluster is stranded.`,
        { package: ch.package, channel: ch.name, bundle: target },
        entryRef(ch, x, ['name']),
      ),
    );
  }
}

/**
 * #5: skips do not chain, so an entry reached only through its skips list is easy to strand users on.
 * Said only when the list leaves an older entry of the channel out: an entry that skips every older
 * one (a common head: "upgrade from any version straight to me") strands no cluster on the catalog's
 * versions, and most such entries in real catalogs are just that.
 */
function skipsOnly(ch: ModelChannel, b: ModelBundle, out: Diagnostic[]): void {
  if (b.skips.length === 0 || b.replaces !== '' || b.skipRange !== '') return;
  // The entries older than it (or of no version: their order is unknown) that its skips do not name.
  const left = [...ch.bundles.values()]
    .filter(
      (e) =>
        e.name !== b.name &&
        !b.skips.includes(e.name) &&
        !(e.version && b.version && compareVersions(e.version, b.version) >= 0),
    )
    .map((e) => q(e.name));
  if (left.length === 0) return;
  out.push(
    finding(
      'skips-only',
      'warning',
      // The entries named first: the rest of the text is the rule's, shared by all its findings.
      `${q(b.name)} in channel ${q(ch.name)} has skips but no replaces and no skipRange, and its skips ` +
        `leave out ${left.length > 3 ? `${left.slice(0, 3).join(', ')} and ${left.length - 3} more` : left.join(', ')} ` +
        `(older entries of the channel). Skips do not chain: only clusters on exactly the listed bundles ` +
        `can upgrade to it; add replaces (or a skipRange) to keep older versions connected.`,
      { package: ch.package, channel: ch.name, bundle: b.name },
      entryRef(ch, b, ['skips']),
    ),
  );
}

/** #7: a skipRange reaching above the bundle's own version lets OLM "upgrade" newer installs down to it. */
function skipRangeAboveVersion(
  ch: ModelChannel,
  b: ModelBundle,
  r: BlangRange,
  v: Version,
  out: Diagnostic[],
): void {
  const ub = rangeUpperBound(r);
  if (ub !== undefined && compareVersions(ub.version, v) <= 0) return;
  const bound =
    ub === undefined
      ? 'has no upper bound'
      : `reaches ${ub.inclusive ? '' : 'up to '}${formatVersion(ub.version)}${ub.inclusive ? ' inclusive' : ''}`;
  out.push(
    finding(
      'skiprange-above-version',
      'warning',
      `skipRange ${q(b.skipRange)} of ${q(b.name)} in channel ${q(ch.name)} ${bound}, above the bundle's own ` +
        `version ${formatVersion(v)}: OLM would offer ${q(b.name)} as an upgrade to clusters running a newer ` +
        `version (upstream operator-registry PR #2090 proposes to reject this).`,
      { package: ch.package, channel: ch.name, bundle: b.name },
      entryRef(ch, b, ['skipRange']),
    ),
  );
}

/** Index of the first version in `sorted` (ascending) above `v` (`strict`) or at least `v`. */
function lowerIndex(sorted: readonly Version[], v: Version, strict: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = compareVersions(sorted[mid] as Version, v);
    if (c < 0 || (strict && c === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Does `r` match any of `sorted` (ascending) other than `self`? Each AND group is an interval (its
 * tightest lower and upper comparators) minus a few `!=` points, so a binary search finds the first
 * candidate and the scan stops at the first match: no quadratic blow-up on channels where many
 * ranges cover nothing. Throws RangePanicError where Go's evaluation would panic.
 */
export function coversAny(r: BlangRange, sorted: readonly Version[], self: Version | undefined): boolean {
  for (const group of r.groups) {
    let lower: Comparator | undefined;
    let upper: Comparator | undefined;
    for (const c of group) {
      if (c.op === '>' || c.op === '>=' || c.op === '==') {
        const d = lower === undefined ? 1 : compareVersions(c.version, lower.version);
        if (d > 0 || (d === 0 && c.op === '>')) lower = c;
      }
      if (c.op === '<' || c.op === '<=' || c.op === '==') {
        const d = upper === undefined ? -1 : compareVersions(c.version, upper.version);
        if (d < 0 || (d === 0 && c.op === '<')) upper = c;
      }
    }
    const start = lower === undefined ? 0 : lowerIndex(sorted, lower.version, lower.op === '>');
    for (let i = start; i < sorted.length; i++) {
      const v = sorted[i] as Version;
      if (upper !== undefined) {
        const c = compareVersions(v, upper.version);
        if (c > 0 || (c === 0 && upper.op === '<')) break;
      }
      if (v !== self && r.test(v)) return true;
    }
  }
  return false;
}

/**
 * #7: a parsed skipRange that matches no version of another bundle of the package. A range that
 * matches only other channels' versions is how a package with a channel per minor version lets a
 * cluster that switches channel upgrade (stable-0.18's 0.18.0 skipping >=0.17.0 <0.18.0, which sit
 * in stable-0.17): that is left alone.
 */
function skipRangeCoversNothing(
  p: ModelPackage,
  ch: ModelChannel,
  b: ModelBundle,
  r: BlangRange,
  versionsOf: (c: ModelChannel) => readonly Version[],
  out: Diagnostic[],
): void {
  // In each channel the bundle's own entry (the same version object) does not count.
  const covers = (c: ModelChannel): boolean => coversAny(r, versionsOf(c), c.bundles.get(b.name)?.version);
  try {
    if (covers(ch) || [...p.channels.values()].some(covers)) return;
  } catch {
    return; // blang would panic evaluating this range; not ours to report
  }
  out.push(
    finding(
      'skiprange-covers-nothing',
      'info',
      `skipRange ${q(b.skipRange)} of ${q(b.name)} matches no other version of package ${q(ch.package)}, in ` +
        `channel ${q(ch.name)} or any other; it only helps clusters still running versions that are no ` +
        `longer in the catalog.`,
      { package: ch.package, channel: ch.name, bundle: b.name },
      entryRef(ch, b, ['skipRange']),
    ),
  );
}

function isNumericPrerelease(v: Version): boolean {
  return v.pre.length > 0 && v.pre.every((id) => id.num !== undefined);
}

function releaseKey(v: Version): string {
  return v.exact ? `${v.exact.major}.${v.exact.minor}.${v.exact.patch}` : `${v.major}.${v.minor}.${v.patch}`;
}

/** #8: `1.34.1-5` used as "build 5 of 1.34.1" sorts below 1.34.1. */
function prereleaseAsBuildNumber(ch: ModelChannel, releases: ReadonlySet<string>, out: Diagnostic[]): void {
  for (const b of ch.bundles.values()) {
    const v = b.version;
    if (v === undefined || !isNumericPrerelease(v)) continue;
    const base = releaseKey(v);
    const reasons: string[] = [];
    if (releases.has(base)) reasons.push(`channel ${q(ch.name)} also contains ${base}`);
    const replaced = b.replaces !== '' ? ch.bundles.get(b.replaces) : undefined;
    if (replaced?.version !== undefined && compareVersions(v, replaced.version) < 0) {
      reasons.push(
        `it replaces ${q(replaced.name)}, whose version ${formatVersion(replaced.version)} is higher`,
      );
    }
    if (reasons.length === 0) continue;
    out.push(
      finding(
        'prerelease-as-build-number',
        'warning',
        `version ${formatVersion(v)} of ${q(b.name)} uses a numeric prerelease as a build number, but semver ` +
          `sorts it below ${base} (${reasons.join('; ')}). Use the olm.package "release" field and the ` +
          `bundle name <package>-v<version>-<release> instead.`,
        { package: ch.package, channel: ch.name, bundle: b.name },
        bundleRef(ch, b, packagePropertyPath(b, 'version')),
      ),
    );
  }
}

function channelWarnings(
  p: ModelPackage,
  ch: ModelChannel,
  versionsOf: (c: ModelChannel) => readonly Version[],
  out: Diagnostic[],
): void {
  if (ch.bundles.size === 0) return;
  skippedReplacesTargets(p, ch, out);

  const releases = new Set<string>();
  for (const b of ch.bundles.values()) {
    if (b.version !== undefined && b.version.pre.length === 0) releases.add(releaseKey(b.version));
  }

  for (const b of ch.bundles.values()) {
    skipsOnly(ch, b, out);
    if (b.skipRange === '') continue;
    const r = parseSkipRange(b.skipRange);
    if (r instanceof SemverError) continue; // opm's R63
    if (b.version !== undefined) skipRangeAboveVersion(ch, b, r, b.version, out);
    skipRangeCoversNothing(p, ch, b, r, versionsOf, out);
  }
  prereleaseAsBuildNumber(ch, releases, out);
}

/** #14: a blob whose schema is one slip away from a known one is silently ignored by opm. */
export function schemaTypoWarnings(others: readonly DeclOther[], out: Diagnostic[]): void {
  if (others.length === 0) return;
  // The near-miss test loads on demand (hostile-registry.ts); the open awaits it when needed.
  const checks = hostileIfLoaded();
  if (!checks) return;
  for (const o of others) {
    const known = checks.closestKnownSchema(o.schema);
    if (known === undefined) continue;
    const scope: { package?: string } = {};
    if (o.package !== '') scope.package = o.package;
    out.push(
      finding(
        'schema-typo',
        'warning',
        `schema ${q(o.schema)} is not a schema opm knows; did you mean ${q(known)}? opm keeps blobs with ` +
          `unknown schemas without reading them, so this one has no effect.`,
        scope,
        refTo(o.origin, o.raw, ['schema']),
      ),
    );
  }
}

/**
 * Lifecycle blobs (`io.openshift.operators.lifecycles.v1alpha1`, src/core/lifecycle): opm keeps them
 * unread, as any unknown schema. Their checks come with the on-demand module (hostile-registry.ts),
 * which a catalog holding unknown-schema blobs has loaded before it is validated, so start-up code
 * does not carry the reader.
 */
export function lifecycleBlobWarnings(dc: DeclarativeConfig, out: Diagnostic[]): void {
  if (dc.others.length > 0) hostileIfLoaded()?.lifecycleWarnings(dc, out);
}

/**
 * #19: `.indexignore` patterns that leave no file to load. opm validates the empty catalog and
 * passes it (so do we); a catalog that vanished behind a pattern such as `*` deserves a word.
 */
export function everythingIgnoredWarning(
  ignored: readonly string[] | undefined,
  loaded: readonly string[] | undefined,
  out: Diagnostic[],
): void {
  if (!ignored?.length || loaded === undefined || loaded.length > 0) return;
  const n = ignored.length;
  const d = finding(
    'indexignore-hides-everything',
    'warning',
    `.indexignore ignores all ${n} file${n === 1 ? '' : 's'} of the catalog, so nothing is left to validate: ` +
      'the catalog is empty.',
    {},
    undefined,
  );
  out.push(d);
}

/** The warnings about one package (they depend on nothing outside it). */
export function packageWarnings(p: ModelPackage, out: Diagnostic[]): void {
  // Each channel's versions, sorted, made when a skipRange first asks for them.
  const sorted = new Map<ModelChannel, Version[]>();
  const versionsOf = (c: ModelChannel): Version[] => {
    let vs = sorted.get(c);
    if (vs === undefined) {
      vs = [...c.bundles.values()].flatMap((x) => (x.version === undefined ? [] : [x.version]));
      sorted.set(c, vs.sort(compareVersions));
    }
    return vs;
  };
  for (const ch of p.channels.values()) channelWarnings(p, ch, versionsOf, out);
}

/** Every FBC Studio warning for a converted model (and the declcfg, for blobs the model does not keep). */
export function catalogWarnings(model: Model, dc: DeclarativeConfig): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const p of model.packages.values()) packageWarnings(p, out);
  schemaTypoWarnings(dc.others, out);
  lifecycleBlobWarnings(dc, out);
  return out;
}
